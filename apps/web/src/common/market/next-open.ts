import type { TradingWindow } from '@tp/contracts/light'

export const MINUTES_PER_WEEK = 7 * 24 * 60
const MS_PER_MINUTE = 60_000
const MS_PER_WEEK = MINUTES_PER_WEEK * MS_PER_MINUTE
/** 1970-01-01 was a Thursday: the Sunday 00:00 UTC before it lies 4 days earlier. */
const FIRST_SUNDAY_MS = -4 * 24 * 60 * MS_PER_MINUTE

/** A market with no trading window never opens. */
export const NEVER = 'never'

/** Windows that can be real: 0 <= From < To <= one week, in whole minutes. Bad ones are ignored. */
export function validWindows(sessions: readonly TradingWindow[] | undefined): TradingWindow[] {
  if (!Array.isArray(sessions)) return []
  return sessions.filter(
    (w) =>
      Number.isInteger(w?.From) &&
      Number.isInteger(w?.To) &&
      w.From >= 0 &&
      w.From < w.To &&
      w.To <= MINUTES_PER_WEEK,
  )
}

/** Unix ms of Sunday 00:00 UTC of the week that holds `nowMs`. */
export function weekStartMs(nowMs: number): number {
  const sinceFirst = nowMs - FIRST_SUNDAY_MS
  return nowMs - (((sinceFirst % MS_PER_WEEK) + MS_PER_WEEK) % MS_PER_WEEK)
}

/**
 * When a market with these weekly UTC windows (`Sessions`, minutes from Sunday 00:00) opens next:
 * null while `nowMs` is inside a window, NEVER without any window, else the Unix ms of the next
 * window's start (this week's, or next week's when none is left this week).
 */
export function nextOpen(
  sessions: readonly TradingWindow[] | undefined,
  nowMs: number,
): number | null | typeof NEVER {
  const windows = validWindows(sessions)
  if (windows.length === 0) return NEVER
  const week = weekStartMs(nowMs)
  const intoWeek = nowMs - week
  let soonest = Infinity
  for (const window of windows) {
    const from = window.From * MS_PER_MINUTE
    if (intoWeek >= from && intoWeek < window.To * MS_PER_MINUTE) return null
    const start = from > intoWeek ? week + from : week + MS_PER_WEEK + from
    soonest = Math.min(soonest, start)
  }
  return soonest
}
