import {
  DERIVED_PERIODS,
  MAX_KLINE_LIMIT,
  MarketStatus,
  PERIODS,
  STORED_PERIODS,
  isDerivedPeriod,
  type Candle,
  type DayMarketMessage,
  type DayQuotation,
  type Instrument,
  type KlineMessage,
  type LanguageCode,
  type DerivedPeriod,
  type Period,
  type StoredPeriod,
} from '@tp/contracts'
import { CandleBook, bucketStart, derivedBars, formingDerived, percentChange, type Bar } from '@tp/engine'
import type { InstrumentDef } from './catalogue.ts'
import { groupQuote, pricedGroups } from './group-quotes.ts'
import { rolloverUtcMinute, upcomingHolidays, utcWeekWindows } from './market-hours.ts'
import { nameIn } from './instrument-names.ts'
import type { StoredCandle, StoredQuote } from './candle-store.ts'

/** One price update from a source: bid and ask at an instant (Unix ms). */
export interface Tick {
  code: string
  bid: number
  ask: number
  timeMs: number
}

/** An order book from a source that has one: `[price, quantity]` levels, best first on each side. */
export interface Depth {
  bids: [number, number][]
  asks: [number, number][]
}

export interface LastQuote {
  bid: number
  ask: number
  timeMs: number
}

interface LiveInstrument {
  def: InstrumentDef
  book: CandleBook
  /** Closed candles per stored period, oldest first, at most MAX_KLINE_LIMIT. */
  closed: Record<StoredPeriod, Bar[]>
  quote: LastQuote | undefined
}

export interface TickMessages {
  day: DayMarketMessage
  /**
   * The forming candle of every period, built only when someone listens (KLINE.{code}); a derived
   * period's from the stored one under it (a few candles scanned, packages/engine derived-candles.ts).
   */
  klines: () => KlineMessage[]
}

/** The logo a client shows when staff have not uploaded one: drawn by the server from the code. */
export const logoPath = (code: string) => `/v1/api/forex/logo/${encodeURIComponent(code)}.svg`

/**
 * The live market in memory: last quotes, the candles being formed and the recent closed ones of
 * every instrument. Ticks come in through `applyTick`; changed candles wait in `takeChanged` for the
 * writer. No IO here: the feed persists and publishes.
 */
export class MarketData {
  private readonly byId = new Map<number, LiveInstrument>()
  private readonly byCode = new Map<string, LiveInstrument>()
  private readonly changed = new Map<string, StoredCandle>()
  /** Instruments whose quote moved since the writer last took them. */
  private readonly quotesChanged = new Set<number>()
  /** The source's own last quote per instrument, before the house's markup (what the back office compares). */
  private readonly sourceQuotes = new Map<number, { bid: number; ask: number }>()
  /** The client groups with a markup on some instrument: each has quote topics of its own (group-quotes.ts). */
  private priced = new Set<string>()
  /** Told after every catalogue change (the socket gateway moves sockets between group streams). */
  private readonly definitionListeners = new Set<() => void>()

  /**
   * `defs` in display order, disabled instruments included (they are priced but not listed);
   * `recent` holds the stored candles of each instrument and period, oldest first; `lastQuotes` the
   * last quote each instrument's feed took, when one was stored.
   */
  constructor(
    defs: readonly InstrumentDef[],
    recent: ReadonlyMap<number, Record<StoredPeriod, Bar[]>>,
    nowMs: number,
    lastQuotes: ReadonlyMap<number, StoredQuote> = new Map(),
  ) {
    for (const def of defs) this.add(def, recent.get(def.id), nowMs, lastQuotes.get(def.id))
    this.priced = pricedGroups(defs)
  }

  private add(
    def: InstrumentDef,
    stored: Record<StoredPeriod, Bar[]> | undefined,
    nowMs: number,
    last?: StoredQuote,
  ): void {
    const closed = {} as Record<StoredPeriod, Bar[]>
    const current: Partial<Record<StoredPeriod, Bar>> = {}
    for (const period of STORED_PERIODS) {
      const bars = [...(stored?.[period] ?? [])]
      // A candle of the period we are in is still forming: it continues in the book.
      if (bars.at(-1)?.time === bucketStart(nowMs, period)) current[period] = bars.pop()
      closed[period] = bars.slice(-MAX_KLINE_LIMIT)
    }
    const lastMinute = current['1min'] ?? closed['1min'].at(-1)
    // The stored last quote, exact to the millisecond with its own ask; else the last minute's close
    // (its time the minute's start, its ask the catalogue's spread), as before any quote was stored.
    const fromCandle = lastMinute && {
      bid: lastMinute.close,
      ask: addPoints(lastMinute.close, def.spreadPoints, def.precision),
      timeMs: lastMinute.time * 1000,
    }
    const quote =
      last && (!fromCandle || last.timeMs >= fromCandle.timeMs)
        ? { bid: last.bid, ask: last.ask, timeMs: last.timeMs }
        : fromCandle
    const live: LiveInstrument = { def, book: new CandleBook(current), closed, quote }
    this.byId.set(def.id, live)
    this.byCode.set(def.code, live)
  }

