import {
  DAY_MARKET_TOPIC,
  dayMarketTopic,
  klineTopic,
  marketDepthTopic,
  type MarketDepthMessage,
} from '@tp/contracts'
import { isOnPriceGrid, markedQuote, tickRefusal, type TickRefusal } from '@tp/engine'
import type { Db } from '../db/client.ts'
import type { TopicHub } from '../realtime/topic-hub.ts'
import { saveCandles, saveLastQuotes } from './candle-store.ts'
import type { Depth, MarketData, Tick } from './market-data.ts'
import { groupDayMessage, groupTopic } from './group-quotes.ts'
import type { PriceSource } from './price-source.ts'

/**
 * Candles and last quotes changed by ticks are written this often (a crash loses at most this much of
 * them: a restart after one may take a quote up to this much older than the last one taken before).
 */
export const CANDLE_FLUSH_MS = 1000
/** How far past the server's clock a tick may be stamped: clocks of a feed and a server drift a little. */
export const TICK_FUTURE_TOLERANCE_MS = 1000
/** Refused ticks are logged at most this often per instrument and reason (a broken feed would flood). */
const REFUSAL_LOG_MS = 60_000

export interface MarketFeed {
  /** Applies one tick as if the source had sent it (the source calls this too). */
  push(tick: Tick): void
  /** Writes the changed candles now. */
  flush(): Promise<void>
  /** How many ticks were refused since start, by reason. */
  refusals(): Record<TickRefusal, number>
  stop(): Promise<void>
}

/**
 * Connects a price source to the market: each tick is checked (tickRefusal: a bad one is counted,
 * logged and dropped, so it never moves an instrument's clock), then updates quotes and candles in
 * memory and is published at once (DAY_MARKET, its client groups' own DAY_MARKET@<group> streams,
 * and KLINE.{code} per period); changed candles are
 * written in one batch every CANDLE_FLUSH_MS.
 */
export function startMarketFeed(options: {
  /** Where candles and last quotes are written; none on a gateway process (the engine writes them). */
  db?: Db
  /**
   * The ticks are the house's prices already (a gateway's, relayed from the engine): no markup is
   * added again. Otherwise each tick is a price source's, widened by the instrument's markup.
   */
  marked?: boolean
  market: MarketData
  source: PriceSource
  topics: TopicHub
  /** Every accepted quote, after the market has it (the trading desk). */
  onQuote?: (instrumentId: number, quote: { bid: number; ask: number; timeMs: number }) => void
  /** The source no longer quotes the instrument at all (the trading desk closes its market until the next quote). */
  onHalt?: (instrumentId: number) => void
  onError: (error: unknown) => void
  /** The server's clock, against which tick times are checked. */
  nowMs: () => number
  /** Where refused ticks are reported (counted always, logged now and then). */
  onRefused: (report: { code: string; reason: TickRefusal; count: number; tick: Tick }) => void
}): MarketFeed {
  const { db, market, source, topics } = options
  let writing: Promise<void> | undefined
  const refused: Record<TickRefusal, number> = { invalid: 0, future: 0, off_grid: 0 }
  const lastLogged = new Map<string, number>()

  const refuse = (tick: Tick, reason: TickRefusal) => {
    refused[reason]++
    const key = `${tick.code} ${reason}`
    const now = options.nowMs()
    if (now - (lastLogged.get(key) ?? -Infinity) < REFUSAL_LOG_MS) return
    lastLogged.set(key, now)
    options.onRefused({ code: tick.code, reason, count: refused[reason], tick })
  }

  const push = (source: Tick) => {
    const def = market.instrumentByCode(source.code)
    if (!def) return
    const refusal = tickRefusal(source, def.precision, options.nowMs(), TICK_FUTURE_TOLERANCE_MS)
    if (refusal) return refuse(source, refusal)
    // Clients see and trade at the house's price: the source's, widened by the instrument's markup.
    const tick = options.marked ? source : markedQuote(source, def.markupPoints, def.precision)
    const messages = market.applyTick(tick)
    if (!messages) return
    if (!options.marked) market.noteSourceQuote(def.id, source)
    options.onQuote?.(messages.day.quotation.forex_id, { bid: tick.bid, ask: tick.ask, timeMs: tick.timeMs })
    topics.publish(DAY_MARKET_TOPIC, tick.code, messages.day, tick.timeMs)
    // The same message to the sockets that follow this instrument alone (a trade screen).
    const one = dayMarketTopic(tick.code)
    if (topics.subscriberCount(one) > 0) topics.publish(one, tick.code, messages.day)
    // Each client group with markups hears every quote on its own topics, at its own price.
    for (const group of market.pricedGroups()) {
      const day = groupDayMessage(def, group, messages.day)
      topics.publish(groupTopic(DAY_MARKET_TOPIC, group), tick.code, day, tick.timeMs)
      const oneOfGroup = groupTopic(one, group)
      if (topics.subscriberCount(oneOfGroup) > 0) topics.publish(oneOfGroup, tick.code, day)
    }
    const topic = klineTopic(tick.code)
    if (topics.subscriberCount(topic) === 0) return
    // Keyed by candle, not period alone: a candle's last update is never replaced by the next one's first.
    for (const kline of messages.klines())
      topics.publish(topic, `${kline.kline.Period}:${kline.kline.Time}`, kline)
  }

  const flush = async () => {
    while (writing) await writing
    const changed = market.takeChanged()
    const quotes = market.takeChangedQuotes()
    if (!db || (changed.length === 0 && quotes.length === 0)) return
    writing = saveCandles(db, changed)
      .then(() => saveLastQuotes(db, quotes))
      .catch((error: unknown) => {
        market.returnChanged(changed)
        market.returnChangedQuotes(quotes)
        options.onError(error)
      })
      .finally(() => {
        writing = undefined
      })
    await writing
  }

  const timer = setInterval(() => void flush(), CANDLE_FLUSH_MS)
  timer.unref()
  source.start(push, {
    halt(code) {
      const def = market.instrumentByCode(code)
      if (def) options.onHalt?.(def.id)
    },
    depth(code, depth) {
      const def = market.instrumentByCode(code)
      if (!def || !depthIsSound(depth, def.precision)) return
      const message: MarketDepthMessage = {
        type: 'MARKET_DEPTH',
        symbol: code,
        depth: { in: depth.bids, out: depth.asks },
      }
      topics.publish(marketDepthTopic(code), 'depth', message)
    },
  })

  return {
    push,
    flush,
    refusals: () => ({ ...refused }),
    async stop() {
      await source.stop()
      clearInterval(timer)
      await flush()
    },
  }
}

/**
 * A book a client may be shown: prices on the instrument's grid, positive quantities, bids falling
 * and offers rising from the best, and no bid at or above an offer. Anything else is dropped whole.
 */
function depthIsSound(depth: Depth, precision: number): boolean {
  const sound = (levels: [number, number][], falling: boolean) =>
    levels.every(
      ([price, quantity], i) =>
        price > 0 &&
        quantity > 0 &&
        Number.isFinite(quantity) &&
        isOnPriceGrid(price, precision) &&
        (i === 0 ||
          (falling
            ? price < (levels[i - 1] as [number, number])[0]
            : price > (levels[i - 1] as [number, number])[0])),
    )
  const [bestBid, bestAsk] = [depth.bids[0]?.[0], depth.asks[0]?.[0]]
  return (
    sound(depth.bids, true) &&
    sound(depth.asks, false) &&
    (bestBid === undefined || bestAsk === undefined || bestBid < bestAsk)
  )
}
