import type { MarketHoliday } from '@tp/contracts/light'
import { DAY_AND_TIME, formatter } from './market-hours.ts'
import { isoDay, sameDay, TIME, type ShownWindow } from './weekly-hours.ts'

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** One part of an instant's formatting in a zone ('Eastern Time', 'GMT-5'), or ''. */
function zonePart(
  style: Intl.DateTimeFormatOptions['timeZoneName'],
  locale: string,
  zone: string,
  ms: number,
) {
  const parts = formatter(locale, { timeZoneName: style }, zone).formatToParts(ms)
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? ''
}

/**
 * A market's time zone as the reader's language names it, with its offset now: "Eastern Time
 * (GMT-5)", "北美東部時間 (GMT-5)". UTC is UTC in every language (as traders write it), a zone without
 * a name of its own is its offset alone, and one the browser does not know stays as sent.
 */
export function marketZoneName(timeZone: string, locale: string, nowMs: number): string {
  if (/^(Etc\/)?UTC$/.test(timeZone)) return 'UTC'
  try {
    const name = zonePart('longGeneric', locale, timeZone, nowMs)
    const offset = zonePart('shortOffset', locale, timeZone, nowMs)
    return !name || /\d/.test(name) ? offset || timeZone : `${name} (${offset})`
  } catch {
    return timeZone
  }
}

/** A holiday as the spec sheet lists it: its date, its name, and its hours (null: closed all day). */
export interface ShownHoliday {
  date: string
  name: string
  hours: ShownWindow[] | null
}

/** The market's own date ("2026-12-25") as the reader writes a day: "Fri 25 Dec" (en-GB). */
function localDate(date: string, locale: string): string {
  const match = LOCAL_DATE.exec(date)
  if (!match) return date
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  // A date, not an instant: written in UTC so that no zone moves it to another day.
  return formatter(locale, { weekday: 'short', day: 'numeric', month: 'short' }, 'UTC').format(
    Date.UTC(year, month - 1, day),
  )
}

/**
 * The coming holidays (`Holidays`: market-local dates, hours as instants) in the reader's language,
 * the hours in the reader's zone: a time alone on the holiday's own date, with the weekday when the
 * zone moves it to another day (New York's 18:00 is 07:00 the next morning in Hong Kong).
 */
export function shownHolidays(
  holidays: readonly MarketHoliday[] | undefined,
  locale: string,
  timeZone?: string,
): ShownHoliday[] {
  if (!holidays) return []
  const dayAndTime = formatter(locale, DAY_AND_TIME, timeZone)
  const time = formatter(locale, TIME, timeZone)
  return holidays.map((holiday) => ({
    date: localDate(holiday.Date, locale),
    name: holiday.Name,
    hours:
      holiday.Hours.length === 0
        ? null
        : holiday.Hours.map(({ From, To }) => ({
            from: isoDay(From, timeZone) === holiday.Date ? time.format(From) : dayAndTime.format(From),
            to: sameDay(From, To, timeZone) ? time.format(To) : dayAndTime.format(To),
          })),
  }))
}
