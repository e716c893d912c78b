import { formatLocale, numberFormat } from './locale.ts'

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/**
 * A decimal string from the API ("10000.5") as display text with the reader's grouping and decimal
 * mark and fixed decimals ("10,000.50" in hk and en, "10.000,50" in de, "10 000,50" in fr). Extra
 * decimals are cut, never rounded, and the digits go to Intl as a string (exact decimals), never
 * through a float, so no cent is ever rounded away.
 */
export function formatAmount(value: string | null | undefined, decimals = 2): string {
  return formatDecimal(value, decimals, 'auto')
}

/**
 * An amount with its sign, as the locale writes a sign (+1,250.50, -0.30; none on zero): profits.
 * Same digits rule as formatAmount.
 */
export function formatSignedAmount(value: string | null | undefined, decimals = 2): string {
  return formatDecimal(value, decimals, 'exceptZero')
}

function formatDecimal(
  value: string | null | undefined,
  decimals: number,
  signDisplay: 'auto' | 'exceptZero',
): string {
  const match = DECIMAL.exec(String(value ?? '').trim())
  if (!match) return '--'
  const [, sign = '', whole = '0', fraction = ''] = match
  const places = Math.min(Math.max(Math.trunc(decimals), 0), 20)
  const exact = `${sign}${whole}.${fraction.slice(0, places).padEnd(places, '0') || '0'}`
  const format = numberFormat(formatLocale(), {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
    useGrouping: true,
    signDisplay,
  })
  // Intl takes decimal strings exactly (ES2023); the type library only knows numbers.
  return format.format(exact as unknown as number)
}
