import type { ProviderStatus } from '@tp/engine'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp, type AppOptions } from '../src/app.ts'
import { createPostgresDatabase } from './postgres.ts'
import { openDatabase, type Database } from '../src/db/client.ts'
import { seedDatabase } from '../src/seed/seed-database.ts'
import { setTestDepositAddresses } from './deposit-addresses.ts'
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../src/http/route-deps.ts'
import { outboxMessenger, type Channel } from '../src/messaging/outbox.ts'
import type { MessageTransport } from '../src/messaging/transports.ts'
import { setSetting, type SettingKey } from '../src/settings/settings.ts'
import type { Tick } from '../src/market/market-data.ts'
import type { PriceSource } from '../src/market/price-source.ts'
import type { HubLimits } from '../src/realtime/topic-hub.ts'
import type { SocketLimits } from '../src/http/socket/socket-limits.ts'
import { SessionRevocations } from '../src/users/sessions.ts'
import { silentSource, startLiveServices } from '../src/live-services.ts'
import type { HedgeVenue } from '../src/hedging/hedge-venue.ts'
import type { HedgerOptions } from '../src/hedging/hedger.ts'
import { processLocalLock, type WriterLock } from '../src/db/writer-lock.ts'
import { openFilesystemUploads } from '../src/uploads/uploads.ts'
import { loadVapidKeys, type VapidKeys } from '../src/notices/vapid-keys.ts'
import { webPushTransport } from '../src/notices/push-transport.ts'
import { pushEndpointPolicy } from '../src/notices/push-endpoints.ts'
import { startNoticeDelivery } from '../src/notices/notice-delivery.ts'
import type { PlatformMetrics } from '../src/ops/metrics.ts'
import type { Redis } from '../src/db/redis.ts'
import { storedReads } from '../src/trading/trading-reads.ts'

/** The databases server tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DRIVERS: ('pglite' | 'postgres')[] = [
  'pglite',
  ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : []),
]

/** Limits high enough that ordinary tests never meet them; rate-limit tests pass their own. */
const GENEROUS_LIMITS: RateLimits = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((k) => [k, { max: 10_000, timeWindowMs: 60_000 }]),
) as unknown as RateLimits

/**
 * Socket budgets that ordinary tests never meet (one floods subscriptions, files open sockets by the
 * hundred from one address); the socket abuse tests pass the real ones.
 */
const GENEROUS_SOCKET_LIMITS: Partial<SocketLimits> = {
  frameBurst: 100_000,
  framesPerSecond: 100_000,
  loginBurst: 10_000,
  loginsPerSecond: 10_000,
  maxSocketsPerAddress: 10_000,
  upgradesPerMinute: 100_000,
}

/** A message as its recipient (or, without a transport, the operator's log) got it. */
export interface DeliveredMessage {
  channel: Channel
  to: string
  subject: string
  text: string
}

/** A clock the test moves by hand. */
export class TestClock {
  constructor(private nowMs = Date.now()) {}
  now = () => new Date(this.nowMs)
  advance(ms: number) {
    this.nowMs += ms
  }
  set(ms: number) {
    this.nowMs = ms
  }
}

/**
 * The latest Wednesday 12:00 UTC at or before `nowMs`, skipping the two days the seeded calendar
 * closes every market but crypto (25 December, 1 January): a moment every seeded market with hours
 * is open, whatever day the tests run on. The server's clock starts there; the browser's clock is
 * the machine's, which the app only uses to show times.
 */
export function tradingWeekdayMs(nowMs = Date.now()): number {
  const DAY_MS = 86_400_000
  const day = new Date(nowMs)
  let at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 12)
  at -= ((day.getUTCDay() - 3 + 7) % 7) * DAY_MS
  if (at > nowMs) at -= 7 * DAY_MS
  const closed = (ms: number) => ['12-25', '01-01'].includes(new Date(ms).toISOString().slice(5, 10))
  while (closed(at)) at -= 7 * DAY_MS
  return at
}

/** A fresh PostgreSQL database per test file, dropped at the end. */
async function openPostgres(onQuery?: () => void): Promise<Database> {
  const fresh = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string)
  const database = await openDatabase({ url: fresh.url, ...(onQuery && { onQuery }) })
  return {
    ...database,
    async close() {
      await database.close()
      await fresh.drop()
    },
  }
}

