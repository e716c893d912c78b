import { STORED_PERIODS, type StoredPeriod, type TradingWindow } from '@tp/contracts'
import type { SessionCalendar } from './calendar.ts'
import { aggregate, bucketStart, type Bar } from './candles.ts'
import { gapTime, stepMid, quoteFromMid, type WalkSpec } from './price-walk.ts'
import type { Random } from './random.ts'
import { MINUTES_PER_WEEK, minuteOfWeek } from './sessions.ts'

const MS_PER_MINUTE = 60_000
const MS_PER_DAY = 86_400_000
/** Prices inside one historical minute: its open plus this many steps give its high, low and close. */
const STEPS_PER_MINUTE = 4
const STEPS_PER_DAY = 24
/** Never look further back than this for open minutes (an instrument with tiny sessions). */
const MAX_LOOKBACK_DAYS = 3 * 365

export interface HistorySpec {
  walk: WalkSpec
  /** When the market trades: history has candles only then. */
  calendar: SessionCalendar
  precision: number
  spreadPoints: number
  /** Average milliseconds between quotes: gives each candle a plausible tick volume. */
  tickIntervalMs: number
}

export interface History {
  bars: Record<StoredPeriod, Bar[]>
  /** The mid price at the end of the history, where the live feed continues. */
  lastMid: number
}

/**
 * Candle history ending before the minute that holds `endMs`, with at least `count` candles of every
 * period (fewer only if the sessions are too short to fill `MAX_LOOKBACK_DAYS`). Candles are bid
 * prices. The minutes are one path: every 5min…60min candle is made of the 1min candles under it.
 * Days before that path come from a daily walk that ends where the path starts.
 */
export function generateHistory(spec: HistorySpec, endMs: number, count: number, random: Random): History {
  const minutes = openMinutesBefore(spec.calendar, bucketStart(endMs, '1min') * 1000, count)
  const firstDay = minutes.length ? bucketStart(minutes[0]! * 1000, '1day') : bucketStart(endMs, '1day')
  const earlierDays = openDaysBefore(spec.calendar, firstDay * 1000, count)

  let mid = spec.walk.anchor
  const bid = (price: number) => quoteFromMid(price, spec.spreadPoints, spec.precision).bid
  const dailyBars: Bar[] = []
  let lastMs = earlierDays.length ? earlierDays[0]! * 1000 - MS_PER_DAY : 0
  for (const day of earlierDays) {
    const bar = walkBar(day, mid, STEPS_PER_DAY, MS_PER_DAY / STEPS_PER_DAY, day * 1000 - lastMs)
    dailyBars.push(bar.bar)
    mid = bar.mid
    lastMs = day * 1000 + MS_PER_DAY
  }

  const minuteBars: Bar[] = []
  for (const minute of minutes) {
    const bar = walkBar(
      minute,
      mid,
      STEPS_PER_MINUTE,
      MS_PER_MINUTE / STEPS_PER_MINUTE,
      minute * 1000 - lastMs,
    )
    minuteBars.push(bar.bar)
    mid = bar.mid
    lastMs = minute * 1000 + MS_PER_MINUTE
  }

  const bars = {} as Record<StoredPeriod, Bar[]>
  for (const period of STORED_PERIODS) {
    const made = period === '1min' ? minuteBars : aggregate(minuteBars, period)
    const all = period === '1day' ? [...dailyBars, ...made] : made
    bars[period] = all.slice(-count)
  }
  return { bars, lastMid: mid }

  /** One candle of `steps` moves from `startMid`; the first move covers the pause since the last price. */
  function walkBar(time: number, startMid: number, steps: number, stepMs: number, pauseMs: number) {
    let price = stepMid(startMid, spec.walk, Math.max(gapTime(pauseMs), stepMs), random)
    const open = bid(price)
    let high = open
    let low = open
    for (let i = 0; i < steps; i++) {
      price = stepMid(price, spec.walk, stepMs, random)
      const b = bid(price)
      if (b > high) high = b
      if (b < low) low = b
    }
    const ticks = ((stepMs * steps) / spec.tickIntervalMs) * (0.5 + random.next())
    return {
      bar: { time, open, high, low, close: bid(price), volume: Math.max(1, Math.round(ticks)) },
      mid: price,
    }
  }
}

/**
 * Start times (Unix s, ascending) of the open minutes before `endMs`, enough for `count` hourly
 * candles (and so for `count` candles of every shorter period).
 */
function openMinutesBefore(calendar: SessionCalendar, endMs: number, count: number): number[] {
  const out: number[] = []
  const hours = new Set<number>()
  const limit = endMs - MAX_LOOKBACK_DAYS * MS_PER_DAY
  for (let t = endMs - MS_PER_MINUTE; t >= limit && hours.size <= count; t -= MS_PER_MINUTE) {
    if (!calendar.isOpenAt(t)) continue
    out.push(t / 1000)
    hours.add(bucketStart(t, '60min'))
  }
  // The oldest hour may be partial; dropping it keeps every hourly candle whole.
  const oldestHour = Math.min(...hours)
  return out.reverse().filter((t) => hours.size <= count || bucketStart(t * 1000, '60min') !== oldestHour)
}

/** Start times (Unix s, ascending) of up to `count` days before `endMs` on which the market opens at all. */
function openDaysBefore(calendar: SessionCalendar, endMs: number, count: number): number[] {
  const out: number[] = []
  const limit = endMs - MAX_LOOKBACK_DAYS * MS_PER_DAY * 2
  for (let t = endMs - MS_PER_DAY; t >= limit && out.length < count; t -= MS_PER_DAY) {
    if ((calendar.nextOpen(t) ?? Infinity) < t + MS_PER_DAY) out.push(t / 1000)
  }
  return out.reverse()
}

/** Whether any window overlaps the UTC day starting at `dayMs`. */
export function opensOnDay(sessions: readonly TradingWindow[], dayMs: number): boolean {
  const from = minuteOfWeek(dayMs)
  const to = from + 24 * 60
  return sessions.some(
    (w) => (w.From < to && w.To > from) || (w.From + MINUTES_PER_WEEK < to && w.To + MINUTES_PER_WEEK > from),
  )
}
