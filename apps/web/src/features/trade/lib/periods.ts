import type { Period } from '@tp/contracts/light'

/**
 * The period bar's labels (docs/product.md "Screens": 1M 5M 15M 30M 1H 4H 1D 1W MN, MetaTrader's M1 …
 * MN), as translation keys.
 */
export const PERIOD_LABEL_KEYS: Record<Period, string> = {
  '1min': 'trade.periods.oneMinute',
  '5min': 'trade.periods.fiveMinutes',
  '15min': 'trade.periods.fifteenMinutes',
  '30min': 'trade.periods.thirtyMinutes',
  '60min': 'trade.periods.oneHour',
  '4hour': 'trade.periods.fourHours',
  '1day': 'trade.periods.oneDay',
  '1week': 'trade.periods.oneWeek',
  '1mon': 'trade.periods.oneMonth',
}

export const DEFAULT_PERIOD: Period = '1min'

/** Periods whose candles are dates (a day, a week, a month), not moments: no time of day on the axis. */
export const isDatePeriod = (period: Period): boolean =>
  period === '1day' || period === '1week' || period === '1mon'