export interface TestAppOptions {
  /** Read trading state from the database as a gateway process does (trading/trading-reads.ts). */
  storedReads?: true
  rateLimits?: Partial<RateLimits>
  /** Coin deposit addresses as staff would set them (deposit-addresses.ts); false: a fresh install's none. */
  depositAddresses?: boolean
  settings?: Partial<Record<SettingKey, string>>
  emailTransport?: MessageTransport
  /**
   * The SMS provider: by default one that delivers into `delivered`, as a configured SMS_URL would;
   * false is an install without one (mobile sign-up is then not offered).
   */
  sms?: boolean
  /** Candles of history per period and instrument (small by default: seeding is fast). */
  historyCandles?: number
  /** A price source to start; without one, tests push ticks with `tick`. */
  priceSource?: PriceSource
  hubLimits?: Partial<HubLimits>
  /** The writer lock (a process-local one by default: the test database is its own). */
  writer?: WriterLock
  onFatal?: (message: string) => void
  socketLimits?: Partial<SocketLimits>
  /**
   * Where the test clock starts (now by default). A test that trades a market with hours (forex,
   * metals, indices) starts at `tradingWeekdayMs()`, so that it passes on a weekend too.
   */
  startAtMs?: number
  /** What the live services report as failed (logged by default). */
  onError?: (error: unknown, context: string) => void
  /** The database the desk writes through, made from the app's (fault injection; the same by default). */
  tradingDb?: (db: Database['db']) => Database['db']
  /** A tick the feed refused (a test that sends bad ticks on purpose may keep quiet about it). */
  onTickRefused?: (report: { code: string; reason: string; count: number }) => void
  /** How often the desk's clock runs on its own (open-trading.ts); 0: only when the caller runs it. */
  clockCheckMs?: number
  /**
   * Origins of local push services (a test's own, `http://127.0.0.1:port`) a device may subscribe
   * with, besides none: the browsers' services are never reached from a test.
   */
  pushServices?: string[]
  /** How often the notice delivery runs by itself; 0 (the default): only when a test drains it. */
  noticePollMs?: number
  /**
   * Redis for the limits shared between processes, as main.ts opens it from REDIS_URL, with its own
   * key prefix (several test apps given the same prefix share their limits, as processes do).
   */
  redis?: Redis
  /** Metrics as main.ts keeps them (`/metrics`); none by default. */
  metrics?: PlatformMetrics
  metricsToken?: string
  /** The liquidity providers' state the risk view shows (main.ts gives the FIX price source's). */
  providers?: () => ProviderStatus[]
  /** Hedging to a venue made on the app's database (main.ts makes it from the FIX file); none by default. */
  hedging?: { venue: (db: Database['db']) => HedgeVenue } & Partial<Pick<HedgerOptions, 'log' | 'retryMs'>>
  /** App settings such as trusted proxies, CORS origins and a logger (none by default). */
  app?: Partial<Pick<AppOptions, 'trustProxy' | 'corsOrigins' | 'logger' | 'webDist' | 'adminDist'>>
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>

/**
 * A migrated, empty PGlite database as a tarball, kept in the system's temp folder under a hash of
 * the migrations (test files run in fresh module graphs, so a file is what they can share): a fresh
 * in-memory database starts from it in a third of a second instead of two (initdb and migrations).
 * Written to a temporary name and renamed, so a file being written is never read.
 */
async function pgliteTemplate(): Promise<Blob> {
  const folder = fileURLToPath(new URL('../drizzle', import.meta.url))
  const hash = createHash('sha256')
  for (const name of (await readdir(folder)).filter((n) => n.endsWith('.sql')).sort())
    hash.update(name).update(await readFile(join(folder, name)))
  const path = join(tmpdir(), `tp-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`)
  try {
    return new Blob([await readFile(path)])
  } catch {
    const empty = await openDatabase({ dataDir: 'memory://' })
    const dump = await (empty.dump as () => Promise<Blob>)()
    await empty.close()
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()))
    await rename(partial, path)
    return dump
  }
}

