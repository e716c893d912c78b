/** Candle periods, shortest first. The client's period bar shows them as 1M 5M 15M 30M 1H 1D. */
export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day'] as const
export type Period = (typeof PERIODS)[number]

export const PERIOD_SECONDS: Record<Period, number> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '1day': 86_400,
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

export const klineTopic = (code: string) => `KLINE.${code}`

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
