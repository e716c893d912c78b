import { SOCKET_PATH } from '@tp/contracts'
import { useSession } from './session/session-store.ts'
import { SocketClient } from './socket-client.ts'
import { watchCatalogue } from './market/instruments-api.ts'
import { resetMarginCall, watchMarginCall } from './trading/margin-call.ts'

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${window.location.host}${SOCKET_PATH}`
}

/** The app's single realtime socket. */
export const realtime = new SocketClient({
  url: socketUrl,
  createSocket: (url) => new WebSocket(url),
})

let started = false

/** Connects once and follows the session: login after sign-in, logout after sign-out. Safe to call again. */
export function startRealtime(): void {
  if (started) return
  started = true
  const token = useSession.getState().token
  if (token) realtime.login(token)
  watchMarginCall(realtime)
  watchCatalogue(realtime)
  useSession.subscribe((state, previous) => {
    if (state.token === previous.token) return
    // Another account, or none: what the socket said of the last one no longer holds.
    resetMarginCall()
    if (state.token) realtime.login(state.token)
    else realtime.logout()
  })
  realtime.ensureConnected()
}
