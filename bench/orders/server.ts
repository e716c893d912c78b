/**
 * The platform as bench/orders measures it: the real app (buildApp, market feed, trading desk) on
 * PGlite or PostgreSQL, plus one extra route, the baseline: it authenticates like the trading calls
 * and writes one row per request in its own transaction. Started by run.ts; reports over IPC.
 */
import { mkdtempSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { buildApp } from '../../apps/server/src/app.ts'
import { openDatabase } from '../../apps/server/src/db/client.ts'
import { seedDatabase } from '../../apps/server/src/seed/seed-database.ts'
import { requireSession, sessionOf } from '../../apps/server/src/http/auth-guard.ts'
import { ok } from '../../apps/server/src/http/envelope.ts'
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../apps/server/src/http/route-deps.ts'
import { simulatedInstruments } from '../../apps/server/src/market/open-market.ts'
import { startLiveServices } from '../../apps/server/src/live-services.ts'
import { processLocalLock } from '../../apps/server/src/db/writer-lock.ts'
import { simulatorSource } from '../../apps/server/src/market/price-source.ts'
import { outboxMessenger } from '../../apps/server/src/messaging/outbox.ts'
import { setSetting } from '../../apps/server/src/settings/settings.ts'
import { SessionRevocations } from '../../apps/server/src/users/sessions.ts'
import { openFilesystemUploads } from '../../apps/server/src/uploads/uploads.ts'
import { NO_PUSH_SERVICES } from '../../apps/server/src/notices/push-endpoints.ts'

const url = process.env.BENCH_DATABASE_URL
const database = url ? await openDatabase({ url }) : await openDatabase({ dataDir: 'memory://' })
const { db } = database
await seedDatabase(db)
// Every bench user can afford thousands of orders.
await setSetting(db, 'demo_starting_balance', '1000000000')
await db.execute(
  sql`create table if not exists bench_rows (id bigserial primary key, user_id integer not null, body text not null, created_at timestamptz not null default now())`,
)

const clock = () => new Date()
const live = await startLiveServices(db, {
  nowMs: Date.now(),
  historyCandles: 20,
  source: (market) => simulatorSource(simulatedInstruments(market, Date.now()), Date.now),
  onError: (error, context) => console.error(context, error),
  clock: Date.now,
  onTickRefused: (report) => console.warn('price tick refused', report),
  writer: processLocalLock(),
  onFatal: (message) => {
    console.error(message)
    process.exit(1)
  },
})
const unlimited = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((k) => [k, { max: 1_000_000, timeWindowMs: 60_000 }]),
) as unknown as RateLimits
const app = await buildApp(
  {
    db,
    clock,
    messenger: outboxMessenger(db, {}, { warn: () => {}, info: () => {} }),
    rateLimits: unlimited,
    market: live.market,
    topics: live.topics,
    desk: live.desk,
    reads: live.reads,
    errands: live.errands,
    sessionRevocations: new SessionRevocations(),
    uploads: await openFilesystemUploads(mkdtempSync(join(tmpdir(), 'bench-uploads-')), undefined),
    webPush: { publicKey: '', endpoints: NO_PUSH_SERVICES },
  },
  { logger: false, https: false },
)
const signedIn = { preHandler: requireSession(db, clock) }
app.get('/bench/baseline', signedIn, async (request) => {
  const { userId } = sessionOf(request)
  await db.transaction((tx) =>
    tx.execute(sql`insert into bench_rows (user_id, body) values (${userId}, ${request.url})`),
  )
  return ok(request, null)
})
await app.listen({ port: 0, host: '127.0.0.1' })
const port = (app.server.address() as AddressInfo).port

process.on('message', async (message: { type: string }) => {
  if (message.type === 'count') {
    const orders = await db.execute(sql`select count(*)::int as n from orders`)
    const rows = await db.execute(sql`select count(*)::int as n from bench_rows`)
    const n = (result: unknown) =>
      ((result as { rows: { n: number }[] }).rows ?? (result as { n: number }[]))[0]?.n
    process.send?.({ type: 'count', orders: n(orders), baseline: n(rows) })
  }
  if (message.type === 'stop') {
    await live.stop()
    await app.close()
    await database.close()
    process.exit(0)
  }
})
process.send?.({ type: 'ready', port, driver: database.driver })
