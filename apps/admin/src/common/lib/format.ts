/** Money as the ledger books it: two decimals, thousands grouped (`1234.5` -> `1,234.50`). */
export function formatMoney(value: string | number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '—'
  const number = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(number)) return String(value)
  return number.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
}

/**
 * A payout amount exactly as the wire carries it (up to 18 decimals for ETH: never through a
 * float), with the whole part grouped: '1,234.5678', '0.006342480000000000' stays as sent.
 */
export function formatPayout(value: string | null | undefined): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(String(value ?? '').trim())
  if (!match) return value ? String(value) : '—'
  const [, sign = '', whole = '0', fraction = ''] = match
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`
}

/** A server time as written (UTC, `2026-11-24 10:55:31`), whatever form it came in. */
export function utcText(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  const date = toDate(value)
  if (!date) return String(value)
  return date.toISOString().slice(0, 19).replace('T', ' ')
}

/** The same moment in the browser's own time zone, for the hover hint. */
export function localText(value: string | number | null | undefined): string {
  const date = value === null || value === undefined || value === '' ? null : toDate(value)
  if (!date) return ''
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
}

function toDate(value: string | number): Date | null {
  // Numbers below 10^12 are Unix seconds (as the app's wire sends them), larger ones milliseconds.
  if (typeof value === 'number') return new Date(value < 1e12 ? value * 1000 : value)
  // "2026-11-24 10:55:31" without a zone is UTC on the wire.
  const text = /^\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value
  const date = new Date(text)
  return Number.isNaN(date.getTime()) ? null : date
}
