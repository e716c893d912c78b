import { SOCKET_PATH } from '@tp/contracts/light'
import { queryClient } from './lib/query-client.ts'
import { reportSocketStatus } from './pwa/connectivity.ts'
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
  // Price alerts fire wherever the user is; the notice's code loads with the first one.
  realtime.listen('PRICE_ALERT', (message) => {
    void import('./trading/alert-notice.ts').then((notice) => notice.showAlertNotice(message))
  })
  useSession.subscribe((state, previous) => {
    if (state.token === previous.token) return
    // Another account, or none: what the socket said of the last one no longer holds.
    resetMarginCall()
    if (state.token) realtime.login(state.token)
    else realtime.logout()
  })
  realtime.ensureConnected()
  resumeOnWake()
}

/** Query keys whose refetch would change what the user is in the middle of (a captcha being typed). */
const KEEP_ON_RESUME = new Set<unknown>(['captcha'])

/**
 * Everything the screens show from REST (quotes, positions, balance, ...) is fetched again: after
 * the socket was lost, the pushes of that time never came, so nothing old may stay on screen.
 */
export function refetchShownData(): void {
  void queryClient.invalidateQueries({
    predicate: (query) => !KEEP_ON_RESUME.has(query.queryKey[0]),
    refetchType: 'active',
  })
}

/**
 * A phone that slept, a tab brought back, a network that returned: the socket is checked at once
 * (realtime.resume replaces a dead or silent one without waiting for its backoff), and once a new
 * socket is open after a lost one the REST data is fetched again.
 */
function resumeOnWake(): void {
  const resume = () => {
    if (document.visibilityState === 'visible') realtime.resume()
  }
  document.addEventListener('visibilitychange', resume)
  window.addEventListener('pageshow', resume)
  window.addEventListener('online', resume)
  realtime.onReopen(refetchShownData)
  realtime.onStatus(reportSocketStatus)
}
