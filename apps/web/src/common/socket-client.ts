import {
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_HEARTBEAT_MS,
  SOCKET_MAX_MISSED_PONGS,
  type ClientFrame,
} from '@tp/contracts/light'

/** First reconnect delay; it doubles per failed attempt up to the cap. */
export const RECONNECT_BASE_MS = 1_000
/** A server that stays down is retried twice a minute, not hammered. */
export const RECONNECT_MAX_MS = 30_000
/** Topics one page may hold; the server bounds subscriptions per socket too. */
export const MAX_TOPICS = 64
/**
 * A socket that has said nothing for this long is dead, whatever its readyState says: the server
 * answers a ping every 5 s, so this is three heartbeats (a phone that slept froze our timers).
 */
export const STALE_AFTER_MS = SOCKET_HEARTBEAT_MS * (SOCKET_MAX_MISSED_PONGS + 1)

/**
 * `connecting` until the first socket opens, `open` while one is, `down` once an attempt failed
 * (closed or timed out before it opened, or an open socket dropped) until the next one opens.
 */
export type SocketStatus = 'connecting' | 'open' | 'down'

const OPEN = 1

/** The part of the browser WebSocket the client uses, so tests can pass a fake. */
export interface SocketLike {
  readonly readyState: number
  onopen: ((event: Event) => void) | null
  onclose: ((event: CloseEvent) => void) | null
  onerror: ((event: Event) => void) | null
  onmessage: ((event: MessageEvent) => void) | null
  send(data: string): void
  close(code?: number, reason?: string): void
}

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (id: unknown) => void
  setInterval: (fn: () => void, ms: number) => unknown
  clearInterval: (id: unknown) => void
}

export interface SocketClientOptions {
  url: () => string
  createSocket: (url: string) => SocketLike
  timers?: Timers
  log?: (...args: unknown[]) => void
  /** The clock staleness is measured by (tests pass a fake one). */
  now?: () => number
}

/** A server frame: `type` plus whatever the topic carries. */
export type ServerMessage = { type: string; [field: string]: unknown }
export type MessageHandler = (message: ServerMessage) => void

const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as number),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as number),
}

/**
 * The one realtime connection (docs/product.md "Calls" and "Limits"): pings every 5 s, reconnects with capped
 * backoff when more than 2 pings go unanswered, the connection times out or closes, and restores
 * its login and topic subscriptions after every reconnect.
 */
export class SocketClient {
  private socket: SocketLike | null = null
  private connectTimer: unknown = null
  private heartbeatTimer: unknown = null
  private reconnectTimer: unknown = null
  private missedPongs = 0
  private attempts = 0
  private token: string | null = null
  private loggedIn = false
  private readonly handlers = new Map<string, Set<MessageHandler>>()
  /** Handlers of messages the server sends a signed-in socket unasked (no `sub` frame). */
  private readonly listeners = new Map<string, Set<MessageHandler>>()
  private readonly timers: Timers
  private readonly log: (...args: unknown[]) => void
  private readonly now: () => number
  /** When the current socket last heard from the server (any frame, pongs included). */
  private lastHeardAt = 0
  private everOpened = false
  private currentStatus: SocketStatus = 'connecting'
  private readonly statusListeners = new Set<(status: SocketStatus) => void>()
  private readonly reopenListeners = new Set<() => void>()

  constructor(private readonly options: SocketClientOptions) {
    this.timers = options.timers ?? browserTimers
    this.log = options.log ?? ((...args) => console.debug('[socket]', ...args))
    this.now = options.now ?? (() => Date.now())
  }

  get status(): SocketStatus {
    return this.currentStatus
  }

  /** Called with every change of status; the returned function stops it. */
  onStatus(listener: (status: SocketStatus) => void): () => void {
    this.statusListeners.add(listener)
    return () => this.statusListeners.delete(listener)
  }

  /**
   * Called each time a socket opens after an earlier one was lost (not on the first connection):
   * what the server pushed in between never arrived, so the screens' REST data must be fetched again.
   */
  onReopen(listener: () => void): () => void {
    this.reopenListeners.add(listener)
    return () => this.reopenListeners.delete(listener)
  }

  /**
   * The phone woke up, the page came back or the network returned: a socket that is closed, still
   * waiting for its backoff, or silent for longer than STALE_AFTER_MS is replaced at once (not after
   * the backoff); login and subscriptions follow as after any reconnect. Returns whether it did.
   */
  resume(): boolean {
    const silentMs = this.now() - this.lastHeardAt
    if (this.isOpen && silentMs <= STALE_AFTER_MS) return false
    // A socket still opening is left to its connect timeout, unless it was started before a sleep.
    if (this.socket && !this.isOpen && silentMs <= SOCKET_CONNECT_TIMEOUT_MS) return false
    this.log('resuming', this.socket ? `silent for ${silentMs} ms` : 'no socket')
    this.clearReconnect()
    this.dropSocket()
    if (this.everOpened) this.setStatus('down')
    this.attempts = 0
    this.open()
    return true
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN
  }

  get isLoggedIn(): boolean {
    return this.loggedIn
  }

  get topics(): string[] {
    return [...this.handlers.keys()]
  }

  /** Opens the connection unless one is open or opening; a pending reconnect happens now. */
  ensureConnected(): void {
    if (this.socket) return
    this.clearReconnect()
    this.open()
  }

  login(token: string): void {
    this.token = token
    this.loggedIn = false
    this.send({ type: 'login', params: token })
  }

  logout(): void {
    if (this.token !== null) this.send({ type: 'logout' })
    this.token = null
    this.loggedIn = false
  }

