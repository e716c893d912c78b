import type { TradingWindow } from '@tp/contracts'
import { MINUTES_PER_WEEK, isOpenAt, rollsOverOnWeekday } from './sessions.ts'
import { utcOfLocal, zoneOffsetMs } from './zone-offsets.ts'

const MS_PER_MINUTE = 60_000
const MS_PER_DAY = 86_400_000
const MINUTES_PER_DAY = 1440
/** Local days of spans built around an instant: a week before it and four after. */
const DAYS_BEFORE = 7
const DAYS_AFTER = 28
/** How far the next open or close is looked for: 84 days from the start of the UTC day asked about. */
const HORIZON_MS = 84 * MS_PER_DAY
/**
 * The end of the search from `ms`: one for its whole UTC day, and later for every later instant, so
 * an answer kept for a stretch of time is what a fresh calendar would answer at any instant of it.
 */
const horizonOf = (ms: number) => Math.floor(ms / MS_PER_DAY) * MS_PER_DAY + HORIZON_MS

/** A day of a market's own calendar that trades other hours than its week says (a holiday). */
export interface HolidayHours {
  /** The market's local date, YYYY-MM-DD. */
  date: string
  /** Minutes of that local day it trades (0..1440, ascending); empty: closed all day. */
  hours: readonly TradingWindow[]
}

/** When a market trades: weekly windows in its own time zone, and the days that differ. */
export interface MarketSchedule {
  /** An IANA zone ('America/New_York', 'UTC'); its daylight saving moves the hours in UTC. */
  timeZone: string
  /** Minutes from Sunday 00:00 local time, ascending and not overlapping. */
  windows: readonly TradingWindow[]
  holidays?: readonly HolidayHours[]
}

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export function dayNumber(date: string): number {
  const [year, month, day] = date.split('-').map(Number)
  return Date.UTC(year as number, (month as number) - 1, day as number) / MS_PER_DAY
}

/** The weekday of a day number, 0 Sunday … 6 Saturday (1970-01-01 was a Thursday). */
export const weekdayOfDay = (day: number) => (((day + 4) % 7) + 7) % 7

/**
 * A market's trading calendar (docs/decisions/022-market-calendar.md): whether it is open at an
 * instant, when it opens or closes next, and its local days, from weekly hours in its own time zone
 * (with daylight saving) and holidays. Answers come from open spans in UTC built for five weeks at a
 * time and kept: a tick's check is a binary search, with no time zone arithmetic.
 * Example: new SessionCalendar({ timeZone: 'America/New_York', windows: [{ From: 1020, To: 8220 }] })
 * is open from Sunday 17:00 to Friday 17:00 New York time.
 */
export class SessionCalendar {
  readonly timeZone: string
  readonly windows: readonly TradingWindow[]
  readonly holidays: readonly HolidayHours[]
  private readonly holidayByDay = new Map<number, readonly TradingWindow[]>()
  /** Open spans, flat: [from0, to0, from1, to1, …], UTC ms, valid for [rangeFrom, rangeTo). */
  private spans: number[] = []
  private rangeFrom = 0
  private rangeTo = 0
  /** The last answers of nextOpen and nextClose, with the stretch of time they hold for. */
  private openMemo = { from: 0, to: 0, at: undefined as number | undefined }
  private closeMemo = { from: 0, to: 0, at: undefined as number | undefined }
  /** rollsOverOn's answers by weekday x 1440 + rollover minute. */
  private readonly rollsOverMemo = new Map<number, boolean>()

  constructor(schedule: MarketSchedule) {
    this.timeZone = schedule.timeZone
    this.windows = schedule.windows
    this.holidays = schedule.holidays ?? []
    for (const holiday of this.holidays) this.holidayByDay.set(dayNumber(holiday.date), holiday.hours)
  }

  /** A calendar of weekly windows in UTC, with no holidays. */
  static utc(windows: readonly TradingWindow[]): SessionCalendar {
    return new SessionCalendar({ timeZone: 'UTC', windows })
  }

  isOpenAt(ms: number): boolean {
    return this.spanAt(ms) >= 0
  }

  /**
   * Whether its weekly hours (holidays aside) have it open at `ms`: what a week of the market is,
   * whatever a holiday does to one (a rollover happens on a holiday as on any other day of its kind).
   */
  regularlyOpenAt(ms: number): boolean {
    // The weekly windows read at the local wall-clock time, as if it were UTC.
    return isOpenAt(this.windows, ms + zoneOffsetMs(this.timeZone, ms))
  }

  /**
   * Whether a rollover at `rolloverMinute` of the local day `day` finances a night (by its regular
   * week, holidays aside: `rollsOverOnWeekday`), remembered per weekday and minute.
   */
  rollsOverOn(day: number, rolloverMinute: number): boolean {
    const key = weekdayOfDay(day) * 1440 + rolloverMinute
    let answer = this.rollsOverMemo.get(key)
    if (answer === undefined) {
      answer = rollsOverOnWeekday(this.windows, weekdayOfDay(day), rolloverMinute)
      this.rollsOverMemo.set(key, answer)
    }
    return answer
  }

