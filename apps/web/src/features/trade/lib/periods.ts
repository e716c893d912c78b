import type { Period } from '@tp/contracts/light'

/** The period bar's labels (docs/product.md "Screens": 1M 5M 15M 30M 1H 1D), as translation keys. */
export const PERIOD_LABEL_KEYS: Record<Period, string> = {
  '1min': 'trade.periods.oneMinute',
  '5min': 'trade.periods.fiveMinutes',
  '15min': 'trade.periods.fifteenMinutes',
  '30min': 'trade.periods.thirtyMinutes',
  '60min': 'trade.periods.oneHour',
  '1day': 'trade.periods.oneDay',
}

export const DEFAULT_PERIOD: Period = '1min'
