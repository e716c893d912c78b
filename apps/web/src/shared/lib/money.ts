const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/**
 * A decimal string from the API ("10000.5") as display text with grouping and fixed decimals
 * ("10,000.50"). It works on the digits, never through a float, so no cent is ever rounded away.
 */
export function formatAmount(value: string | null | undefined, decimals = 2): string {
  const match = DECIMAL.exec(String(value ?? '').trim())
  if (!match) return '--'
  const [, sign = '', whole = '0', fraction = ''] = match
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const digits = fraction.slice(0, decimals).padEnd(decimals, '0')
  return decimals > 0 ? `${sign}${grouped}.${digits}` : `${sign}${grouped}`
}
