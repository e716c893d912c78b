/**
 * Time zones as the browser's Intl knows them: the same IANA database the server reads
 * (docs/decisions/022-market-calendar.md), so no time zone library is needed here either.
 */

/** What the zone select offers: 'UTC' (which Intl does not list) and every zone the browser knows. */
export const TIME_ZONES: readonly string[] = [
  'UTC',
  ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC'),
]

/** A wall clock in one zone: its local date, weekday (0 Sunday) and minute of the day. */
export interface ZoneClock {
  /** YYYY-MM-DD, the market's local date (what a holiday's date means). */
  date: string
  weekday: number
  minuteOfDay: number
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
// Building a formatter is slow next to using one; the instruments table asks once per row.
const clockFormats = new Map<string, Intl.DateTimeFormat>()
const offsetFormats = new Map<string, Intl.DateTimeFormat>()

function cached(cache: Map<string, Intl.DateTimeFormat>, zone: string, options: Intl.DateTimeFormatOptions) {
  let format = cache.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone })
    cache.set(zone, format)
  }
  return format
}

/** The wall clock of `zone` at the instant `timeMs` (daylight saving included). */
export function zoneClock(zone: string, timeMs: number): ZoneClock {
  const parts = cached(clockFormats, zone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(timeMs)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    weekday: WEEKDAYS.indexOf(part('weekday')),
    minuteOfDay: Number(part('hour')) * 60 + Number(part('minute')),
  }
}

/** The zone's offset from UTC at `timeMs`, as people write it: "UTC-05:00", "UTC+05:30", "UTC+00:00". */
export function utcOffsetText(zone: string, timeMs: number): string {
  const name =
    cached(offsetFormats, zone, { timeZoneName: 'longOffset' })
      .formatToParts(timeMs)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  // Intl writes "GMT-05:00", and plain "GMT" for an offset of zero.
  return name === 'GMT' ? 'UTC+00:00' : name.replace('GMT', 'UTC')
}

/** A zone's place for a short label: "New York" for America/New_York, "UTC" for UTC. */
export const zonePlace = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ')
