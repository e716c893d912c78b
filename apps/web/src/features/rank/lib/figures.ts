import { formatSignedAmount } from '../../../common/lib/money.ts'
import { formatPercent, formatShare as formatPercentShare } from '../../../common/market/format.ts'

/** Up, down or flat, by the figure as shown with 2 decimals. */
export function signOf(value: number): 'up' | 'down' | 'flat' {
  const hundredths = Math.round(value * 100)
  return hundredths > 0 ? 'up' : hundredths < 0 ? 'down' : 'flat'
}

/** A rate with its sign and 2 decimals, as the reader's locale writes percent: +3.99%, -1.20%, 0.00%. */
export function formatRate(value: number): string {
  return formatPercent(value)
}

/** USD with its sign, grouping and 2 decimals: +1,234.50, -20.70 (the locale's separators). */
export function formatProfit(value: number): string {
  if (!Number.isFinite(value)) return '--'
  return formatSignedAmount(value.toFixed(2), 2)
}

/** A share without sign: 66.67% (the locale's percent: 66,67 % in de). */
export function formatShare(value: number): string {
  return formatPercentShare(value)
}
