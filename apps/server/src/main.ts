import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { seedDatabase } from './seed/seed-database.ts'
import { ensureFirstAdmin } from './staff/staff-accounts.ts'
import { takeWriterLock, waitForWriterLock, type WriterLock } from './db/writer-lock.ts'
import { DEFAULT_RATE_LIMITS } from './http/route-deps.ts'
import { outboxMessenger } from './messaging/outbox.ts'
import { SessionRevocations } from './users/sessions.ts'
import { startPeerBus } from './realtime/peer-bus.ts'
import { staffEvents } from './events/staff-events.ts'
import { smtpTransport } from './messaging/transports.ts'
import { smsTransportFromUrl } from './messaging/sms-transports.ts'
import { simulatedInstruments } from './market/open-market.ts'
import { readTickFile, replaySource, simulatorSource, type PriceSource } from './market/price-source.ts'
import { startLiveServices } from './live-services.ts'
import { openFilesystemUploads } from './uploads/uploads.ts'
import { loadVapidKeys } from './notices/vapid-keys.ts'
import { vapidSubject, webPushTransport } from './notices/push-transport.ts'
import { BROWSER_PUSH_SERVICES, pushEndpointPolicy } from './notices/push-endpoints.ts'
import { startNoticeDelivery } from './notices/notice-delivery.ts'
import { PlatformMetrics } from './ops/metrics.ts'
import { openRedis, type Redis } from './db/redis.ts'
import { startGatewayServices } from './gateway-services.ts'
import type { MarketData } from './market/market-data.ts'
import { readFixConfig, type FixConfig } from './fix/provider-config.ts'
import { fixPriceSource } from './fix/fix-price-source.ts'
import { fixHedgeVenue } from './fix/fix-hedge-venue.ts'
import { databaseSequences } from './fix/sequence-store.ts'
import type { FixLog } from './fix/jspurefix.ts'
import type { ProviderStatus } from '@tp/engine'

// The composition root: read settings, wire the adapters together, start, and stop cleanly.
const loaded = loadConfig(process.env)
if (!loaded.ok) {
  console.error(`Invalid settings:\n  ${loaded.errors.join('\n  ')}`)
  process.exit(1)
}
const config = loaded.config
mkdirSync(config.dataDir, { recursive: true })
// Liquidity providers' sessions (PRICE_SOURCE=fix:<file>) are checked whole before anything starts.
let fixConfig: FixConfig | undefined
try {
  if (config.PRICE_SOURCE.startsWith('fix:'))
    fixConfig = readFixConfig(config.PRICE_SOURCE.slice('fix:'.length))
} catch (error) {
  console.error(`Invalid settings:\n  PRICE_SOURCE: ${(error as Error).message}`)
  process.exit(1)
}

const role = config.ROLE
// Until the app's logger exists, a dropped idle database connection is reported on stderr.
let reportIdleError = (error: Error) => console.error(`database connection dropped: ${error.message}`)
// Shared by every process when there are several (issue 27): rate limits and sign-in limits, and
// between gateways and the engine, commands, ticks and the owners' messages (each on a connection
// of its own where it blocks or subscribes).
const redisOf = () =>
  openRedis(config.REDIS_URL as string, (error) => reportIdleError(new Error(`redis: ${error.message}`)))
const redis = config.REDIS_URL ? redisOf() : undefined
// An engine leads only once it can hear the gateways: without Redis it would hold the lock and
// answer no one, while a standby that can hear them waits.
if (role === 'engine')
  await untilRedisAnswers(redis as Redis, (reason) =>
    console.info(`engine ${config.PROCESS_NAME} waiting for Redis: ${reason}`),
  )
// What /metrics reports; its gauges read the hub and the desk once they run.
const metricSources = {
  sockets: () => 0,
  engineQueue: () => 0,
  providers: (): ProviderStatus[] => [],
}
const metrics = new PlatformMetrics({
  sockets: () => metricSources.sockets(),
  engineQueue: () => metricSources.engineQueue(),
  providers: () => metricSources.providers(),
})
const openTheDatabase = () =>
  openDatabase({
    ...(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: join(config.dataDir, 'pglite') }),
    onIdleError: (error) => reportIdleError(error),
    onQuery: () => metrics.dbQueries.inc(),
  })
