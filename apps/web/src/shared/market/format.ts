import { formatAmount } from '../lib/money.ts'

/** Decimals an instrument may ask for; anything outside is a bad setting, not a reason to crash. */
const MAX_PRECISION = 10

function decimalsOf(precision: number): number {
  return Number.isInteger(precision) ? Math.min(Math.max(precision, 0), MAX_PRECISION) : 2
}

/** A price with the instrument's `PricePrecision` decimals and thousands grouping: 67,012.50. */
export function formatPrice(value: number, precision: number): string {
  if (!Number.isFinite(value)) return '--'
  const decimals = decimalsOf(precision)
  return formatAmount(value.toFixed(decimals), decimals)
}

export type Direction = 'up' | 'down' | 'flat'

/** The change in hundredths of a percent as shown, rounded half away from zero, so sign and text agree. */
function shownHundredths(changePercent: number): number {
  return Math.sign(changePercent) * Math.round(Math.abs(changePercent) * 100)
}

/** Up, down or flat, judged on the change as shown (two decimals), so colour and sign agree. */
export function changeDirection(changePercent: number): Direction {
  if (!Number.isFinite(changePercent)) return 'flat'
  const shown = shownHundredths(changePercent)
  return shown > 0 ? 'up' : shown < 0 ? 'down' : 'flat'
}

/** A percent change with its sign: +0.42%, -1.20%, 0.00%. `changePercent` is already in percent. */
export function formatPercent(changePercent: number): string {
  if (!Number.isFinite(changePercent)) return '--'
  const shown = shownHundredths(changePercent)
  if (shown === 0) return '0.00%'
  return `${shown > 0 ? '+' : '-'}${(Math.abs(shown) / 100).toFixed(2)}%`
}
