import { z } from 'zod'
import { integer, serialId } from './numbers.ts'
import {
  PERIODS,
  MAX_KLINE_LIMIT,
  DEFAULT_KLINE_LIMIT,
  type Period,
  type MarketStatusValue,
  type MarginModeValue,
  type SwapModeValue,
} from './light/market.ts'
export * from './light/market.ts'

/**
 * Market data on the wire (docs/wire.md "Instrument", "Websocket"). Prices are JSON numbers rounded to
 * the instrument's `PricePrecision`. Times are Unix milliseconds (UTC): a candle's `Time` is the instant
 * its period starts (docs/wire.md "Candles"), an instant (`NowTime`, a quote's `time`) is when it happened.
 */

export interface LeverageOption {
  Id: number
  ForexId: number
  Value: number
}

/** The day so far (UTC day): open, high, low, last (`Close`) and percent change from the open. */
export interface DayQuotation {
  Open: number
  Close: number
  High: number
  Low: number
  /** Percent, e.g. 0.42 for +0.42 %. */
  Change: number
  /** Tick volume: the number of price updates today (no traded volume is invented). */
  Volume: number
  /** Always 0: an over-the-counter quote has no traded amount. */
  Amount: number
  /** Unix ms of the last quote. */
  NowTime: number
}

/**
 * A weekly trading window as minutes from Sunday 00:00 (0 ≤ From < To ≤ 10080), in UTC or in a
 * market's own time zone as the field says. The market is open when the time of week falls in any
 * window.
 */
export interface TradingWindow {
  From: number
  To: number
}

/** One item of `trade_list`. */
export interface Instrument {
  Id: number
  Code: string
  ShowCode: string
  /** English name, e.g. "Euro / US Dollar". */
  Name: string
  /** The name in the request's language (`lang` header), e.g. "歐元/美元"; English when none is kept. */
  NameShowTrans: string
  /** URL of the logo image, served by the platform. */
  Logo: string
  CategoryId: number
  MarketStatus: MarketStatusValue
  PricePrecision: number
  /** Lot step. */
  Pip: number
  /** Contract size of one lot, in units of the base asset. */
  ForexContNum: number
  ForexMinCont: number
  ForexMaxCont: number
  MarginMode: MarginModeValue
  ForexFeeRate: number
  /** Spread in points (one point = 10^-PricePrecision). */
  ForexPointRate: number
  /** Ours: the currency profit is counted in before conversion to USD. */
  QuoteCurrency: string
  /**
   * Ours: this week's regular trading windows in UTC (the market's own hours moved by its zone's
   * offset this week; holidays aside, see `Holidays`).
   */
  Sessions: TradingWindow[]
  /** Ours: the IANA time zone the market keeps its hours in ('America/New_York'). */
  TimeZone: string
  /** Ours: the weekly windows in `TimeZone`, as the market states them (Sunday 17:00 to Friday 17:00). */
  MarketSessions: TradingWindow[]
  /** Ours: Unix ms of the next open while closed (null while open, or none within about 100 days). */
  NextOpen: number | null
  /** Ours: Unix ms of the next close while open (null while closed, or none within about 100 days). */
  NextClose: number | null
  /** Ours: the days of the next 30 that trade other hours than the week says (holidays, half days). */
  Holidays: MarketHoliday[]
  /** Ours: stops level, in points: the nearest a stop-loss, take-profit or pending price may be to the market. */
  StopsLevel: number
  /** Ours: freeze level, in points: a pending order or stop this near the market cannot be changed. */
  FreezeLevel: number
  /** Ours: the most lots one account may hold on one side (positions and pending orders); null: no limit. */
  MaxAccountLots: number | null
  /** Ours: swap per lot per night of a buy and of a sell, as `SwapMode` reads them (negative: a charge). */
  SwapLong: number
  SwapShort: number
  SwapMode: SwapModeValue
  /** Ours: the weekday (0 Sunday … 6 Saturday, in `TimeZone`) whose rollover charges three nights; null: none. */
  SwapTripleDay: number | null
  /** Ours: the next daily rollover, in minutes after 00:00 UTC (1320 is 22:00; it moves with daylight saving). */
  RolloverMinute: number
  /** Leverage options, ascending. */
  HasForexMultiple: LeverageOption[]
  ForexQuotations: DayQuotation
  LastPrice: number
  /** Ours: the current bid and ask. */
  Bid: number
  Ask: number
}