// An engine opens (and migrates) its database before it waits for the lock, so that a standby leads
// the sooner; the one process takes its lock first (two must never open one embedded database).
const openedEarly = role === 'engine' ? await openTheDatabase() : undefined
// The right to write trading state: the one process (ROLE=all) or the leading engine; a gateway
// writes none. A second engine stands by until the leader's lock is free (decision 049).
let writerLock: WriterLock | undefined
try {
  if (role === 'engine')
    writerLock = await waitForWriterLock(config.DATABASE_URL as string, {
      retryMs: 500,
      onWaiting: (reason) => console.info(`engine ${config.PROCESS_NAME} standing by: ${reason}`),
    })
  else if (role === 'all')
    writerLock = await takeWriterLock(
      config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir },
    )
} catch (error) {
  console.error(`Cannot start: ${(error as Error).message}`)
  process.exit(1)
}
const database = openedEarly ?? (await openTheDatabase())
const leadingSinceMs = Date.now()
// Reference data and the first admin are the writer's to make (a gateway may start first and wait).
if (writerLock) {
  await seedDatabase(database.db)
  const firstAdmin = await ensureFirstAdmin(database.db, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  })
  if (!firstAdmin.ok) console.error(`ADMIN_EMAIL: the first admin was not created (${firstAdmin.reason})`)
  else if (firstAdmin.value)
    console.info(`back office: admin ${config.ADMIN_EMAIL} created; set up TOTP at /admin`)
}
const now = () => Date.now()
// Until the app's logger exists, errors of the live services go to stderr.
let reportError = (error: unknown, context: string) => console.error(context, error)
let reportTickRefused = (report: object) => console.warn('price tick refused', report)
let reportCommand = (_line: object) => {}
let reportFix: FixLog = (level, message, fields) =>
  console[level === 'warn' ? 'warn' : level](message, fields)
/** Where prices come from (PRICE_SOURCE): liquidity providers over FIX, a file of ticks, or the simulator. */
const priceSource = (market: MarketData): PriceSource => {
  if (fixConfig) {
    const source = fixPriceSource(fixConfig, {
      instruments: market.allInstruments(),
      keeper: databaseSequences(database.db),
      clock: now,
      log: (level, message, fields) => reportFix(level, message, fields),
      onRefused: (report) => reportTickRefused(report),
      metrics: {
        taken: (provider) => metrics.providerTicks.inc({ provider }),
        refused: (provider, reason) => metrics.providerRefusals.inc({ provider, reason }),
      },
    })
    metricSources.providers = () => source.status()
    return source
  }
  if (config.PRICE_SOURCE.startsWith('replay:'))
    return replaySource(readTickFile(config.PRICE_SOURCE.slice('replay:'.length)), now, { loop: true })
  return simulatorSource(simulatedInstruments(market, now()), now)
}
const live = writerLock
  ? await startLiveServices(database.db, {
      nowMs: now(),
      historyCandles: config.MARKET_HISTORY_CANDLES,
      source: priceSource,
      onError: (error, context) => reportError(error, context),
      clock: now,
      onTickRefused: (report) => reportTickRefused(report),
      writer: writerLock,
      // Hedging runs where some provider takes orders (decision 051).
      ...(fixConfig?.providers.some((p) => p.orders) && {
        hedging: {
          venue: fixHedgeVenue(fixConfig, {
            keeper: databaseSequences(database.db),
            clock: now,
            log: (level, message, fields) => reportFix(level, message, fields),
          }),
          log: (level, message, fields) => reportFix(level, message, fields),
        },
      }),
      houseTraders: config.HOUSE_TRADERS === undefined ? !process.env.VITEST : config.HOUSE_TRADERS === '1',
      onFatal: (message) => {
        reportError(new Error(message), 'stopping: trading cannot go on')
        process.exit(1)
      },
      metrics,
      ...(role === 'engine' && {
        engine: {
          redis: redis as Redis,
          reader: redisOf(),
          name: config.PROCESS_NAME,
          namespace: config.REDIS_PREFIX,
          onAnswered: (line) => reportCommand(line),
          // A lost lock ends this process at once (its supervisor starts it again as a standby).
          regainWriterMs: 0,
        },
      }),
    })
  : await startGatewayServices(database.db, {
      redis: redis as Redis,
      answers: redisOf(),
      relay: redisOf(),
      name: config.PROCESS_NAME,
      namespace: config.REDIS_PREFIX,
      clock: now,
      metrics,
      onError: (error, context) => reportError(error, context),
      onTickRefused: (report) => reportTickRefused(report),
    })
const tradingAfterMs = Date.now() - leadingSinceMs
const { market } = live
metricSources.sockets = () => live.topics.socketCount
metricSources.engineQueue = () => live.desk.queueDepth

