/*
 * UTC offsets of IANA time zones ('America/New_York'), read from the runtime's time zone database
 * through Intl (docs/decisions/022-market-calendar.md). Pure: the same instant and zone always give
 * the same offset for a given database; no clock is read.
 */

const MS_PER_MINUTE = 60_000
const MS_PER_DAY = 86_400_000
/** Offsets change on quarter hours of UTC (whole and half hours of local time, zones of 15-minute steps). */
const BUCKET_MS = 15 * MS_PER_MINUTE
/** Memoized offsets per zone before the memo is cleared (a bound: a year is 35,040 quarter hours). */
const MEMO_MAX = 100_000

const formats = new Map<string, Intl.DateTimeFormat>()
const memos = new Map<string, Map<number, number>>()

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
    formats.set(zone, format)
  }
  return format
}

function readOffset(zone: string, utcMs: number): number {
  const parts: Record<string, number> = {}
  for (const part of formatOf(zone).formatToParts(utcMs))
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  const local = Date.UTC(
    parts.year as number,
    (parts.month as number) - 1,
    parts.day as number,
    parts.hour as number,
    parts.minute as number,
  )
  // Seconds are not read: offsets are whole minutes (since 1972 in every zone).
  return local - Math.floor(utcMs / MS_PER_MINUTE) * MS_PER_MINUTE
}

/**
 * Local time minus UTC at `utcMs`, in ms. Example: zoneOffsetMs('America/New_York',
 * Date.parse('2026-07-01T12:00Z')) is -14,400,000 (UTC-4, daylight saving).
 */
export function zoneOffsetMs(zone: string, utcMs: number): number {
  if (zone === 'UTC') return 0
  const bucket = Math.floor(utcMs / BUCKET_MS)
  let memo = memos.get(zone)
  if (!memo) memos.set(zone, (memo = new Map()))
  let offset = memo.get(bucket)
  if (offset === undefined) {
    if (memo.size >= MEMO_MAX) memo.clear()
    offset = readOffset(zone, bucket * BUCKET_MS)
    memo.set(bucket, offset)
  }
  return offset
}

/**
 * The UTC instant of a local wall-clock time (`localMs`: ms since 1970 as if the zone were UTC). A
 * time a spring-forward skips is the instant of the jump (02:30 on the night New York skips from
 * 02:00 to 03:00 is 03:00 daylight time, as 02:00 and 03:00 are), so later wall-clock times never
 * read earlier; a time a fall-back repeats is its first (daylight) occurrence. Example:
 * utcOfLocal('America/New_York', Date.UTC(2026, 10, 26, 17, 0)) is Date.parse('2026-11-26T22:00Z').
 */
export function utcOfLocal(zone: string, localMs: number): number {
  if (zone === 'UTC') return localMs
  // Zones change their offset at most once within a day: the offsets a day either side are the two
  // readings a wall-clock time can have.
  const before = localMs - zoneOffsetMs(zone, localMs - MS_PER_DAY)
  const after = localMs - zoneOffsetMs(zone, localMs + MS_PER_DAY)
  const reads = (utc: number) => utc + zoneOffsetMs(zone, utc) === localMs
  if (reads(before) && reads(after)) return Math.min(before, after)
  if (reads(before)) return before
  if (reads(after)) return after
  return jumpBetween(zone, Math.min(before, after), Math.max(before, after))
}

/** The instant (on a quarter hour of UTC) the zone's offset changes between `from` and `to`. */
function jumpBetween(zone: string, from: number, to: number): number {
  const offset = zoneOffsetMs(zone, from)
  for (let at = Math.ceil(from / BUCKET_MS) * BUCKET_MS; at < to; at += BUCKET_MS)
    if (zoneOffsetMs(zone, at) !== offset) return at
  return to
}
