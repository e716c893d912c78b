import { formatAmount } from '../../../shared/lib/money.ts'

/** Up, down or flat, by the figure as shown with 2 decimals. */
export function signOf(value: number): 'up' | 'down' | 'flat' {
  const hundredths = Math.round(value * 100)
  return hundredths > 0 ? 'up' : hundredths < 0 ? 'down' : 'flat'
}

/** A rate with its sign and 2 decimals: +3.99%, -1.20%, 0.00%. */
export function formatRate(value: number): string {
  if (!Number.isFinite(value)) return '--'
  const sign = signOf(value)
  const text = `${formatAmount(Math.abs(value).toFixed(2))}%`
  return sign === 'up' ? `+${text}` : sign === 'down' ? `-${text}` : '0.00%'
}

/** USD with its sign, grouping and 2 decimals: +1,234.50, -20.70. */
export function formatProfit(value: number): string {
  if (!Number.isFinite(value)) return '--'
  const sign = signOf(value)
  const text = formatAmount(Math.abs(value).toFixed(2))
  return sign === 'up' ? `+${text}` : sign === 'down' ? `-${text}` : '0.00'
}

/** A share without sign: 66.67%. */
export function formatShare(value: number): string {
  return Number.isFinite(value) ? `${formatAmount(value.toFixed(2))}%` : '--'
}