const appsDir = fileURLToPath(new URL('../../', import.meta.url))
const messenger = outboxMessenger(
  database.db,
  {
    ...(config.SMTP_URL ? { email: smtpTransport(config.SMTP_URL, config.MAIL_FROM) } : {}),
    ...(config.SMS_URL ? { sms: smsTransportFromUrl(config.SMS_URL) } : {}),
  },
  { warn: (obj, msg) => app.log.warn(obj, msg), info: (obj, msg) => app.log.info(obj, msg) },
)
const vapidKeys = await loadVapidKeys(
  config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
    ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
    : undefined,
  join(config.dataDir, 'vapid-keys.json'),
)
const push = webPushTransport(vapidKeys, vapidSubject(config.PUBLIC_URL, config.MAIL_FROM))
const sessionRevocations = new SessionRevocations()
// With several processes (ROLE=all is one alone), sessions ended and new back-office items reach
// every process at once.
const peers =
  role !== 'all' && redis
    ? await startPeerBus({
        redis,
        subscriber: redisOf(),
        namespace: config.REDIS_PREFIX,
        revocations: sessionRevocations,
        staffEvents,
        onError: (error, context) => reportError(error, context),
      })
    : undefined
const app = await buildApp(
  {
    db: database.db,
    clock: () => new Date(),
    messenger,
    webPush: {
      publicKey: push.publicKey,
      endpoints: pushEndpointPolicy(config.PUSH_SERVICES ?? BROWSER_PUSH_SERVICES),
    },
    rateLimits: DEFAULT_RATE_LIMITS,
    publicUrl: config.PUBLIC_URL,
    market,
    topics: live.topics,
    desk: live.desk,
    reads: live.reads,
    errands: live.errands,
    sessionRevocations,
    uploads: await openFilesystemUploads(config.dataDir, config.UPLOAD_SIGNING_KEY),
    metrics,
    providers: () => metricSources.providers(),
    ...('hedger' in live && live.hedger && { hedger: live.hedger }),
    ...(config.METRICS_TOKEN && { metricsToken: config.METRICS_TOKEN }),
    ...(redis && { redis, redisNamespace: config.REDIS_PREFIX }),
  },
  {
    logger: { level: config.LOG_LEVEL },
    https: config.PUBLIC_URL.startsWith('https://'),
    trustProxy: config.TRUST_PROXY,
    corsOrigins: config.CORS_ORIGINS,
    webDist: join(appsDir, 'web/dist'),
    adminDist: join(appsDir, 'admin/dist'),
    backOffice: role !== 'gateway',
  },
)
reportIdleError = (error) => app.log.warn({ err: error.message }, 'database connection dropped while idle')
reportError = (err, context) => app.log.error({ err }, context)
reportTickRefused = (report) => app.log.warn(report, 'price tick refused')
reportCommand = (line) => app.log.debug(line, 'command from a gateway')
reportFix = (level, message, fields) => app.log[level](fields, message)
// Notices go out by push and e-mail after their commit, beside the desk (decision 044).
const delivery =
  writerLock &&
  startNoticeDelivery({
    db: database.db,
    push,
    messenger,
    name: (id) => market.instrument(id)?.showCode,
    publicUrl: config.PUBLIC_URL,
    clock: () => new Date(),
    onError: (error, context) => reportError(error, context),
    pollMs: 1000,
  })

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  app.log.info({ signal }, 'shutting down')
  await live.stop()
  await peers?.stop()
  await delivery?.stop()
  await app.close()
  await database.close()
  redis?.disconnect()
  await writerLock?.release()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ port: config.PORT, host: config.HOST })
app.log.info(
  {
    role,
    name: config.PROCESS_NAME,
    database: database.driver,
    smtp: Boolean(config.SMTP_URL),
    url: config.PUBLIC_URL,
    prices: config.PRICE_SOURCE,
    instruments: market.instruments().length,
    // How long leading took, from the writer lock to trading (a standby's takeover) and to listening.
    ...(writerLock && { leadingInMs: { trading: tradingAfterMs, listening: Date.now() - leadingSinceMs } }),
  },
  'platform started',
)

/** Resolves once Redis answers a PING (tried every second; the reason of a failure said once). */
async function untilRedisAnswers(client: Redis, onWaiting: (reason: string) => void): Promise<void> {
  let said = ''
  for (;;) {
    try {
      await client.ping()
      return
    } catch (error) {
      const reason = (error as Error).message
      if (reason !== said) onWaiting(reason)
      said = reason
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
}
