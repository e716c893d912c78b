import { formatLocale } from './locale.ts'

/**
 * Times as the reader writes them: the server sends "YYYY-MM-DD HH:mm:ss" in UTC (docs/wire.md, order and
 * ledger times) or Unix milliseconds; the phone shows them in its own time zone, in the order,
 * separators and hour cycle of the user's language, with Latin digits (decision 014).
 */

const WIRE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/

/** The instant of a wire time or epoch milliseconds; undefined for "" or anything else. */
export function parseServerTime(value: string | number | null | undefined): Date | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : undefined
  const match = WIRE_TIME.exec(String(value ?? '').trim())
  if (!match) return undefined
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [number, number, number, number, number, number]
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s))
  // Date.UTC rolls 30 February into March: a time that is not on the calendar is not read.
  const exact = date.getUTCDate() === d && date.getUTCHours() === h && date.getUTCMinutes() === mi
  return exact && s < 60 ? date : undefined
}

export interface TimeOptions {
  /** IANA zone; the phone's own by default (tests pass one). */
  timeZone?: string
  /** A language id (hk, ar, ...); the current one by default. */
  language?: Parameters<typeof formatLocale>[0]
}

const formats = new Map<string, Intl.DateTimeFormat>()

function dateTimeFormat(options: Intl.DateTimeFormatOptions, extra: TimeOptions): Intl.DateTimeFormat {
  const locale = formatLocale(extra.language)
  const all = extra.timeZone ? { ...options, timeZone: extra.timeZone } : options
  const key = `${locale}|${JSON.stringify(all)}`
  let format = formats.get(key)
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, all)
    } catch {
      format = new Intl.DateTimeFormat('en', options)
    }
    formats.set(key, format)
  }
  return format
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
}
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' }

/**
 * Date and time to the second (an order's open and close, a deposit): 2026/11/23 19:27:08 in jp,
 * 23/11/2026 下午7:27:08 in hk, 11/23/2026, 07:27:08 PM in en. A time that cannot be read shows as
 * sent ("" stays "").
 */
export function formatDateTime(value: string | number | null | undefined, options: TimeOptions = {}): string {
  const date = parseServerTime(value)
  if (!date) return typeof value === 'string' ? value : ''
  return dateTimeFormat(DATE_TIME, options).format(date)
}

/** The date alone, in the reader's order: 2026/11/23 (jp), 23/11/2026 (en-GB style locales). */
export function formatDate(value: string | number | null | undefined, options: TimeOptions = {}): string {
  const date = parseServerTime(value)
  if (!date) return typeof value === 'string' ? value : ''
  return dateTimeFormat(DATE, options).format(date)
}

/** The machine-readable instant for a `<time dateTime>` attribute ("" when unreadable). */
export function isoTime(value: string | number | null | undefined): string {
  return parseServerTime(value)?.toISOString() ?? ''
}