  /**
   * Takes the catalogue as staff left it (every instrument, disabled ones included), while running:
   * known instruments keep their quote and candles and take the new terms (a spread shows from the
   * next quote on); new ones start without a quote; ones no longer listed are forgotten.
   */
  replaceDefinitions(defs: readonly InstrumentDef[], nowMs: number): void {
    const known = new Map(this.byId)
    this.byId.clear()
    this.byCode.clear()
    for (const def of defs) {
      const live = known.get(def.id)
      if (!live) {
        this.add(def, undefined, nowMs)
        continue
      }
      live.def = def
      this.byId.set(def.id, live)
      this.byCode.set(def.code, live)
    }
    this.priced = pricedGroups(defs)
    for (const listener of this.definitionListeners) listener()
  }

  /** Calls `listener` after every catalogue change from now on; returns how to stop. */
  onDefinitions(listener: () => void): () => void {
    this.definitionListeners.add(listener)
    return () => this.definitionListeners.delete(listener)
  }

  /** The client groups with a markup on some instrument (decision 052). */
  pricedGroups(): ReadonlySet<string> {
    return this.priced
  }

  /** The instruments clients may see and trade: the enabled ones, in display order. */
  instruments(): InstrumentDef[] {
    return [...this.byId.values()].filter((l) => l.def.enabled).map((l) => l.def)
  }

  /**
   * Every instrument the market prices, disabled ones too: their open positions still need live
   * quotes to close at (the desk and the price source use this list).
   */
  allInstruments(): InstrumentDef[] {
    return [...this.byId.values()].map((l) => l.def)
  }

  instrument(id: number): InstrumentDef | undefined {
    return this.byId.get(id)?.def
  }

  instrumentByCode(code: string): InstrumentDef | undefined {
    return this.byCode.get(code)?.def
  }

  /** Notes the price source's own quote of an instrument, before the house's markup. */
  noteSourceQuote(id: number, quote: { bid: number; ask: number }): void {
    // Kept as given (a source's tick is never changed after it is emitted): no copy on every tick.
    this.sourceQuotes.set(id, quote)
  }

  /** The price source's last quote of the instrument before the markup (on the process that runs the source). */
  sourceQuote(id: number): { bid: number; ask: number } | undefined {
    return this.sourceQuotes.get(id)
  }

  lastQuote(id: number): LastQuote | undefined {
    return this.byId.get(id)?.quote
  }

  /** The last quote of every instrument that has one (what an engine is primed with). */
  lastQuotes(): Map<number, LastQuote> {
    const quotes = new Map<number, LastQuote>()
    for (const [id, live] of this.byId) if (live.quote) quotes.set(id, live.quote)
    return quotes
  }

  isOpen(id: number, nowMs: number): boolean {
    const live = this.byId.get(id)
    return live !== undefined && live.def.calendar.isOpenAt(nowMs)
  }

  /**
   * Folds a tick into the instrument's quote and candles. Returns the messages to publish, or
   * undefined when the tick is refused: an unknown code, a price that is not positive, an ask below
   * the bid, or a time before the last quote (a feed repeating itself).
   */
  applyTick(tick: Tick): TickMessages | undefined {
    const live = this.byCode.get(tick.code)
    if (!live) return undefined
    const valid =
      Number.isFinite(tick.bid) && Number.isFinite(tick.ask) && Number.isFinite(tick.timeMs) && tick.bid > 0
    if (!valid || tick.ask < tick.bid || (live.quote && tick.timeMs < live.quote.timeMs)) return undefined

    live.quote = { bid: tick.bid, ask: tick.ask, timeMs: tick.timeMs }
    this.quotesChanged.add(live.def.id)
    for (const { period, bar } of live.book.apply(tick.bid, tick.timeMs)) {
      const list = live.closed[period]
      list.push(bar)
      if (list.length > MAX_KLINE_LIMIT) list.splice(0, list.length - MAX_KLINE_LIMIT)
      this.markChanged(live.def.id, period, bar)
    }
    for (const period of STORED_PERIODS) {
      const bar = live.book.bar(period)
      if (bar) this.markChanged(live.def.id, period, bar)
    }
    const klines = () => PERIODS.flatMap((period) => formingKline(live, period))
    return { day: dayMarketMessage(live), klines }
  }

