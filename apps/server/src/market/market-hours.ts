import type { MarketHoliday, TradingWindow } from '@tp/contracts'
import { dayNumber, nextRollover, type SessionCalendar } from '@tp/engine'
import type { InstrumentDef } from './catalogue.ts'

const MS_PER_MINUTE = 60_000
const MS_PER_DAY = 86_400_000
const MINUTES_PER_WEEK = 7 * 24 * 60
/** Sunday 00:00 UTC before 1970-01-01 (a Thursday). */
const FIRST_SUNDAY_MS = -4 * MS_PER_DAY
/** How far ahead `Holidays` looks. */
export const HOLIDAYS_AHEAD_DAYS = 30

/** Unix ms of Sunday 00:00 UTC of the week holding `nowMs`. */
const weekStart = (nowMs: number) =>
  nowMs - ((((nowMs - FIRST_SUNDAY_MS) % (7 * MS_PER_DAY)) + 7 * MS_PER_DAY) % (7 * MS_PER_DAY))

/**
 * This week's regular hours as UTC minutes of the week (`Sessions`): the market's own windows moved
 * by its zone's offsets this week, holidays aside. A calendar without holidays is asked.
 */
export function utcWeekWindows(regular: SessionCalendar, nowMs: number): TradingWindow[] {
  const start = weekStart(nowMs)
  return regular.openSpans(start, start + MINUTES_PER_WEEK * MS_PER_MINUTE).map((span) => ({
    From: Math.round((span.from - start) / MS_PER_MINUTE),
    To: Math.round((span.to - start) / MS_PER_MINUTE),
  }))
}

/** The holidays of the next HOLIDAYS_AHEAD_DAYS days (and today's), their hours as UTC instants. */
export function upcomingHolidays(def: InstrumentDef, nowMs: number): MarketHoliday[] {
  const today = def.calendar.localDay(nowMs)
  return def.holidays
    .filter((h) => {
      const day = dayNumber(h.date)
      return day >= today && day <= today + HOLIDAYS_AHEAD_DAYS
    })
    .map((h) => {
      const day = dayNumber(h.date)
      return {
        Date: h.date,
        Name: h.name,
        Hours: h.hours.map((w) => ({
          From: def.calendar.utcOf(day, w.From),
          To: def.calendar.utcOf(day, w.To),
        })),
      }
    })
}

/** The next rollover's time of day in UTC minutes (it moves with the market zone's daylight saving). */
export function rolloverUtcMinute(def: InstrumentDef, nowMs: number): number {
  const next = nextRollover({ swap: def.swap, calendar: def.calendar }, nowMs)
  if (next === undefined) {
    // None within a week (a market closed for long): today's instant, as the zone has it now.
    const at = def.calendar.utcOf(def.calendar.localDay(nowMs), def.swap.rolloverMinute)
    return Math.floor((((at % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY) / MS_PER_MINUTE)
  }
  return Math.floor((next % MS_PER_DAY) / MS_PER_MINUTE)
}