  /** The first instant at or after `ms` when the market is open (`ms` itself while open); undefined within the horizon (84 days). */
  nextOpen(ms: number): number | undefined {
    const memo = this.openMemo
    if (ms >= memo.from && ms < memo.to) return memo.at ?? ms
    const horizon = horizonOf(ms)
    for (let at = ms; at < horizon; at = this.rangeTo) {
      this.cover(at)
      const index = this.firstEndingAfter(at)
      if (index === this.spans.length) continue
      const from = this.spans[index] as number
      if (from >= horizon) return undefined
      if (from <= at) {
        // Open now: the answer is the instant asked, for the rest of this span.
        this.openMemo = { from: at, to: this.spans[index + 1] as number, at: undefined }
        return at
      }
      this.openMemo = { from: ms, to: from, at: from }
      return from
    }
    return undefined
  }

  /** The end of the open stretch holding `ms`; undefined while closed, or open past the horizon (84 days). */
  nextClose(ms: number): number | undefined {
    const memo = this.closeMemo
    if (ms >= memo.from && ms < memo.to) return memo.at
    if (!this.isOpenAt(ms)) return undefined
    const horizon = horizonOf(ms)
    for (let at = ms; at < horizon; at = this.rangeTo) {
      this.cover(at)
      const index = this.spanAt(at)
      if (index < 0) return this.rememberClose(ms, at)
      const to = this.spans[index + 1] as number
      if (to < this.rangeTo) return to < horizon ? this.rememberClose(ms, to) : this.rememberNoClose(ms)
    }
    return this.rememberNoClose(ms)
  }

  /** The open spans that overlap [fromMs, toMs), clipped to it (UTC ms). */
  openSpans(fromMs: number, toMs: number): { from: number; to: number }[] {
    const out: { from: number; to: number }[] = []
    for (let at = fromMs; at < toMs;) {
      const open = this.nextOpen(at)
      if (open === undefined || open >= toMs) break
      const close = this.nextClose(open) ?? toMs
      out.push({ from: open, to: Math.min(close, toMs) })
      at = close
    }
    return out
  }

  /** The market's local day (days since 1970-01-01) holding the instant `ms`. */
  localDay(ms: number): number {
    return Math.floor((ms + zoneOffsetMs(this.timeZone, ms)) / MS_PER_DAY)
  }

  /** The UTC instant of `minute` (0..1440) of a local day. */
  utcOf(day: number, minute: number): number {
    return utcOfLocal(this.timeZone, day * MS_PER_DAY + minute * MS_PER_MINUTE)
  }

  /** Whether two calendars trade the same hours (same zone, windows and holidays). */
  sameAs(other: SessionCalendar): boolean {
    return (
      this.timeZone === other.timeZone &&
      JSON.stringify(this.windows) === JSON.stringify(other.windows) &&
      JSON.stringify(this.holidays) === JSON.stringify(other.holidays)
    )
  }

  private rememberClose(ms: number, close: number): number {
    this.closeMemo = { from: ms, to: close, at: close }
    return close
  }

  /**
   * "Open past the horizon" holds for the rest of the UTC day of `ms` (one horizon): a holiday staff
   * add is seen within the day even by a calendar that is kept (an edit rebuilds it anyway).
   */
  private rememberNoClose(ms: number): undefined {
    this.closeMemo = { from: ms, to: Math.floor(ms / MS_PER_DAY) * MS_PER_DAY + MS_PER_DAY, at: undefined }
    return undefined
  }

  /** The index (even) of the open span holding `ms`, or -1 while closed. */
  private spanAt(ms: number): number {
    this.cover(ms)
    const index = this.firstEndingAfter(ms)
    return index < this.spans.length && (this.spans[index] as number) <= ms ? index : -1
  }

  /** The index (even) of the first span ending after `ms` (spans.length if none). */
  private firstEndingAfter(ms: number): number {
    let low = 0
    let high = this.spans.length / 2
    while (low < high) {
      const mid = (low + high) >> 1
      if ((this.spans[mid * 2 + 1] as number) <= ms) low = mid + 1
      else high = mid
    }
    return low * 2
  }

  /** Builds the spans of the local days around `ms`, unless they are built already. */
  private cover(ms: number): void {
    if (ms >= this.rangeFrom && ms < this.rangeTo) return
    const day = this.localDay(ms)
    const first = day - DAYS_BEFORE
    const last = day + DAYS_AFTER
    const spans: number[] = []
    for (let d = first; d < last; d++)
      for (const { From, To } of this.hoursOf(d)) {
        const from = this.utcOf(d, From)
        const to = this.utcOf(d, To)
        if (to <= from) continue
        // Touching spans (Friday 24:00 and Saturday 00:00, a holiday's edges) are one.
        if (spans.length > 0 && (spans[spans.length - 1] as number) >= from)
          spans[spans.length - 1] = Math.max(spans[spans.length - 1] as number, to)
        else spans.push(from, to)
      }
    this.spans = spans
    this.rangeFrom = this.utcOf(first, 0)
    this.rangeTo = this.utcOf(last, 0)
  }

  /** The minutes of a local day it trades: its holiday hours, or its weekday's share of the windows. */
  private hoursOf(day: number): readonly TradingWindow[] {
    const holiday = this.holidayByDay.get(day)
    if (holiday) return holiday
    const start = weekdayOfDay(day) * MINUTES_PER_DAY
    const out: TradingWindow[] = []
    for (const w of this.windows) {
      const from = Math.max(w.From, start)
      const to = Math.min(w.To, start + MINUTES_PER_DAY)
      if (from < to) out.push({ From: from - start, To: to - start })
    }
    return out
  }
}

/** Whether weekly windows cover the whole week (a market that never closes but for holidays). */
export const isAlwaysOpen = (windows: readonly TradingWindow[]) =>
  windows.length === 1 && windows[0]?.From === 0 && windows[0]?.To === MINUTES_PER_WEEK
