import { SESSION_WINDOWS_MAX, type TradingWindow } from '@tp/contracts'
import { SessionCalendar } from '@tp/engine/rules'
import { zoneClock } from './time-zones.ts'

/**
 * Weekly trading windows as `sessionsField` of the contracts takes them: minutes from Sunday 00:00 in
 * the instrument's own time zone, `From` < `To`, ascending and not overlapping (touching is fine);
 * none at all closes the market.
 */

export const MINUTES_PER_DAY = 24 * 60
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY
export { SESSION_WINDOWS_MAX }

/** A market's hours: weekly windows read in its zone. */
export interface MarketHours {
  sessions: readonly TradingWindow[]
  time_zone: string
}

/**
 * Whether a market is open at `timeMs`, decided by the engine's SessionCalendar: on a local date
 * with a holiday, that day's hours (`holidayOn`), else the weekly windows; From <= minute < To.
 */
export function isOpenAt(
  market: MarketHours,
  timeMs: number,
  holidayOn: (localDate: string) => readonly TradingWindow[] | undefined = () => undefined,
): boolean {
  const date = zoneClock(market.time_zone, timeMs).date
  const hours = holidayOn(date)
  const holidays = hours ? [{ date, hours }] : []
  return new SessionCalendar({ timeZone: market.time_zone, windows: market.sessions, holidays }).isOpenAt(
    timeMs,
  )
}

/** A point of the week as a day (0 Sunday … 6 Saturday) and "HH:MM"; the week's end is Saturday 24:00. */
export interface WeekPoint {
  day: number
  time: string
}

const two = (n: number) => String(n).padStart(2, '0')

/** "HH:MM" of minutes after midnight, 1440 being "24:00" (the end of a day). */
export const clockText = (minutes: number) => `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`

/** `end` reads a day boundary as 24:00 of the day before (a window ending at midnight ends that day). */
export function toPoint(minutes: number, end = false): WeekPoint {
  const atBoundary = end && minutes > 0 && minutes % MINUTES_PER_DAY === 0
  const day = atBoundary ? minutes / MINUTES_PER_DAY - 1 : Math.floor(minutes / MINUTES_PER_DAY)
  const within = atBoundary ? MINUTES_PER_DAY : minutes % MINUTES_PER_DAY
  return { day, time: clockText(within) }
}

/** "HH:MM" from 00:00 to 24:00, or undefined when it is not one. */
export function parseTime(text: string): number | undefined {
  const match = /^([01]?\d|2[0-4]):([0-5]\d)$/.exec(text.trim())
  if (!match) return undefined
  const minutes = Number(match[1]) * 60 + Number(match[2])
  return minutes <= MINUTES_PER_DAY ? minutes : undefined
}

export function fromPoint(point: WeekPoint): number | undefined {
  const within = parseTime(point.time)
  return within === undefined ? undefined : point.day * MINUTES_PER_DAY + within
}

/** Why a list of windows would be refused, or undefined when the server takes it. */
export type SessionProblem = 'time' | 'order' | 'overlap' | 'tooMany'
export type CheckedWindows =
  { ok: true; value: TradingWindow[] } | { ok: false; problem: SessionProblem; index?: number }

/**
 * The windows sorted, or the first problem: at most `maxCount`, each within 0..`end` minutes and
 * ending after it starts, none overlapping (the server's `sessionsField` and `holidayHoursField`).
 */
export function checkedWindows(
  windows: readonly TradingWindow[],
  end: number,
  maxCount: number,
): CheckedWindows {
  if (windows.length > maxCount) return { ok: false, problem: 'tooMany' }
  for (const [index, w] of windows.entries()) {
    const valid = (n: number) => Number.isInteger(n) && n >= 0 && n <= end
    if (!valid(w.From) || !valid(w.To)) return { ok: false, problem: 'time', index }
    if (w.From >= w.To) return { ok: false, problem: 'order', index }
  }
  const sorted = [...windows].sort((a, b) => a.From - b.From)
  for (let i = 1; i < sorted.length; i++)
    if ((sorted[i - 1] as TradingWindow).To > (sorted[i] as TradingWindow).From)
      return { ok: false, problem: 'overlap', index: windows.indexOf(sorted[i] as TradingWindow) }
  return { ok: true, value: sorted.map((w) => ({ From: w.From, To: w.To })) }
}

/** Weekly windows as the contracts' `sessionsField` takes them. */
export const checkedSessions = (windows: readonly TradingWindow[]) =>
  checkedWindows(windows, MINUTES_PER_WEEK, SESSION_WINDOWS_MAX)

const window = (fromDay: number, fromHour: number, toDay: number, toHour: number): TradingWindow => ({
  From: (fromDay * 24 + fromHour) * 60,
  To: (toDay * 24 + toHour) * 60,
})

/**
 * The usual hours, each with the zone it is read in (the server's seeds,
 * apps/server/src/db/seed/market-hours.ts): forex Sunday 17:00 to Friday 17:00 New York; CME
 * Globex Sunday to Thursday 18:00 to 17:00 the next day New York (a daily break); always open.
 */
export const SESSION_TEMPLATES = {
  forex: { timeZone: 'America/New_York', windows: [window(0, 17, 5, 17)] },
  cme: { timeZone: 'America/New_York', windows: [0, 1, 2, 3, 4].map((day) => window(day, 18, day + 1, 17)) },
  always: { timeZone: 'UTC', windows: [{ From: 0, To: MINUTES_PER_WEEK }] },
} as const satisfies Record<string, { timeZone: string; windows: TradingWindow[] }>
