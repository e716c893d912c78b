import { Side, SwapMode, type SideValue, type SwapModeValue, type TradingWindow } from '@tp/contracts'
import { isOpenAt } from '../market/sessions.ts'
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
  /** The UTC weekday (0 Sunday … 6 Saturday) whose rollover charges three nights; null: none. */
  tripleDay: number | null
  /** Minutes after 00:00 UTC of the daily rollover. */
  rolloverMinute: number
}

export const NO_SWAP: SwapTerms = {
  long: '0',
  short: '0',
  mode: SwapMode.Points,
  tripleDay: null,
  rolloverMinute: 22 * 60,
}

const MS_PER_DAY = 86_400_000
const MS_PER_MINUTE = 60_000
/** A percentage rate is annual, over a 360-day year (the money-market convention). */
const DAYS_PER_YEAR = 360
/** Catching up after a long outage charges at most this many rollovers per position at once. */
export const MAX_CATCH_UP_ROLLOVERS = 400

interface Schedule {
  swap: SwapTerms
  sessions: readonly TradingWindow[]
}

/**
 * Whether the rollover of the UTC day holding `dayStartMs` happens: the market traded in the minute
 * before it. Forex (Sunday 22:00 to Friday 22:00) rolls over Monday to Friday; a market open every
 * day rolls over every day; a closed one never.
 */
function rollsOverAt(schedule: Schedule, rolloverMs: number): boolean {
  return isOpenAt(schedule.sessions, rolloverMs - MS_PER_MINUTE)
}

const rolloverOfDay = (dayStartMs: number, swap: SwapTerms) =>
  dayStartMs + swap.rolloverMinute * MS_PER_MINUTE
const dayStart = (ms: number) => Math.floor(ms / MS_PER_DAY) * MS_PER_DAY

/** The latest rollover at or before `ms` (within the last 8 days), or undefined. */
export function lastRollover(schedule: Schedule, ms: number): number | undefined {
  let at = rolloverOfDay(dayStart(ms), schedule.swap)
  if (at > ms) at -= MS_PER_DAY
  for (let day = 0; day < 8; day++, at -= MS_PER_DAY) if (rollsOverAt(schedule, at)) return at
  return undefined
}

/** The first rollover after `ms` (within the next 8 days), or undefined. */
export function nextRollover(schedule: Schedule, ms: number): number | undefined {
  let at = rolloverOfDay(dayStart(ms), schedule.swap)
  if (at <= ms) at += MS_PER_DAY
  for (let day = 0; day < 8; day++, at += MS_PER_DAY) if (rollsOverAt(schedule, at)) return at
  return undefined
}

/**
 * The rollovers after `afterMs` up to and including `untilMs`, oldest first, at most
 * MAX_CATCH_UP_ROLLOVERS of them (the newest).
 */
export function rolloversBetween(schedule: Schedule, afterMs: number, untilMs: number): number[] {
  const list: number[] = []
  for (
    let at = lastRollover(schedule, untilMs);
    at !== undefined && at > afterMs && list.length < MAX_CATCH_UP_ROLLOVERS;
    at = lastRollover(schedule, at - 1)
  )
    list.push(at)
  return list.reverse()
}

/** The UTC weekday of an instant, 0 Sunday … 6 Saturday (1970-01-01 was a Thursday). */
const weekdayOf = (ms: number) => (((Math.floor(ms / MS_PER_DAY) + 4) % 7) + 7) % 7

/** Nights a rollover charges: three on the triple-swap weekday, else one. */
export function nightsAt(swap: SwapTerms, rolloverMs: number): number {
  return swap.tripleDay !== null && weekdayOf(rolloverMs) === swap.tripleDay ? 3 : 1
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