  /**
   * The newest `limit` candles of a period, oldest first, the forming one last. With `beforeMs`
   * (Unix ms), only those starting earlier; undefined when memory does not reach back that far (a
   * derived period's too when, without `beforeMs`, memory holds fewer than `limit`, unless `memoryOnly`).
   */
  candles(
    id: number,
    period: Period,
    limit: number,
    beforeMs?: number,
    memoryOnly = false,
  ): Candle[] | undefined {
    const live = this.byId.get(id)
    if (!live) return undefined
    if (isDerivedPeriod(period)) return derivedCandles(live, period, limit, beforeMs, memoryOnly)
    const forming = live.book.bar(period)
    const all = forming ? [...live.closed[period], forming] : live.closed[period]
    const earlier = beforeMs === undefined ? all : all.filter((bar) => bar.time * 1000 < beforeMs)
    const reachesBack = beforeMs === undefined || earlier.length >= limit || all.length < MAX_KLINE_LIMIT
    if (!reachesBack) return undefined
    const first = Math.max(0, earlier.length - limit)
    return toCandles(earlier.slice(first), earlier[first - 1])
  }

  /**
   * The trade_list item of an instrument at `nowMs`, its `NameShowTrans` in `lang` (English when the
   * caller has no language or the catalogue no name in it), its price as a client of `group` sees it
   * (the house's without one: the public list).
   */
  view(def: InstrumentDef, nowMs: number, lang?: LanguageCode, group?: string): Instrument {
    const live = this.byId.get(def.id) as LiveInstrument
    const quote = live.quote && group !== undefined ? groupQuote(def, group, live.quote) : live.quote
    const open = def.calendar.isOpenAt(nowMs)
    return {
      Id: def.id,
      Code: def.code,
      ShowCode: def.showCode,
      Name: def.name,
      NameShowTrans: lang ? nameIn(def.names, def.name, lang) : def.name,
      Logo: def.logo || logoPath(def.code),
      CategoryId: def.categoryId,
      MarketStatus: open ? MarketStatus.Open : MarketStatus.Closed,
      PricePrecision: def.precision,
      Pip: Number(def.lotStep),
      ForexContNum: Number(def.contractSize),
      ForexMinCont: Number(def.minLots),
      ForexMaxCont: Number(def.maxLots),
      MarginMode: def.marginMode,
      ForexFeeRate: Number(def.feeRate),
      ForexPointRate: def.spreadPoints,
      QuoteCurrency: def.quoteCurrency,
      Sessions: utcWeekWindows(def.regularCalendar, nowMs),
      TimeZone: def.timeZone,
      MarketSessions: def.sessions,
      NextOpen: open ? null : (def.calendar.nextOpen(nowMs) ?? null),
      NextClose: open ? (def.calendar.nextClose(nowMs) ?? null) : null,
      Holidays: upcomingHolidays(def, nowMs),
      StopsLevel: def.stopsLevel,
      FreezeLevel: def.freezeLevel,
      MaxAccountLots: def.maxAccountLots === null ? null : Number(def.maxAccountLots),
      SwapLong: Number(def.swap.long),
      SwapShort: Number(def.swap.short),
      SwapMode: def.swap.mode,
      SwapTripleDay: def.swap.tripleDay,
      RolloverMinute: rolloverUtcMinute(def, nowMs),
      HasForexMultiple: def.leverage,
      ForexQuotations: dayQuotation(live),
      LastPrice: quote?.bid ?? 0,
      Bid: quote?.bid ?? 0,
      Ask: quote?.ask ?? 0,
    }
  }

  /** The candles changed since the last call (forming ones as they are now), for the writer. */
  takeChanged(): StoredCandle[] {
    const out = [...this.changed.values()].map((c) => ({ ...c, bar: { ...c.bar } }))
    this.changed.clear()
    return out
  }

  /** The last quotes of the instruments ticked since the last call, for the writer. */
  takeChangedQuotes(): StoredQuote[] {
    const out: StoredQuote[] = []
    for (const id of this.quotesChanged) {
      const quote = this.byId.get(id)?.quote
      if (quote) out.push({ instrumentId: id, ...quote })
    }
    this.quotesChanged.clear()
    return out
  }

  /** Marks again the quotes a failed write did not store (the next write takes their latest). */
  returnChangedQuotes(quotes: readonly StoredQuote[]): void {
    for (const quote of quotes) this.quotesChanged.add(quote.instrumentId)
  }

  /** Puts back candles a failed write did not store, unless a newer state of them is waiting. */
  returnChanged(items: readonly StoredCandle[]): void {
    for (const item of items) {
      const key = changeKey(item.instrumentId, item.period, item.bar.time)
      if (!this.changed.has(key)) this.changed.set(key, item)
    }
  }