/** The real app, listening on a free port, on a fresh database of the given driver. */
export async function startTestApp(driver: 'pglite' | 'postgres', options: TestAppOptions = {}) {
  const metrics = options.metrics
  const onQuery = metrics && (() => metrics.dbQueries.inc())
  const database =
    driver === 'postgres'
      ? await openPostgres(onQuery)
      : await openDatabase({
          dataDir: 'memory://',
          template: await pgliteTemplate(),
          ...(onQuery && { onQuery }),
        })
  const { db } = database
  await seedDatabase(db)
  if (options.depositAddresses !== false) await setTestDepositAddresses(db)
  for (const [key, value] of Object.entries(options.settings ?? {}))
    await setSetting(db, key as SettingKey, value)
  const clock = new TestClock(options.startAtMs)
  // Uploaded images and the URL signing key go to a directory of this app's own, removed on close.
  const uploadsDir = await mkdtemp(join(tmpdir(), 'test-uploads-'))
  const uploads = await openFilesystemUploads(uploadsDir, undefined)
  const vapidKeys = await loadVapidKeys(undefined, join(uploadsDir, 'vapid-keys.json'))
  // Every message as it left the platform, code included: through the e-mail transport, or in the
  // operator's log line when there is none. Tests read codes here, as a customer or an operator
  // would; the outbox keeps them masked.
  const delivered: DeliveredMessage[] = []
  let server = await bootServer(db, clock, uploads, vapidKeys, delivered, options)
  return {
    db,
    clock,
    get base() {
      return server.base
    },
    get market() {
      return server.live.market
    },
    get topics() {
      return server.live.topics
    },
    get feed() {
      return server.live.feed
    },
    get desk() {
      return server.live.desk
    },
    /** The hedger, when the app hedges (options.hedging). */
    get hedger() {
      return server.live.hedger
    },
    get sessionRevocations() {
      return server.sessionRevocations
    },
    /** The notice delivery of the running server: `drain()` sends what is due now. */
    get noticeDelivery() {
      return server.delivery
    },
    /** The VAPID key pair push messages are signed with (a second sender in a test signs as this app). */
    vapidKeys,
    uploads,
    /** Messages as they left the platform (transport or log line), codes included, oldest first. */
    delivered,
    /** Applies a tick now (at the test clock's time unless given). */
    tick: (tick: Omit<Tick, 'timeMs'> & { timeMs?: number }) =>
      server.live.feed.push({ ...tick, timeMs: tick.timeMs ?? clock.now().getTime() }),
    get: (path: string, init?: RequestOptions) => call('GET', `${server.base}${path}`, undefined, init),
    post: (path: string, body?: Record<string, unknown>, init?: RequestOptions) =>
      call('POST', `${server.base}${path}`, body, init),
    /**
     * A restart: the server process stops as it would on a deploy (the desk writes what it holds,
     * the feed its candles) and a new one starts on the same database, rebuilding everything from
     * it; sessions, orders and idempotency keys are what the database kept. Answers not yet sent are
     * lost with the old process.
     */
    async restart() {
      await server.stop()
      server = await bootServer(db, clock, uploads, vapidKeys, delivered, options)
    },
    async close() {
      await server.stop()
      await database.close()
      await rm(uploadsDir, { recursive: true, force: true })
    },
  }
}

