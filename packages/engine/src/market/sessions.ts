import type { TradingWindow } from '@tp/contracts'

export const MINUTES_PER_WEEK = 7 * 24 * 60
const MS_PER_MINUTE = 60_000

/** Minutes since Sunday 00:00 UTC of the week that holds `timeMs`. */
export function minuteOfWeek(timeMs: number): number {
  const minutes = Math.floor(timeMs / MS_PER_MINUTE)
  // 1970-01-01 was a Thursday: Sunday 00:00 lies 4 days (5760 minutes) before it.
  return (((minutes + 4 * 24 * 60) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK
}

/** Whether a market with these weekly windows is open at `timeMs`. No windows: never open. */
export function isOpenAt(windows: readonly TradingWindow[], timeMs: number): boolean {
  const minute = minuteOfWeek(timeMs)
  return windows.some((w) => minute >= w.From && minute < w.To)
}

/** A window from a day and time to a later day and time of the same week (days: 0 Sunday … 6 Saturday). */
export function weekWindow(fromDay: number, fromHour: number, toDay: number, toHour: number): TradingWindow {
  return { From: (fromDay * 24 + fromHour) * 60, To: (toDay * 24 + toHour) * 60 }
}

/**
 * Session templates, in UTC and ignoring daylight saving (docs/decisions/006-market-data.md).
 * Forex: Sunday 22:00 to Friday 22:00. Metals, energy and indices: the same week with a daily
 * one-hour break at 22:00. Crypto: always.
 */
export const SESSION_TEMPLATES = {
  forex: [weekWindow(0, 22, 5, 22)],
  withDailyBreak: [
    weekWindow(0, 23, 1, 22),
    weekWindow(1, 23, 2, 22),
    weekWindow(2, 23, 3, 22),
    weekWindow(3, 23, 4, 22),
    weekWindow(4, 23, 5, 22),
  ],
  always: [{ From: 0, To: MINUTES_PER_WEEK }],
} as const satisfies Record<string, TradingWindow[]>

export type SessionTemplate = keyof typeof SESSION_TEMPLATES

const MINUTES_PER_DAY = 24 * 60

/** Whether the weekly windows are open at a minute of the week (any integer: read around the week). */
function openAtMinute(windows: readonly TradingWindow[], minute: number): boolean {
  const m = ((minute % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK
  return windows.some((w) => m >= w.From && m < w.To)
}

/**
 * Whether the rollover of a weekday (0 Sunday … 6 Saturday) at `rolloverMinute` (minutes after
 * midnight) finances a night, read in the market's regular week (local wall-clock minutes; holidays
 * do not count, decision 022). Where the market trades in the minute before the rollover on any day
 * of the week, it rolls over on exactly those days (forex at 17:00 New York: Monday to Friday; the
 * Hang Seng at 16:30, whose evening session belongs to the next day's). Where the minute falls
 * outside the hours on every day (staff put it in the daily break, or after the day's close: issue
 * 22, where the minute-before rule gave such a market no rollover at all), a day rolls over when the
 * market traded since the day before's rollover in a session no rollover fell in: an index trading
 * 08:00-22:00 with its rollover at 23:00 rolls over Monday to Friday, a CME market with its rollover
 * in the 17:00-18:00 break Monday to Friday.
 */
export function rollsOverOnWeekday(
  windows: readonly TradingWindow[],
  weekday: number,
  rolloverMinute: number,
): boolean {
  const inHours = (day: number) => openAtMinute(windows, day * MINUTES_PER_DAY + rolloverMinute - 1)
  if ([0, 1, 2, 3, 4, 5, 6].some(inHours)) return inHours(weekday)
  const at = weekday * MINUTES_PER_DAY + rolloverMinute
  let minute = at - MINUTES_PER_DAY
  // The session the day before's rollover fell in (open the minute before it) was financed there.
  if (openAtMinute(windows, minute - 1)) while (minute < at && openAtMinute(windows, minute)) minute++
  for (; minute < at; minute++) if (openAtMinute(windows, minute)) return true
  return false
}

/**
 * Where a rollover minute sits in a regular week: the weekdays it rolls over on, and of them those
 * where the market is closed in the minute before it (a daily break, or after the day's close), for
 * the back office to say so. Example: windows Monday to Friday 08:00-22:00 and 23:00 give
 * `{ days: [1, 2, 3, 4, 5], outsideHours: [1, 2, 3, 4, 5] }`.
 */
export function rolloverPlacement(
  windows: readonly TradingWindow[],
  rolloverMinute: number,
): { days: number[]; outsideHours: number[] } {
  const days: number[] = []
  const outsideHours: number[] = []
  for (let weekday = 0; weekday < 7; weekday++) {
    if (!rollsOverOnWeekday(windows, weekday, rolloverMinute)) continue
    days.push(weekday)
    if (!openAtMinute(windows, weekday * MINUTES_PER_DAY + rolloverMinute - 1)) outsideHours.push(weekday)
  }
  return { days, outsideHours }
}