  private markChanged(instrumentId: number, period: StoredPeriod, bar: Bar) {
    this.changed.set(changeKey(instrumentId, period, bar.time), { instrumentId, period, bar })
  }
}

/**
 * A derived period's candles from the stored ones in memory. Memory holds at most MAX_KLINE_LIMIT
 * candles of the period under it: when it is full its oldest bucket may be partial and is left out,
 * and a read it cannot fill is undefined (the route reads the store).
 */
function derivedCandles(
  live: LiveInstrument,
  period: DerivedPeriod,
  limit: number,
  beforeMs: number | undefined,
  memoryOnly: boolean,
): Candle[] | undefined {
  const from = DERIVED_PERIODS[period].from
  const forming = live.book.bar(from)
  const source = forming ? [...live.closed[from], forming] : live.closed[from]
  const whole = source.length < MAX_KLINE_LIMIT
  const all = derivedBars(source, period, whole)
  const earlier = beforeMs === undefined ? all : all.filter((bar) => bar.time * 1000 < beforeMs)
  // One more than asked when it can: the candle before the first gives the first its `Change`.
  if (!memoryOnly && !whole && earlier.length <= limit) return undefined
  const first = Math.max(0, earlier.length - limit)
  return toCandles(earlier.slice(first), earlier[first - 1])
}

/** The forming candle of a period as a KLINE message, when a price has come in it. */
function formingKline(live: LiveInstrument, period: Period): KlineMessage[] {
  if (!isDerivedPeriod(period)) {
    const bar = live.book.bar(period)
    return bar ? [klineMessage(live, period, bar, live.closed[period].at(-1))] : []
  }
  const from = DERIVED_PERIODS[period].from
  const source = live.book.bar(from)
  if (!source) return []
  const { bar, before } = formingDerived(live.closed[from], source, period)
  return [klineMessage(live, period, bar, before)]
}

const changeKey = (id: number, period: Period, time: number) => `${id}:${period}:${time}`

const addPoints = (price: number, points: number, precision: number) =>
  Math.round(price * 10 ** precision + points) / 10 ** precision

/**
 * A bar (its `time` in Unix seconds, as stored) as the wire shows it: `Time` in Unix ms, `Change` the
 * percent from the close of the candle before it (`previous`), or from its own open for the first.
 */
export const toCandle = (bar: Bar, previous?: Bar): Candle => ({
  Time: bar.time * 1000,
  Open: bar.open,
  High: bar.high,
  Low: bar.low,
  Close: bar.close,
  Volume: bar.volume,
  Amount: 0,
  Change: percentChange(previous?.close ?? bar.open, bar.close),
})

/** Consecutive bars, oldest first, as candles; the first one's `Change` measured from `before`. */
export const toCandles = (bars: readonly Bar[], before?: Bar): Candle[] =>
  bars.map((bar, i) => toCandle(bar, i === 0 ? before : bars[i - 1]))

/** Today's candle (or the last trading day's, while the market is closed) and the one before it. */
function dayBars(live: LiveInstrument): { today: Bar | undefined; previous: Bar | undefined } {
  const forming = live.book.bar('1day')
  const closed = live.closed['1day']
  return forming
    ? { today: forming, previous: closed.at(-1) }
    : { today: closed.at(-1), previous: closed.at(-2) }
}

/** The day so far; `Change` is measured from the previous day's close, as brokers show it. */
function dayQuotation(live: LiveInstrument): DayQuotation {
  const { today, previous } = dayBars(live)
  const close = live.quote?.bid ?? today?.close ?? 0
  return {
    Open: today?.open ?? close,
    Close: close,
    High: today?.high ?? close,
    Low: today?.low ?? close,
    Change: percentChange(previous?.close ?? today?.open ?? close, close),
    Volume: today?.volume ?? 0,
    Amount: 0,
    NowTime: live.quote?.timeMs ?? 0,
  }
}

function dayMarketMessage(live: LiveInstrument): DayMarketMessage {
  const day = dayQuotation(live)
  const quote = live.quote as LastQuote
  return {
    type: 'DAY_MARKET',
    symbol: live.def.code,
    quotation: {
      forex_id: live.def.id,
      open: day.Open,
      close: day.Close,
      high: day.High,
      low: day.Low,
      change: day.Change,
      volume: day.Volume,
      amount: 0,
      bid: quote.bid,
      ask: quote.ask,
      time: quote.timeMs,
    },
  }
}

/** The forming candle of a period; its `Change` from the close of the candle `before` it. */
function klineMessage(live: LiveInstrument, period: Period, bar: Bar, before: Bar | undefined): KlineMessage {
  return {
    type: 'KLINE',
    symbol: live.def.code,
    kline: {
      ...toCandle(bar, before),
      Period: period,
      Code: live.def.code,
      ForexId: live.def.id,
    },
  }
}
