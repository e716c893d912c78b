import { connect, createServer } from 'node:net'
import { SessionCalendar, roundPrice } from '@tp/engine'
import { simulatorSource, type PriceSource } from '../market/price-source.ts'
import { sessionDescription, type FixLog } from './jspurefix.ts'
import { ProviderSession } from './provider-session.ts'
import { memorySequences, sessionStores } from './sequence-store.ts'
import { startAcceptor } from './session-runner.ts'
import { TestOrderDesk, type FillMode, type TestFill } from './test-provider-orders.ts'

/** An instrument the test provider quotes, walking as the built-in simulator walks it. */
export interface TestProviderInstrument {
  symbol: string
  anchor: number
  dailyVolatility: number
  precision: number
  spreadPoints: number
  tickIntervalMs: number
}

export interface TestProviderOptions {
  /** Unset: a free port is taken. */
  port?: number
  /** The provider's own CompID, and the one its client logs on with. */
  compId: string
  clientCompId: string
  /** When set, the client must log on with these. */
  username?: string
  password?: string
  heartbeatSeconds?: number
  /**
   * An order session as well, on a port of its own with CompIDs of its own (as providers give them);
   * unset: the provider takes no orders.
   */
  orders?: { port?: number; compId: string; clientCompId: string }
  /** TLS with this certificate and key (PEM): its clients must trust the certificate. */
  tls?: { cert: string; key: string }
  instruments: readonly TestProviderInstrument[]
  seed?: number
  clock?: () => number
  log?: FixLog
}

/** A running test provider, and the ways to make it misbehave. */
export interface TestProvider {
  readonly port: number
  /** Quiet: no prices at all (the session itself goes on: heartbeats, logon). */
  quiet(on: boolean): void
  /** Every connected client's next message comes `count` sequence numbers too late. */
  gap(count: number): void
  /** Drops every connection with no logout. */
  disconnect(): void
  /** Refuses subscriptions to these symbols from now on (a subscription already made goes on). */
  refuse(symbols: readonly string[]): void
  /** The symbol's quote now (what a client should show once it has caught up). */
  quoteOf(symbol: string): { bid: number; ask: number } | undefined
  /** The order session's port (0 when it takes no orders). */
  readonly ordersPort: number
  /** How the next orders are answered: filled, half filled, or rejected. */
  fillMode(mode: FillMode): void
  /** The next `count` execution reports are lost (the orders are filled all the same). */
  loseReports(count: number): void
  /** Every fill it has made. */
  filled(): readonly TestFill[]
  /** How many clients are logged on; how many price messages were sent. */
  stats(): { clients: number; refreshes: number }
  stop(): Promise<void>
}

/** The whole week: the test provider quotes whenever it runs (the platform's own calendars decide trading). */
const ALWAYS = SessionCalendar.utc([{ From: 0, To: 7 * 1440 }])

/**
 * A FIX 4.4 liquidity provider for tests and demos (issue 28), on the same FIX engine as the
 * platform: quotes from the simulator, answers subscriptions, and does on demand what real providers
 * do now and then. It listens on every interface (jspurefix's acceptor ignores the host): run it
 * behind a firewall only.
 */
