import { Side, SwapMode, type SideValue, type SwapModeValue } from '@tp/contracts'
import { weekdayOfDay, type SessionCalendar } from '../market/calendar.ts'
import { money, swapToCents, type Money } from './money.ts'

/**
 * Overnight financing (docs/decisions/021-swaps.md): at each daily rollover an open position is
 * charged or credited its instrument's rate for one night, three on the triple-swap weekday.
 */
export interface SwapTerms {
  /** Per lot per night of a buy and of a sell, as `mode` reads them: exact decimal text, negative charges. */
  long: string
  short: string
  mode: SwapModeValue
  /** The weekday (0 Sunday … 6 Saturday, in the market's time zone) whose rollover charges three nights; null: none. */
  tripleDay: number | null
  /** Minutes after local midnight of the daily rollover, in the market's time zone (17:00 New York: 1020). */
  rolloverMinute: number
}

export const NO_SWAP: SwapTerms = {
  long: '0',
  short: '0',
  mode: SwapMode.Points,
  tripleDay: null,
  rolloverMinute: 22 * 60,
}

/** A percentage rate is annual, over a 360-day year (the money-market convention). */
const DAYS_PER_YEAR = 360
/** Catching up after a long outage charges at most this many rollovers per position at once. */
export const MAX_CATCH_UP_ROLLOVERS = 400

interface Schedule {
  swap: SwapTerms
  calendar: SessionCalendar
}

/**
 * Whether the rollover of a local day happens (`SessionCalendar.rollsOverOn`): the market's regular
 * week trades in the minute before it, or, where that minute is closed (a daily break, after the
 * close), it traded since the day before's rollover in a session no rollover fell in (issue 22).
 * Forex (Sunday 17:00 to Friday 17:00 New York) rolls over Monday to Friday; a market open every day
 * rolls over every day; none on a weekend. Holidays do not count: a position held over one is
 * financed as on any other day of its kind (the weekly count of nights, and the triple day with it,
 * never changes with the calendar), so no holiday or early close lets a night go unpaid.
 */
const rollsOverOn = (schedule: Schedule, day: number) =>
  schedule.calendar.rollsOverOn(day, schedule.swap.rolloverMinute)

/** The rollover instant of a local day of the market. */
const rolloverOfDay = (schedule: Schedule, day: number) =>
  schedule.calendar.utcOf(day, schedule.swap.rolloverMinute)

/** The latest rollover at or before `ms` (within the last 8 days), or undefined. */
export function lastRollover(schedule: Schedule, ms: number): number | undefined {
  let day = schedule.calendar.localDay(ms)
  if (rolloverOfDay(schedule, day) > ms) day--
  for (let tries = 0; tries < 8; tries++, day--) {
    if (rollsOverOn(schedule, day)) return rolloverOfDay(schedule, day)
  }
  return undefined
}

/** The first rollover after `ms` (within the next 8 days), or undefined. */
export function nextRollover(schedule: Schedule, ms: number): number | undefined {
  let day = schedule.calendar.localDay(ms)
  if (rolloverOfDay(schedule, day) <= ms) day++
  for (let tries = 0; tries < 8; tries++, day++) {
    if (rollsOverOn(schedule, day)) return rolloverOfDay(schedule, day)
  }
  return undefined
}

/**
 * The rollovers after `afterMs` up to and including `untilMs`, oldest first, at most
 * MAX_CATCH_UP_ROLLOVERS of them (the newest).
 */
export function rolloversBetween(schedule: Schedule, afterMs: number, untilMs: number): number[] {
  return new RolloversUntil(schedule, untilMs).after(afterMs)
}

/**
 * The rollovers of one instrument up to `untilMs`, found once (newest first, as far back as asked)
 * and shared by all its positions at a rollover: each asks only which of them came after it paid.
 */
export class RolloversUntil {
  private readonly newestFirst: number[] = []
  private exhausted = false

  constructor(
    private readonly schedule: Schedule,
    private readonly untilMs: number,
  ) {}

  /** The rollovers after `afterMs`, oldest first, at most MAX_CATCH_UP_ROLLOVERS of them (the newest). */
  after(afterMs: number): number[] {
    const list = this.newestFirst
    while (!this.exhausted && list.length < MAX_CATCH_UP_ROLLOVERS && (list.at(-1) ?? Infinity) > afterMs) {
      const at = lastRollover(this.schedule, list.length === 0 ? this.untilMs : (list.at(-1) as number) - 1)
      if (at === undefined) this.exhausted = true
      else list.push(at)
    }
    const out: number[] = []
    for (const at of list) {
      if (at <= afterMs) break
      out.push(at)
    }
    return out.reverse()
  }
}

/** Nights a rollover charges: three on the triple-swap weekday (of the market's own calendar), else one. */
export function nightsAt(schedule: Schedule, rolloverMs: number): number {
  const { tripleDay } = schedule.swap
  return tripleDay !== null && weekdayOfDay(schedule.calendar.localDay(rolloverMs)) === tripleDay ? 3 : 1
}

/** The least time between two rollovers a position pays: nights are a day apart (23 or 25 hours across daylight saving). */
export const MIN_ROLLOVER_GAP_MS = 12 * 3_600_000

/**
 * What a position that paid the rollover at `rolloverMs` has paid through: the end of the market's
 * local day holding it, and at least MIN_ROLLOVER_GAP_MS after it. So a rollover staff move later in
 * the same day cannot charge it again, nor can one of the same night seen in a new time zone (a
 * market moved from New York to Tokyo has its next rollover hours after New York's).
 */
export function paidThrough(schedule: Schedule, rolloverMs: number): number {
  const endOfDay = schedule.calendar.utcOf(schedule.calendar.localDay(rolloverMs) + 1, 0) - 1
  return Math.max(endOfDay, rolloverMs + MIN_ROLLOVER_GAP_MS)
}

export interface SwapPosition {
  side: SideValue
  lots: Money
  /** The contract size it opened with. */
  contractSize: string
}

/**
 * One rollover's swap of one unit of the instrument, in its quote currency (negative: a charge): the
 * same for every position of a side at one rollover, so computed once for them all. `price` is the
 * price a position would close at (used by a percentage rate only).
 */
export function swapPerUnit(
  swap: SwapTerms,
  precision: number,
  side: SideValue,
  nights: number,
  price: number,
): Money {
  const rate = money(side === Side.Buy ? swap.long : swap.short)
  if (rate.isZero()) return rate
  const perNight =
    swap.mode === SwapMode.Points
      ? rate.times(money(10).pow(-precision))
      : rate.div(100 * DAYS_PER_YEAR).times(price)
  return perNight.times(nights)
}

/** A position's swap in USD cents from the swap of one unit (`swapPerUnit`) and USD per quote currency unit. */
export function swapOf(perUnit: Money, position: SwapPosition, usdRate: Money): Money {
  return swapToCents(perUnit.times(position.lots).times(position.contractSize).times(usdRate))
}