/** A day a market trades other hours than its week says. */
export interface MarketHoliday {
  /** The market's own date, YYYY-MM-DD. */
  Date: string
  /** What staff called it ("Christmas Day"), as they typed it. */
  Name: string
  /** The stretches it trades that day, Unix ms; empty: closed all day. */
  Hours: { From: number; To: number }[]
}

/** One item of `getCategories`. */
export interface Category {
  Id: number
  /** Stable English key, e.g. "forex". */
  Name: string
  /** The name in the request's `lang`. */
  NameShowTrans: string
  Sort: number
}

/** A candle of `kline` and `abbreviated_cache_kline`. */
export interface Candle {
  /** Unix milliseconds at which the period starts, e.g. 1700000040000 for a 1min candle. */
  Time: number
  Open: number
  High: number
  Low: number
  Close: number
  /** Tick volume. */
  Volume: number
  Amount: number
  /** Percent from the close of the candle before it (from its own open for the first one known). */
  Change: number
}

/** `DAY_MARKET` socket message: one instrument's day quotation after a tick. */
export interface DayMarketMessage {
  type: 'DAY_MARKET'
  symbol: string
  quotation: {
    forex_id: number
    open: number
    close: number
    high: number
    low: number
    change: number
    volume: number
    amount: number
    /** Ours: bid, ask and the Unix ms of the tick. */
    bid: number
    ask: number
    time: number
  }
}

/**
 * `MARKET_DEPTH` socket message on topic `MARKET_DEPTH.{code}`: the book of the provider the
 * instrument's price comes from, `[price, quantity]` per level, best first; `in` the bids (where a
 * client sells), `out` the offers (where a client buys). Sent only when a provider sends depth.
 */
export interface MarketDepthMessage {
  type: 'MARKET_DEPTH'
  symbol: string
  depth: { in: [number, number][]; out: [number, number][] }
}

/** `KLINE` socket message on topic `KLINE.{code}`: the current candle of one period after a tick. */
export interface KlineMessage {
  type: 'KLINE'
  symbol: string
  kline: Candle & { Period: Period; Code: string; ForexId: number }
}

const forexId = serialId

/**
 * A Unix time in milliseconds written as decimal digits only: "0x10", "1.", " 1 " and exponents are
 * refused rather than read as some other instant. 15 digits reach past the year 33000.
 */
const unixMs = z
  .string()
  .regex(/^[0-9]{1,15}$/)
  .transform(Number)
  .refine((ms) => ms > 0)
const period = z.enum(PERIODS)

export const tradeListRequest = z.object({
  searchCurrency: z.string().trim().max(32).optional(),
  category_id: serialId.optional(),
})

export const klineRequest = z.object({
  forex_id: forexId,
  period,
  limit: integer({ min: 1, max: MAX_KLINE_LIMIT }).default(DEFAULT_KLINE_LIMIT),
  /** Only candles that start before this Unix millisecond (paging back: the oldest `Time` held). */
  before: unixMs.optional(),
})

/**
 * `forex_id` for one instrument (answers `Candle[]`); ours: `forex_ids` as a comma-separated list
 * (at most 100) answers `Record<forexId, Candle[]>`, so a list screen needs one call.
 */
export const abbreviatedKlineRequest = z
  .object({
    forex_id: forexId.optional(),
    forex_ids: z
      .string()
      .regex(/^\d{1,9}(,\d{1,9}){0,99}$/)
      .transform((list) => list.split(',').map(Number))
      .optional(),
    period: period.default('60min'),
  })
  .refine((value) => (value.forex_id === undefined) !== (value.forex_ids === undefined), {
    message: 'forex_id or forex_ids',
    path: ['forex_id'],
  })
