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
