import type { Db } from './db/client.ts'
import type { WriterLock } from './db/writer-lock.ts'
import { startMarketFeed } from './market/market-feed.ts'
import type { MarketData } from './market/market-data.ts'
import { openMarket } from './market/open-market.ts'
import type { PriceSource } from './market/price-source.ts'
import { DEFAULT_HUB_LIMITS, TopicHub, type HubLimits } from './realtime/topic-hub.ts'
import { openTrading } from './trading/open-trading.ts'
import { deskReads } from './trading/trading-reads.ts'
import { seedCatalogue } from './seed/seed-catalogue.ts'
import { startHouseTraders } from './rank/house-traders.ts'
import type { PlatformMetrics } from './ops/metrics.ts'

export interface LiveServicesOptions {
  nowMs: number
  /** The server's clock (tick times are checked against it). */
  clock: () => number
  /** A tick the feed refused (future, off its price grid, malformed): reported now and then. */
  onTickRefused: (report: { code: string; reason: string; count: number }) => void
  /** Candles of history seeded per period for instruments that have none. */
  historyCandles: number
  /** The price source, chosen once the market (and so the last quotes) is loaded. */
  source: (market: MarketData) => PriceSource
  hubLimits?: Partial<HubLimits>
  /** The lock that makes this process the one writer of trading state. */
  writer: WriterLock
  onError: (error: unknown, context: string) => void
  /** Trading cannot go on (the writer lock is lost for good): the process must stop. */
  onFatal: (message: string) => void
  /** Run the house demo traders (rank/house-traders.ts). Off unless asked: tests never trade behind your back. */
  houseTraders?: boolean
  /** How often the desk's clock runs on its own; 0: only when the caller runs it (open-trading.ts). */
  clockCheckMs?: number
  /**
   * The database the trading desk writes through, when it is not `db` itself: the simulation passes
   * one that fails writes on purpose (apps/server/sim/faulty-db.ts).
   */
  tradingDb?: Db
  /** Where ticks, tick ages and the desk's commits are counted (main.ts; tests and benches go without). */
  metrics?: PlatformMetrics
}

/**
 * What every server process runs beside the HTTP app, wired one way: the market (quotes and
 * candles), the socket hub, the trading desk, and the feed that takes each quote from the source to
 * the market, the desk and the hub. main.ts, the test harness and the benchmarks all start it here.
 */
export async function startLiveServices(db: Db, options: LiveServicesOptions) {
  await seedCatalogue(db)
  const market = await openMarket(db, options.nowMs, options.historyCandles)
  const { metrics } = options
  const topics = new TopicHub(
    { ...DEFAULT_HUB_LIMITS, ...options.hubLimits },
    Date.now,
    metrics && ((ms) => metrics.tickToClient.observe(ms / 1000)),
  )
  const trading = await openTrading(options.tradingDb ?? db, market, topics, {
    writer: options.writer,
    nowMs: options.clock,
    onError: options.onError,
    onFatal: options.onFatal,
    clockCheckMs: options.clockCheckMs,
    ...(metrics && {
      observeCommit: (commands: number, seconds: number) => {
        metrics.commitCommands.observe(commands)
        metrics.commitSeconds.observe(seconds)
      },
    }),
  })
  const feed = startMarketFeed({
    db,
    market,
    source: options.source(market),
    topics,
    onQuote: (instrumentId, quote) => {
      metrics?.ticks.inc()
      trading.desk.tick(instrumentId, quote)
    },
    onError: (error) => options.onError(error, 'writing candles failed; will retry'),
    nowMs: options.clock,
    onRefused: ({ code, reason, count }) => options.onTickRefused({ code, reason, count }),
  })
  const house = options.houseTraders
    ? await startHouseTraders({
        db,
        desk: trading.desk,
        market,
        clock: options.clock,
        onError: options.onError,
      })
    : undefined
  return {
    market,
    topics,
    desk: trading.desk,
    /** Reads of trading state from the desk's engine (trading/trading-reads.ts). */
    reads: deskReads(() => trading.desk),
    feed,
    /** Stops the house traders and the feed (writing its last candles), lets the desk commit, and closes the hub. */
    async stop() {
      await house?.stop()
      await feed.stop()
      await trading.stop()
      topics.close()
    },
  }
}

/** A source that emits nothing: whoever holds the feed pushes ticks itself. */
export const silentSource: PriceSource = { start() {}, stop() {} }
