import { shownHundredths } from '@tp/contracts/light'
import { formatLocale, numberFormat } from '../lib/locale.ts'
import { formatAmount } from '../lib/money.ts'

/** Decimals an instrument may ask for; anything outside is a bad setting, not a reason to crash. */
const MAX_PRECISION = 10

function decimalsOf(precision: number): number {
  return Number.isInteger(precision) ? Math.min(Math.max(precision, 0), MAX_PRECISION) : 2
}

/**
 * A price with the instrument's `PricePrecision` decimals and the reader's grouping and decimal
 * mark: 67,012.50 (hk, en, ar), 67.012,50 (de), 67 012,50 (fr).
 */
export function formatPrice(value: number, precision: number): string {
  if (!Number.isFinite(value)) return '--'
  const decimals = decimalsOf(precision)
  return formatAmount(value.toFixed(decimals), decimals)
}

export type Direction = 'up' | 'down' | 'flat'

/** Up, down or flat, judged on the change as shown (two decimals), so colour and sign agree. */
export function changeDirection(changePercent: number): Direction {
  if (!Number.isFinite(changePercent)) return 'flat'
  const shown = shownHundredths(changePercent)
  return shown > 0 ? 'up' : shown < 0 ? 'down' : 'flat'
}

/**
 * A share in percent without sign (a margin level, a win rate), 2 decimals, as the locale writes
 * percent: 305.37% (en), 305,37 % (de), %305,37 (tr). `percent` is already in percent.
 */
export function formatShare(percent: number): string {
  if (!Number.isFinite(percent)) return '--'
  const format = numberFormat(formatLocale(), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
  // Rounded on the hundredths first, as the figures beside it are (half away from zero).
  return format.format(shownHundredths(percent) / 10_000)
}

/**
 * A percent change with its sign, in the reader's locale: +0.42% (en), +0,42 % (de), %0,42 (tr);
 * 0.00% when it rounds to nothing. `changePercent` is already in percent.
 */
export function formatPercent(changePercent: number): string {
  if (!Number.isFinite(changePercent)) return '--'
  const shown = shownHundredths(changePercent)
  const format = numberFormat(formatLocale(), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  })
  // Hundredths of a percent as a fraction of one: exact (the rounding above already happened).
  return format.format(shown / 10_000)
}
