import type { SocketStatus } from '../socket-client.ts'

/**
 * Whether the app is cut off, for the offline notice: the browser's own view (navigator.onLine) and
 * the realtime socket's status, which common/realtime.ts reports here. Kept apart from the socket
 * so the notice needs nothing but this.
 */
let socketStatus: SocketStatus = 'connecting'
const listeners = new Set<() => void>()

export function reportSocketStatus(status: SocketStatus): void {
  if (status === socketStatus) return
  socketStatus = status
  for (const listener of [...listeners]) listener()
}

export function isOffline(): boolean {
  return !navigator.onLine || socketStatus === 'down'
}

export function subscribeConnectivity(onChange: () => void): () => void {
  listeners.add(onChange)
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    listeners.delete(onChange)
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}
