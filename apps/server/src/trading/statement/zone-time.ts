/** Times of a statement, written in the reader's IANA time zone as "YYYY-MM-DD HH:mm:ss" (ISO 8601's order). */
import { zoneOffsetMs } from '@tp/engine'

const formats = new Map<string, Intl.DateTimeFormat>()

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    // The zones a request may name are checked by the schema; the cache stays as small as that list.
    formats.set(zone, format)
  }
  return format
}

/** `ms` as "YYYY-MM-DD HH:mm:ss" in `zone`; '' for no time (0). */
export function zoneTime(ms: number, zone: string): string {
  if (!ms) return ''
  const parts = Object.fromEntries(
    formatIn(zone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`
}

/** The zone's offset from UTC at `ms`, as "+08:00" or "-05:00" (the engine's zoneOffsetMs). */
export function zoneOffset(ms: number, zone: string): string {
  const minutes = Math.round(zoneOffsetMs(zone, ms) / 60_000)
  const sign = minutes < 0 ? '-' : '+'
  const size = Math.abs(minutes)
  return `${sign}${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`
}
