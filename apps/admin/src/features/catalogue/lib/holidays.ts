import {
  HOLIDAY_LIST_BACK_DAYS,
  HOLIDAY_WINDOWS_MAX,
  isoDate,
  type AdminHoliday,
  type HolidayRequest,
  type TradingWindow,
} from '@tp/contracts'
import { MINUTES_PER_DAY, checkedWindows, clockText, parseTime } from './sessions.ts'

/**
 * The holiday calendar (docs/decisions/022-market-calendar.md): a market's local date, a name, a
 * scope (one instrument, a category, or every instrument) and the minutes of that day it trades.
 */

/** YYYY-MM-DD of the UTC day holding `timeMs`. */
export const utcDate = (timeMs: number) => new Date(timeMs).toISOString().slice(0, 10)

/**
 * Whether `text` is a date the server takes (YYYY-MM-DD that exists). Guarded: the schema's
 * refinement still runs after its pattern fails (zod 4), and throws on text that is no date at all.
 */
export function isDateText(text: string): boolean {
  try {
    return isoDate.safeParse(text).success
  } catch {
    return false
  }
}

/** The list's first date unless staff choose another: a week ago. */
export const defaultListFrom = (nowMs: number) => utcDate(nowMs - HOLIDAY_LIST_BACK_DAYS * 86_400_000)

/** The scope select's value: every instrument, a category or an instrument (a select holds one value). */
export type ScopeValue = 'all' | `category:${number}` | `instrument:${number}`

export function scopeOf(holiday: Pick<AdminHoliday, 'instrument_id' | 'category_id'>): ScopeValue {
  if (holiday.instrument_id !== null) return `instrument:${holiday.instrument_id}`
  if (holiday.category_id !== null) return `category:${holiday.category_id}`
  return 'all'
}

function idsOf(scope: ScopeValue): Pick<HolidayRequest, 'instrument_id' | 'category_id'> {
  const [kind, id] = scope.split(':')
  return {
    instrument_id: kind === 'instrument' ? Number(id) : null,
    category_id: kind === 'category' ? Number(id) : null,
  }
}

/**
 * The hours a market trades on a local date when a holiday says so, else undefined: of one date,
 * the most specific holiday applies (the instrument's, its category's, then every instrument's).
 */
export function holidayHoursOn(
  holidays: readonly AdminHoliday[],
  instrument: { id: number; category_id: number },
  date: string,
): readonly TradingWindow[] | undefined {
  const that = holidays.filter((h) => h.date === date)
  const match =
    that.find((h) => h.instrument_id === instrument.id) ??
    that.find((h) => h.instrument_id === null && h.category_id === instrument.category_id) ??
    that.find((h) => h.instrument_id === null && h.category_id === null)
  return match?.hours
}

/** "00:00–13:00, 18:00–24:00"; empty for none (closed all day). */
export const hoursText = (hours: readonly TradingWindow[]) =>
  hours.map((w) => `${clockText(w.From)}–${clockText(w.To)}`).join(', ')

/** A window as the editor holds it: "HH:MM" texts, read on save. */
export interface HourRow {
  from: string
  to: string
}

/** A window's minutes as typed (undefined where a time is not HH:MM from 00:00 to 24:00). */
export const readHourRow = (row: HourRow) => ({ From: parseTime(row.from), To: parseTime(row.to) })

/** Hours of one local day as the contracts' `holidayHoursField` takes them. */
export const checkedHolidayHours = (windows: readonly TradingWindow[]) =>
  checkedWindows(windows, MINUTES_PER_DAY, HOLIDAY_WINDOWS_MAX)

/** The holiday editor's form: the date as YYYY-MM-DD, the scope, closed or the hours typed. */
export interface HolidayFormValues {
  date: string
  name: string
  scope: ScopeValue
  closed: boolean
  hours: HourRow[]
}

export function toHolidayForm(holiday: AdminHoliday | undefined, today: string): HolidayFormValues {
  return {
    date: holiday?.date ?? today,
    name: holiday?.name ?? '',
    scope: holiday ? scopeOf(holiday) : 'all',
    closed: holiday ? holiday.hours.length === 0 : true,
    hours: (holiday?.hours ?? []).map((w) => ({ from: clockText(w.From), to: clockText(w.To) })),
  }
}

/** The request the form's values make; the form's rules have checked the hours already. */
export function holidayRequestOf(values: HolidayFormValues): HolidayRequest {
  const request = { date: values.date, name: values.name.trim(), ...idsOf(values.scope) }
  if (values.closed) return { ...request, hours: [] }
  const checked = checkedHolidayHours((values.hours ?? []).map(readHourRow) as TradingWindow[])
  // An unreadable list here is a bug (the rules ran), never "closed all day" by accident.
  if (!checked.ok) throw new Error('holiday hours were not checked')
  return { ...request, hours: checked.value }
}
