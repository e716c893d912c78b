/**
 * Candle periods, shortest first, by the API family's (Huobi-style) names. The client's period bar
 * shows them as 1M 5M 15M 30M 1H 4H 1D 1W MN (MetaTrader's M1 … MN).
 */
export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon'] as const
export type Period = (typeof PERIODS)[number]

/**
 * The periods the feed builds from ticks and stores. The others are made from one of these when read
 * (DERIVED_PERIODS, docs/decisions/039-derived-candle-periods.md).
 */
export const STORED_PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day'] as const
export type StoredPeriod = (typeof STORED_PERIODS)[number]
export type DerivedPeriod = Exclude<Period, StoredPeriod>

/**
 * Each derived period, the stored period its candles are made of, and the most of those one of its
 * candles holds (a 4-hour candle 4 hours, a week 7 days, a month 31 days): the bound on what a read
 * of `n` candles takes from the store.
 */
export const DERIVED_PERIODS: Record<DerivedPeriod, { from: StoredPeriod; most: number }> = {
  '4hour': { from: '60min', most: 4 },
  '1week': { from: '1day', most: 7 },
  '1mon': { from: '1day', most: 31 },
}

export const isDerivedPeriod = (period: Period): period is DerivedPeriod => period in DERIVED_PERIODS

/**
 * Length in seconds of the periods that have one. A week starts on Monday 00:00 UTC; a month is a
 * calendar month in UTC and has no fixed length (packages/engine/src/market/candles.ts bucketStart).
 */
export const PERIOD_SECONDS: Record<Exclude<Period, '1mon'>, number> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '4hour': 14_400,
  '1day': 86_400,
  '1week': 604_800,
}

export const MarketStatus = { Open: 1, Closed: 2 } as const
export type MarketStatusValue = (typeof MarketStatus)[keyof typeof MarketStatus]

/** `MarginMode`: 1 fixed (margin from lots and contract size only), 2 leveraged. */
export const MarginMode = { Fixed: 1, Leveraged: 2 } as const
export type MarginModeValue = (typeof MarginMode)[keyof typeof MarginMode]

/**
 * `SwapMode`: how an instrument's swap rates read. 1 points per lot per night (10^-PricePrecision
 * each, in the quote currency), 2 an annual percentage of the position's value (360-day year).
 */
export const SwapMode = { Points: 1, Percent: 2 } as const
export type SwapModeValue = (typeof SwapMode)[keyof typeof SwapMode]

export const DAY_MARKET_TOPIC = 'DAY_MARKET'

/**
 * One instrument's quotes alone (this platform's own topic; the family's clients take all of
 * `DAY_MARKET`): the same `DAY_MARKET` messages, for a screen that shows one instrument, so that the
 * phone is not woken by every tick of every other one.
 */
export const dayMarketTopic = (code: string) => `${DAY_MARKET_TOPIC}.${code}`

export const klineTopic = (code: string) => `KLINE.${code}`

/** One instrument's order book, from a price source that sends depth (a liquidity provider); silent otherwise. */
export const marketDepthTopic = (code: string) => `MARKET_DEPTH.${code}`

/** Most candles one `kline` call returns. */
export const MAX_KLINE_LIMIT = 1500

export const DEFAULT_KLINE_LIMIT = 500

/** Candles in an abbreviated (sparkline) series. */
export const ABBREVIATED_KLINE_LENGTH = 48

/**
 * A percent change in hundredths of a percent as shown (two decimals), rounded half away from zero,
 * so that its sign, its colour and its text agree wherever it is written.
 */
export const shownHundredths = (percent: number): number =>
  Math.sign(percent) * Math.round(Math.abs(percent) * 100)