  /** Listens to a topic; the returned function stops listening (and unsubscribes after the last handler). */
  subscribe(topic: string, handler: MessageHandler): () => void {
    let set = this.handlers.get(topic)
    if (!set) {
      if (this.handlers.size >= MAX_TOPICS) throw new Error(`more than ${MAX_TOPICS} socket topics`)
      set = new Set()
      this.handlers.set(topic, set)
      this.send({ type: 'sub', params: topic })
    }
    set.add(handler)
    return () => {
      const current = this.handlers.get(topic)
      if (!current?.delete(handler) || current.size > 0) return
      this.handlers.delete(topic)
      this.send({ type: 'unsub', params: topic })
    }
  }

  /**
   * Listens to a message type the server pushes to the signed-in owner without a subscription
   * (MARGIN_CALL, and FOREX_TRADE too): no `sub` frame is sent, since such a type is no topic the
   * server would accept. The returned function stops listening.
   */
  listen(type: string, handler: MessageHandler): () => void {
    let set = this.listeners.get(type)
    if (!set) {
      set = new Set()
      this.listeners.set(type, set)
    }
    set.add(handler)
    return () => {
      const current = this.listeners.get(type)
      if (current?.delete(handler) && current.size === 0) this.listeners.delete(type)
    }
  }

  /** Closes for good (tests, page unload); no reconnect follows. */
  close(): void {
    this.clearReconnect()
    this.dropSocket()
  }

  private setStatus(status: SocketStatus): void {
    if (status === this.currentStatus) return
    this.currentStatus = status
    for (const listener of [...this.statusListeners]) listener(status)
  }

  private open(): void {
    const socket = this.options.createSocket(this.options.url())
    this.socket = socket
    // The connect timeout and resume() measure from here.
    this.lastHeardAt = this.now()
    this.connectTimer = this.timers.setTimeout(() => {
      this.log('connect timed out')
      this.reconnect()
    }, SOCKET_CONNECT_TIMEOUT_MS)
    socket.onopen = () => this.handleOpen()
    socket.onmessage = (event) => this.handleMessage(event.data)
    socket.onerror = () => this.log('error')
    socket.onclose = (event) => {
      this.log('closed', event.code, event.reason)
      this.reconnect()
    }
  }

  private handleOpen(): void {
    this.clearTimer('connect')
    this.attempts = 0
    this.missedPongs = 0
    this.lastHeardAt = this.now()
    this.heartbeatTimer = this.timers.setInterval(() => this.beat(), SOCKET_HEARTBEAT_MS)
    if (this.token) this.send({ type: 'login', params: this.token })
    for (const topic of this.handlers.keys()) this.send({ type: 'sub', params: topic })
    const reopened = this.everOpened
    this.everOpened = true
    this.setStatus('open')
    if (!reopened) return
    for (const listener of [...this.reopenListeners]) {
      try {
        listener()
      } catch (error) {
        this.log('reopen listener failed', error)
      }
    }
  }

  private beat(): void {
    if (this.missedPongs > SOCKET_MAX_MISSED_PONGS) {
      this.log(`${this.missedPongs} pings unanswered`)
      this.reconnect()
      return
    }
    this.missedPongs += 1
    this.send({ type: 'ping' })
  }

  private handleMessage(data: unknown): void {
    this.lastHeardAt = this.now()
    let message: ServerMessage
    try {
      message = JSON.parse(String(data)) as ServerMessage
    } catch (error) {
      this.log('unparsable frame', error)
      return
    }
    if (typeof message !== 'object' || message === null || typeof message.type !== 'string') return
    if (message.type === 'pong') {
      this.missedPongs = 0
      return
    }
    if (message.type === 'login_result') {
      this.loggedIn = message.code === 1
      return
    }
    this.dispatch(message.type, message)
    // Per-symbol topics such as KLINE.BTCUSDT arrive as type KLINE with a symbol.
    if (typeof message.symbol === 'string') this.dispatch(`${message.type}.${message.symbol}`, message)
  }

  private dispatch(topic: string, message: ServerMessage): void {
    const listeners = this.listeners.get(topic) ?? []
    for (const handler of [...(this.handlers.get(topic) ?? []), ...listeners]) {
      try {
        handler(message)
      } catch (error) {
        this.log('handler failed', topic, error)
      }
    }
  }

  private send(frame: ClientFrame): void {
    if (this.socket?.readyState !== OPEN) return
    this.socket.send(JSON.stringify(frame))
  }

  /** Drops the current socket and schedules the next attempt: 1 s, 2 s, 4 s ... 30 s. */
  private reconnect(): void {
    this.dropSocket()
    this.setStatus('down')
    if (this.reconnectTimer !== null) return
    const delayMs = Math.min(RECONNECT_BASE_MS * 2 ** this.attempts, RECONNECT_MAX_MS)
    this.attempts += 1
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null
      this.open()
    }, delayMs)
  }

  private dropSocket(): void {
    this.clearTimer('connect')
    this.clearTimer('heartbeat')
    this.loggedIn = false
    const socket = this.socket
    this.socket = null
    if (!socket) return
    // Detach first, so the old socket's late close event cannot schedule a second reconnect.
    socket.onopen = null
    socket.onclose = null
    socket.onerror = null
    socket.onmessage = null
    try {
      socket.close()
    } catch (error) {
      this.log('close failed', error)
    }
  }

  private clearTimer(which: 'connect' | 'heartbeat'): void {
    if (which === 'connect' && this.connectTimer !== null) {
      this.timers.clearTimeout(this.connectTimer)
      this.connectTimer = null
    }
    if (which === 'heartbeat' && this.heartbeatTimer !== null) {
      this.timers.clearInterval(this.heartbeatTimer)
      this.heartbeatTimer = null
    }
  }

  private clearReconnect(): void {
    if (this.reconnectTimer === null) return
    this.timers.clearTimeout(this.reconnectTimer)
    this.reconnectTimer = null
  }
}
