import { SESSION_WINDOWS_MAX, type TradingWindow } from '@tp/contracts'

/**
 * Weekly trading windows as the server keeps them (`sessionsField`): UTC minutes from Sunday 00:00,
 * `From` < `To`, ascending and not overlapping (touching is fine); none at all closes the market.
 */

export const MINUTES_PER_DAY = 24 * 60
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY
export { SESSION_WINDOWS_MAX }

/** Minutes since Sunday 00:00 UTC of the week that holds `timeMs` (as the engine counts them). */
export function minuteOfWeek(timeMs: number): number {
  const minutes = Math.floor(timeMs / 60_000)
  // 1970-01-01 was a Thursday: Sunday 00:00 lies 4 days before it.
  return (((minutes + 4 * MINUTES_PER_DAY) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK
}

/** Whether the market is open at `timeMs` (the engine's rule: From <= minute < To). */
export function isOpenAt(windows: readonly TradingWindow[], timeMs: number): boolean {
  const minute = minuteOfWeek(timeMs)
  return windows.some((w) => minute >= w.From && minute < w.To)
}

/** A point of the week as a day (0 Sunday … 6 Saturday) and "HH:MM"; the week's end is Saturday 24:00. */
export interface WeekPoint {
  day: number
  time: string
}

const two = (n: number) => String(n).padStart(2, '0')

/** `end` reads a day boundary as 24:00 of the day before (a window ending at midnight ends that day). */
export function toPoint(minutes: number, end = false): WeekPoint {
  const atBoundary = end && minutes > 0 && minutes % MINUTES_PER_DAY === 0
  const day = atBoundary ? minutes / MINUTES_PER_DAY - 1 : Math.floor(minutes / MINUTES_PER_DAY)
  const within = atBoundary ? MINUTES_PER_DAY : minutes % MINUTES_PER_DAY
  return { day, time: `${two(Math.floor(within / 60))}:${two(within % 60)}` }
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

/** The windows sorted, or the first problem: what the server's `sessionsField` accepts. */
export function checkedSessions(
  windows: readonly TradingWindow[],
): { ok: true; value: TradingWindow[] } | { ok: false; problem: SessionProblem; index?: number } {
  if (windows.length > SESSION_WINDOWS_MAX) return { ok: false, problem: 'tooMany' }
  for (const [index, w] of windows.entries()) {
    const valid = (n: number) => Number.isInteger(n) && n >= 0 && n <= MINUTES_PER_WEEK
    if (!valid(w.From) || !valid(w.To)) return { ok: false, problem: 'time', index }
    if (w.From >= w.To) return { ok: false, problem: 'order', index }
  }
  const sorted = [...windows].sort((a, b) => a.From - b.From)
  for (let i = 1; i < sorted.length; i++)
    if ((sorted[i - 1] as TradingWindow).To > (sorted[i] as TradingWindow).From)
      return { ok: false, problem: 'overlap', index: windows.indexOf(sorted[i] as TradingWindow) }
  return { ok: true, value: sorted.map((w) => ({ From: w.From, To: w.To })) }
}

const window = (fromDay: number, fromHour: number, toDay: number, toHour: number): TradingWindow => ({
  From: (fromDay * 24 + fromHour) * 60,
  To: (toDay * 24 + toHour) * 60,
})

/** The engine's templates (docs/decisions/006-market-data.md), in UTC. */
export const SESSION_TEMPLATES = {
  forex: [window(0, 22, 5, 22)],
  dailyBreak: [1, 2, 3, 4, 5].map((day) => window(day - 1, 23, day, 22)),
  always: [{ From: 0, To: MINUTES_PER_WEEK }],
} as const satisfies Record<string, TradingWindow[]>