export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const clock = options.clock ?? Date.now
  // The readiness probe's own connection (see `listening`) ends before a logon: not worth a report.
  let probing = true
  const log: FixLog = (level, message, fields) => {
    if (probing && /transport failed|ended with error/.test(message)) return
    options.log?.(level, message, fields)
  }
  const port = options.port ?? (await freePort())
  const quotes = new Map<string, { bid: number; ask: number }>()
  const precision = new Map(options.instruments.map((i) => [i.symbol, i.precision]))
  const refused = new Set<string>()
  const sessions = new Set<ProviderSession>()
  let quiet = false
  let refreshes = 0

  const source: PriceSource = simulatorSource(
    options.instruments.map((i) => ({
      code: i.symbol,
      walk: { anchor: i.anchor, dailyVolatility: i.dailyVolatility, reversionDays: 20 },
      calendar: ALWAYS,
      precision: i.precision,
      spreadPoints: i.spreadPoints,
      tickIntervalMs: i.tickIntervalMs,
      startMid: i.anchor,
      startMs: clock(),
    })),
    clock,
    options.seed ?? 0,
  )
  source.start((tick) => {
    quotes.set(tick.code, { bid: tick.bid, ask: tick.ask })
    if (quiet) return
    for (const session of sessions) {
      session.quote(tick.code, tick.bid, tick.ask)
      refreshes++
    }
  })
  // A first quote of each at once, so a client's first snapshot has a price.
  for (const i of options.instruments) {
    const half = (i.spreadPoints / 2) * 10 ** -i.precision
    quotes.set(i.symbol, {
      bid: roundPrice(i.anchor - half, i.precision),
      ask: roundPrice(i.anchor + half, i.precision),
    })
  }

  const orderDesk = new TestOrderDesk(
    (symbol) => (refused.has(symbol) ? undefined : quotes.get(symbol)),
    clock,
  )
  const acceptorOn = (port: number, compId: string, clientCompId: string) =>
    startAcceptor({
      description: sessionDescription({
        name: `test-provider-${compId}`,
        role: 'acceptor',
        host: '0.0.0.0',
        port,
        senderCompId: compId,
        targetCompId: clientCompId,
        heartbeatSeconds: options.heartbeatSeconds ?? 5,
        resetOnLogon: false,
        tls: options.tls,
      }),
      makeSession: (config) =>
        new ProviderSession(config, {
          quoteOf: (symbol) => (refused.has(symbol) ? undefined : quotes.get(symbol)),
          bookOf: (symbol, levels) => {
            const quote = quotes.get(symbol)
            const places = precision.get(symbol)
            if (!quote || places === undefined || refused.has(symbol)) return undefined
            // Levels a spread apart, each deeper one larger: a book's usual shape.
            const step = Math.max(quote.ask - quote.bid, 10 ** -places)
            const level = (from: number, sign: number) =>
              Array.from({ length: levels }, (_, i): [number, number] => [
                roundPrice(from + sign * i * step, places),
                (i + 1) * 500_000,
              ])
            return { bids: level(quote.bid, -1), asks: level(quote.ask, 1) }
          },
          order: (request) => orderDesk.order(request),
          orderStatus: (request) => orderDesk.orderStatus(request),
          admits: (user, password) =>
            options.password === undefined ||
            (user === (options.username ?? '') && password === options.password),
          opened: (session) => sessions.add(session),
          closed: (session) => sessions.delete(session),
          problem: (message, fields) => log('warn', message, fields),
        }),
      // The provider's sessions keep their numbers across a client's connections while it runs.
      stores: sessionStores(memorySequences(), { keepSent: 0, onError: (e) => log('error', String(e), {}) }),
      log,
    })
  const acceptor = acceptorOn(port, options.compId, options.clientCompId)
  const ordersPort = options.orders ? (options.orders.port ?? (await freePort())) : 0
  const orderAcceptor =
    options.orders && acceptorOn(ordersPort, options.orders.compId, options.orders.clientCompId)
  await listening(port)
  if (orderAcceptor) await listening(ordersPort)
  setTimeout(() => (probing = false), 500).unref()

  return {
    port,
    quiet: (on) => {
      quiet = on
    },
    gap: (count) => sessions.forEach((s) => s.skipSequence(count)),
    disconnect: () => sessions.forEach((s) => s.cut()),
    refuse: (symbols) => symbols.forEach((s) => refused.add(s)),
    quoteOf: (symbol) => quotes.get(symbol),
    ordersPort,
    fillMode: (mode) => orderDesk.setMode(mode),
    loseReports: (count) => orderDesk.loseReports(count),
    filled: () => orderDesk.filled(),
    stats: () => ({ clients: sessions.size, refreshes }),
    async stop() {
      source.stop()
      for (const session of sessions) session.logOut()
      await acceptor.stop()
      await orderAcceptor?.stop()
    },
  }
}

/** A port no one listens on now (the acceptor throws on a busy one, ending the process). */
async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Waits until the port takes connections (jspurefix says nothing when its acceptor listens). */
async function listening(port: number, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (ok) return
    if (Date.now() > until) throw new Error(`the test provider did not listen on ${port}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
