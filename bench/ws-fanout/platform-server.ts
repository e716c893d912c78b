/**
 * The platform under test, in its own process: the real app (buildApp, the `/v1/ws` gateway, the
 * TopicHub), the real market feed and the trading desk on a fresh in-memory PGlite, wired as the
 * server tests (apps/server/test/harness.ts) wire them.
 * The price source is silent: this process pushes the ticks itself at the rate the parent asks for.
 *
 * With BENCH_VARIANT=feed (the `feed` scenario, for finding where the platform's time goes) the
 * same market, feed, desk and hub run, but the sockets come through a plain `ws` server instead of
 * Fastify and the gateway. With BENCH_VARIANT=simulator the platform's own simulator (main.ts's
 * default source) makes the ticks at the catalogue's tick intervals and --rate is ignored.
 */
import { mkdtempSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { DAY_MARKET_TOPIC } from '@tp/contracts'
import { buildApp } from '../../apps/server/src/app.ts'
import { openDatabase } from '../../apps/server/src/db/client.ts'
import { seedDatabase } from '../../apps/server/src/seed/seed-database.ts'
import { DEFAULT_RATE_LIMITS } from '../../apps/server/src/http/route-deps.ts'
import { outboxMessenger } from '../../apps/server/src/messaging/outbox.ts'
import { SessionRevocations } from '../../apps/server/src/users/sessions.ts'
import { openFilesystemUploads } from '../../apps/server/src/uploads/uploads.ts'
import { NO_PUSH_SERVICES } from '../../apps/server/src/notices/push-endpoints.ts'
import { simulatedInstruments } from '../../apps/server/src/market/open-market.ts'
import { silentSource, startLiveServices } from '../../apps/server/src/live-services.ts'
import { processLocalLock } from '../../apps/server/src/db/writer-lock.ts'
import { seedCatalogue } from '../../apps/server/src/seed/seed-catalogue.ts'
import { simulatorSource, type PriceSource } from '../../apps/server/src/market/price-source.ts'
import {
  INSTRUMENT_COUNT,
  Ticker,
  serveControl,
  settledMemory,
  type TickDriver,
  type TickingInstrument,
} from './common.ts'
import { startPlainServer } from './plain-server.ts'

const variant = process.env.BENCH_VARIANT

const database = await openDatabase({ dataDir: 'memory://' })
const { db } = database
await seedDatabase(db)
await seedCatalogue(db)
// The catalogue has fewer instruments than the bench ticks: copy the first ones under new codes.
const counted = (await db.execute(sql`select count(*)::int as n from instruments`)) as {
  rows: { n: number }[]
}
const n = counted.rows[0]?.n ?? 0
const extra = Math.max(0, INSTRUMENT_COUNT - n)
await db.execute(sql`
  insert into instruments (code, show_code, name, category_id, logo, price_precision, lot_step,
    contract_size, min_lots, max_lots, margin_mode, fee_rate, spread_points, quote_currency, sessions,
    leverage_class, anchor_price, daily_volatility, tick_interval_ms, enabled, sort)
  select code || '_2', show_code || '_2', name || ' (2)', category_id, logo, price_precision, lot_step,
    contract_size, min_lots, max_lots, margin_mode, fee_rate, spread_points, quote_currency, sessions,
    leverage_class, anchor_price, daily_volatility, tick_interval_ms, enabled, sort + 1000
  from instruments order by sort, id limit ${extra}`)

// The trading desk sees every quote, as in main.ts; it holds no positions here.
// The simulator runs from the start; its ticks reach the market only while the parent wants ticks.
let simulating = false
const live = await startLiveServices(db, {
  nowMs: Date.now(),
  historyCandles: 20,
  source: (market): PriceSource => {
    if (variant !== 'simulator') return silentSource
    const ownSource = simulatorSource(simulatedInstruments(market, Date.now()), Date.now)
    return {
      start(emit) {
        ownSource.start((tick) => {
          if (!simulating) return
          emit(tick)
          control.countTick(tick.timeMs)
        })
      },
      stop: () => ownSource.stop(),
    }
  },
  onError: () => {},
  clock: Date.now,
  onTickRefused: (report) => console.warn('price tick refused', report),
  writer: processLocalLock(),
  onFatal: (message) => {
    console.error(message)
    process.exit(1)
  },
})
const { market, topics, feed } = live
const plain = variant === 'feed' ? await startPlainServer(topics) : undefined
const app = plain
  ? undefined
  : await buildApp(
      {
        db,
        clock: () => new Date(),
        messenger: outboxMessenger(db, {}, { warn: () => {}, info: () => {} }),
        rateLimits: DEFAULT_RATE_LIMITS,
        market,
        topics,
        desk: live.desk,
        reads: live.reads,
        errands: live.errands,
        sessionRevocations: new SessionRevocations(),
        uploads: await openFilesystemUploads(mkdtempSync(join(tmpdir(), 'bench-uploads-')), undefined),
        webPush: { publicKey: '', endpoints: NO_PUSH_SERVICES },
        // Every client of the benchmark comes from 127.0.0.1.
        socketLimits: {
          maxSocketsPerAddress: Number.MAX_SAFE_INTEGER,
          upgradesPerMinute: Number.MAX_SAFE_INTEGER,
        },
      },
      { logger: false, https: false },
    )
await app?.listen({ port: 0, host: '127.0.0.1' })

const instruments: TickingInstrument[] = market.instruments().map((def) => ({
  code: def.code,
  id: def.id,
  precision: def.precision,
  spreadPoints: def.spreadPoints,
  bid: market.lastQuote(def.id)?.bid ?? def.walk.anchor,
}))

const ticker = new Ticker(instruments, (tick) => {
  feed.push({ code: tick.code, bid: tick.bid, ask: tick.ask, timeMs: tick.timeMs })
  control.countTick(tick.timeMs)
})
const gate: TickDriver = {
  start: () => (simulating = true),
  stop: () => (simulating = false),
  skipped: 0,
}
const control = serveControl(variant === 'simulator' ? gate : ticker, {
  subscriberCount: () => topics.subscriberCount(DAY_MARKET_TOPIC),
  hubStats: () => ({ ...topics.stats }),
  async close() {
    await live.stop()
    await app?.close()
    await plain?.close()
    await database.close()
  },
})

process.send?.({
  type: 'ready',
  port: plain ? plain.port : (app!.server.address() as AddressInfo).port,
  ...(await settledMemory(20_000)),
  instruments: instruments.length,
})
