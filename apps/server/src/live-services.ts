import { marketDepthTopic } from '@tp/contracts'
import type { Order, TradingEngine } from '@tp/engine'
import type { Db } from './db/client.ts'
import type { WriterLock } from './db/writer-lock.ts'
import { startMarketFeed } from './market/market-feed.ts'
import type { MarketData } from './market/market-data.ts'
import { openMarket } from './market/open-market.ts'
import type { PriceSource } from './market/price-source.ts'
import { BROADCAST_TOPIC, DEFAULT_HUB_LIMITS, TopicHub, type HubLimits } from './realtime/topic-hub.ts'
import { openTrading } from './trading/open-trading.ts'
import { deskReads, storedReads } from './trading/trading-reads.ts'
import { seedCatalogue } from './seed/seed-catalogue.ts'
import { startHouseTraders } from './rank/house-traders.ts'
import type { PlatformMetrics } from './ops/metrics.ts'
import type { Redis } from './db/redis.ts'
import { relayNames, startEngineRelay } from './realtime/relay.ts'
import { socketsHere, USER_TOPIC_PREFIX, type AccountWatchers } from './trading/account-push.ts'
import { startCommandConsumer } from './trading/command-stream/engine-consumer.ts'
import { streamNames } from './trading/command-stream/stream-protocol.ts'
import { errandRunner, localErrands } from './http/desk-errands.ts'
import { Hedger, type HedgerOptions } from './hedging/hedger.ts'

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
  /** Hedging (PRICE_SOURCE=fix: with providers that take orders): where orders go, the log, the wait after a reject. */
  hedging?: Pick<HedgerOptions, 'venue' | 'log' | 'retryMs'>
  /**
   * The engine role (ROLE=engine, decision 049): the gateways' commands are read from the Redis
   * stream, and ticks and the owners' messages are relayed to the gateways.
   */
  engine?: EngineLinks
}

export interface EngineLinks {
  /** Answers, acknowledgements and the relay. */
  redis: Redis
  /** The stream's blocking reads. */
  reader: Redis
  /** This engine's name in the stream's consumer group. */
  name: string
  /** A line per command a gateway sent, with its request id (main.ts logs it at debug). */
  onAnswered?: (line: object) => void
  /**
   * How long a leader that lost the writer lock tries to take it back (ms). An engine with a standby
   * stops soon instead: the standby leads, and this process comes back as a standby.
   */
  regainWriterMs?: number
  /** Put before every Redis name (tests keep apart on one Redis). */
  namespace?: string
}

/**
 * What every server process runs beside the HTTP app, wired one way: the market (quotes and
 * candles), the socket hub, the trading desk, and the feed that takes each quote from the source to
 * the market, the desk and the hub. main.ts, the test harness and the benchmarks all start it here.
 */
/** Depth is the source's, which only the engine runs: relayed to the gateways as it is. */
const DEPTH_TOPIC_PREFIX = marketDepthTopic('')

export async function startLiveServices(db: Db, options: LiveServicesOptions) {
  await seedCatalogue(db)
  const market = await openMarket(db, options.nowMs, options.historyCandles)
  const { metrics, engine } = options
  const relay =
    engine &&
    startEngineRelay({ redis: engine.redis, names: relayNames(engine.namespace), onError: options.onError })
  const topics = new TopicHub(
    { ...DEFAULT_HUB_LIMITS, ...options.hubLimits },
    Date.now,
    metrics && ((ms) => metrics.tickToClient.observe(ms / 1000)),
    // The owners' messages, and what every socket hears, go on to the gateways that hold the sockets.
    relay && {
      wants: (topic) =>
        topic.startsWith(USER_TOPIC_PREFIX) ||
        topic === BROADCAST_TOPIC ||
        topic.startsWith(DEPTH_TOPIC_PREFIX),
      send: (topic, key, payload, bornAtMs) => relay.message(topic, key, payload, bornAtMs),
    },
  )
  // The hedger follows the desk's commits; it is made once the desk is (late.hedger).
  const late: { hedger?: Hedger } = {}
  const trading = await openTrading(options.tradingDb ?? db, market, topics, {
    onCommitted: (events) => late.hedger?.committed(events),
    // A rebuilt engine may differ from what the hedger followed (a batch that failed): it reads it again.
    onRebuilt: () => void late.hedger?.rulesChanged(),
    writer: options.writer,
    nowMs: options.clock,
    onError: options.onError,
    onFatal: options.onFatal,
    clockCheckMs: options.clockCheckMs,
    ...(relay && { watchers: everyWatcher(socketsHere(topics), relay.watched) }),
    ...(engine?.regainWriterMs !== undefined && { regainWriterMs: engine.regainWriterMs }),
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
      const code = relay && market.instrument(instrumentId)?.code
      if (code) relay.tick({ code, ...quote })
    },
    onHalt: (instrumentId) => trading.desk.halt(instrumentId),
    onError: (error) => options.onError(error, 'writing candles failed; will retry'),
    nowMs: options.clock,
    onRefused: ({ code, reason, count }) => options.onTickRefused({ code, reason, count }),
  })
  if (options.hedging) {
    late.hedger = new Hedger({
      ...options.hedging,
      db,
      instrument: (id) => market.instrument(id),
      // The providers' own price (before the markup); none while they quote none.
      quote: (id) => market.sourceQuote(id),
      positions: (userId) =>
        userId === undefined ? everyPosition(trading.desk.view) : trading.desk.view.ordersOf(userId),
      clock: options.clock,
    })
    await late.hedger.start()
  }
  const errands = localErrands({ db, desk: trading.desk, market, clock: () => new Date(options.clock()) })
  const consumer =
    engine &&
    startCommandConsumer({
      reader: engine.reader,
      writer: engine.redis,
      names: streamNames(engine.namespace),
      consumer: engine.name,
      desk: trading.desk,
      errands: errandRunner(errands),
      ...(engine.onAnswered && { onAnswered: engine.onAnswered }),
      onError: options.onError,
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
    reads: deskReads(
      () => trading.desk,
      storedReads(db, () => market.lastQuotes()),
    ),
    errands,
    feed,
    /** Passes client risk on to providers (only with a hedge venue). */
    hedger: late.hedger,
    /** Stops the house traders and the feed (writing its last candles), lets the desk commit, and closes the hub. */
    async stop() {
      await consumer?.stop()
      await house?.stop()
      await feed.stop()
      await trading.stop()
      await late.hedger?.stop()
      relay?.stop()
      topics.close()
    },
  }
}

/** Every order the engine holds (the hedger keeps the positions). */
function* everyPosition(engine: TradingEngine): Iterable<Order> {
  for (const totals of engine.accountTotals()) if (totals.positions > 0) yield* engine.ordersOf(totals.userId)
}

/** Users watched here or on any gateway. */
function everyWatcher(here: AccountWatchers, elsewhere: () => ReadonlySet<number>): AccountWatchers {
  return {
    *watched() {
      const remote = elsewhere()
      yield* remote
      for (const userId of here.watched()) if (!remote.has(userId)) yield userId
    },
    isWatched: (userId) => elsewhere().has(userId) || here.isWatched(userId),
  }
}

/** A source that emits nothing: whoever holds the feed pushes ticks itself. */
export const silentSource: PriceSource = { start() {}, stop() {} }
