/**
 * The chat page's own small realtime socket: it signs in with the token and hears CHAT messages,
 * pings every 5 s and reconnects with capped backoff after more than 2 unanswered pings or a close
 * (docs/product.md "Limits"). The app's SocketClient does the same and more, but sharing it would move it
 * into a chunk of its own that the app's first load then fetches separately (and the `/` budget
 * would grow); this page needs only login and one message type.
 */

const HEARTBEAT_MS = 5_000
const MAX_MISSED_PONGS = 2
const CONNECT_TIMEOUT_MS = 5_000
const RECONNECT_BASE_MS = 1_000
const RECONNECT_MAX_MS = 30_000

export interface ChatSocketOptions {
  url: string
  token: string
  onMessage: (message: { type: string; [field: string]: unknown }) => void
  /** Told when the connection is up (true) or lost (false), to show a reconnecting line. */
  onConnected?: (connected: boolean) => void
  createSocket?: (url: string) => WebSocket
}

export function openChatSocket(options: ChatSocketOptions): { close: () => void } {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url))
  let socket: WebSocket | null = null
  let heartbeat: ReturnType<typeof setInterval> | undefined
  let connectTimer: ReturnType<typeof setTimeout> | undefined
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let attempts = 0
  let missed = 0
  let closed = false

  function drop() {
    clearInterval(heartbeat)
    clearTimeout(connectTimer)
    const old = socket
    socket = null
    if (!old) return
    old.onopen = old.onclose = old.onerror = old.onmessage = null
    try {
      old.close()
    } catch {
      // Already closing.
    }
  }

  function retry() {
    drop()
    options.onConnected?.(false)
    if (closed || retryTimer !== undefined) return
    const delayMs = Math.min(RECONNECT_BASE_MS * 2 ** attempts, RECONNECT_MAX_MS)
    attempts += 1
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      open()
    }, delayMs)
  }

  function open() {
    const current = create(options.url)
    socket = current
    connectTimer = setTimeout(retry, CONNECT_TIMEOUT_MS)
    current.onopen = () => {
      clearTimeout(connectTimer)
      attempts = 0
      missed = 0
      current.send(JSON.stringify({ type: 'login', params: options.token }))
      heartbeat = setInterval(() => {
        if (missed > MAX_MISSED_PONGS) return retry()
        missed += 1
        current.send(JSON.stringify({ type: 'ping' }))
      }, HEARTBEAT_MS)
      options.onConnected?.(true)
    }
    current.onclose = retry
    current.onmessage = (event: MessageEvent) => {
      let message: unknown
      try {
        message = JSON.parse(String(event.data))
      } catch {
        return
      }
      if (typeof message !== 'object' || message === null) return
      const typed = message as { type?: unknown }
      if (typeof typed.type !== 'string') return
      if (typed.type === 'pong') missed = 0
      else options.onMessage(message as { type: string })
    }
  }

  open()
  return {
    close() {
      closed = true
      clearTimeout(retryTimer)
      drop()
    },
  }
}
