import type { TradingWindow } from '@tp/contracts/light'
import { DAY_AND_TIME, formatter } from './market-hours.ts'
import { MINUTES_PER_WEEK, validWindows, weekStartMs } from './next-open.ts'

const MS_PER_MINUTE = 60_000
export const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' }

/** The calendar day of an instant in the zone, as YYYY-MM-DD. */
export function isoDay(ms: number, timeZone?: string): string {
  return formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone).format(ms)
}

/** The same calendar day in the zone? */
export const sameDay = (a: number, b: number, timeZone?: string) =>
  isoDay(a, timeZone) === isoDay(b, timeZone)

/** A week's trading window shown to the reader: from and to, already formatted. */
export interface ShownWindow {
  from: string
  to: string
}

/**
 * Windows that touch over the week's end (one to Saturday 24:00, one from Sunday 00:00) are one
 * stretch of trading: joined, so the sheet does not show a break that is not there.
 */
function joinedOverWeekEnd(windows: TradingWindow[]): { from: number; to: number }[] {
  const sorted = [...windows].sort((a, b) => a.From - b.From).map((w) => ({ from: w.From, to: w.To }))
  const first = sorted[0]
  const last = sorted.at(-1)
  if (sorted.length > 1 && first && last && first.from === 0 && last.to === MINUTES_PER_WEEK) {
    sorted.shift()
    last.to = MINUTES_PER_WEEK + first.to
  }
  return sorted
}

/**
 * The weekly trading windows (UTC minutes of the week) in the reader's zone and language, in the
 * order of the week they fall in: "Mon 06:00" to "Sat 06:00", or to "22:00" on the same day.
 * 'always' for a market open all week; an empty list for one that never opens.
 */
export function weeklyHours(
  sessions: readonly TradingWindow[] | undefined,
  locale: string,
  nowMs: number,
  timeZone?: string,
): ShownWindow[] | 'always' {
  const windows = validWindows(sessions)
  const joined = joinedOverWeekEnd(windows)
  if (joined.length === 1 && joined[0] && joined[0].to - joined[0].from >= MINUTES_PER_WEEK) return 'always'
  const week = weekStartMs(nowMs)
  const dayAndTime = formatter(locale, DAY_AND_TIME, timeZone)
  const time = formatter(locale, TIME, timeZone)
  return joined.map(({ from, to }) => {
    const start = week + from * MS_PER_MINUTE
    const end = week + to * MS_PER_MINUTE
    // The end is the first minute closed: the time alone when it is on the day the window opens.
    return {
      from: dayAndTime.format(start),
      to: sameDay(start, end, timeZone) ? time.format(end) : dayAndTime.format(end),
    }
  })
}