/** One server process on `db`: the live services and the HTTP app, listening on a free port. */
async function bootServer(
  db: Database['db'],
  clock: TestClock,
  uploads: Awaited<ReturnType<typeof openFilesystemUploads>>,
  vapidKeys: VapidKeys,
  delivered: DeliveredMessage[],
  options: TestAppOptions,
) {
  const live = await startLiveServices(db, {
    nowMs: clock.now().getTime(),
    historyCandles: options.historyCandles ?? 30,
    source: () => options.priceSource ?? silentSource,
    hubLimits: options.hubLimits,
    // Logged, not thrown: the desk must go on to rebuild itself, as it does in production.
    onError: options.onError ?? ((error, context) => console.error(context, error)),
    clock: () => clock.now().getTime(),
    onTickRefused: options.onTickRefused ?? ((report) => console.warn('price tick refused', report)),
    writer: options.writer ?? processLocalLock(),
    onFatal: options.onFatal ?? ((message) => console.error(message)),
    clockCheckMs: options.clockCheckMs,
    tradingDb: options.tradingDb?.(db),
    metrics: options.metrics,
    ...(options.hedging && {
      hedging: {
        ...options.hedging,
        venue: options.hedging.venue(db),
        log: options.hedging.log ?? (() => {}),
      },
    }),
  })
  const { market, topics, desk } = live
  const sessionRevocations = new SessionRevocations()
  const emailTransport = options.emailTransport
  const transports: Partial<Record<Channel, MessageTransport>> = {}
  if (emailTransport)
    transports.email = {
      async send(message) {
        await emailTransport.send(message)
        delivered.push({ channel: 'email', ...message })
      },
    }
  if (options.sms !== false)
    transports.sms = {
      async send(message) {
        delivered.push({ channel: 'sms', ...message })
      },
    }
  const messenger = outboxMessenger(db, transports, {
    // The app's own logger, as in main.ts (silent unless a test passes one).
    warn: (obj, msg) => app.log.warn(obj, msg),
    info: (obj, msg) => {
      const line = obj as Partial<DeliveredMessage>
      if (msg === 'message kept in the outbox (no transport)' && line.channel && line.to)
        delivered.push({
          channel: line.channel,
          to: line.to,
          subject: line.subject ?? '',
          text: line.text ?? '',
        })
      app.log.info(obj, msg)
    },
  })
  const push = webPushTransport(vapidKeys, 'mailto:test@example.com')
  const app = await buildApp(
    {
      db,
      clock: clock.now,
      messenger,
      webPush: { publicKey: push.publicKey, endpoints: pushEndpointPolicy([], options.pushServices ?? []) },
      rateLimits: { ...GENEROUS_LIMITS, ...options.rateLimits },
      market,
      topics,
      desk,
      // A gateway's reads (from the database) when a test asks for them, else the desk's engine.
      reads: options.storedReads ? storedReads(db, () => market.lastQuotes()) : live.reads,
      errands: live.errands,
      sessionRevocations,
      uploads,
      socketLimits: { ...GENEROUS_SOCKET_LIMITS, ...options.socketLimits },
      ...(options.metrics && { metrics: options.metrics }),
      ...(options.redis && { redis: options.redis }),
      ...(options.metricsToken && { metricsToken: options.metricsToken }),
      ...(options.providers && { providers: options.providers }),
      ...(live.hedger && { hedger: live.hedger }),
    },
    { logger: false, https: false, ...options.app },
  )
  // Tests send up to 1,000 requests at once: Node's default backlog (511) overflowed while the event
  // loop was busy on a loaded machine, and the kernel reset the connections past it (ECONNRESET).
  await app.listen({ port: 0, host: '127.0.0.1', backlog: 2048 })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const delivery = startNoticeDelivery({
    db,
    push,
    messenger,
    name: (id) => market.instrument(id)?.showCode,
    publicUrl: 'http://app.test',
    clock: clock.now,
    onError: options.onError ?? ((error, context) => console.error(context, error)),
    pollMs: options.noticePollMs ?? 0,
  })
  return {
    live,
    sessionRevocations,
    base,
    delivery,
    async stop() {
      await live.stop()
      await delivery.stop()
      await app.close()
    },
  }
}

export interface RequestOptions {
  token?: string
  lang?: string
  json?: boolean
  headers?: Record<string, string>
}

export interface Answer {
  status: number
  headers: Headers
  body: { code: number; msg: string; data: any; reason?: string }
}

/** One HTTP call; bodies go as a urlencoded form unless `json` is set, as the mobile client sends them. */
async function call(
  method: string,
  url: string,
  body: Record<string, unknown> | undefined,
  init: RequestOptions = {},
) {
  const headers: Record<string, string> = { lang: init.lang ?? 'en', ...init.headers }
  if (init.token) headers.authorization = init.token
  let payload: string | undefined
  if (body) {
    if (init.json) {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(body)
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()
    }
  }
  const response = await fetch(url, { method, headers, body: payload })
  return { status: response.status, headers: response.headers, body: await response.json() } as Answer
}
