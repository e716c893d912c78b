import { PERIOD_SECONDS, STORED_PERIODS, type Period, type StoredPeriod } from '@tp/contracts'

/** A candle as the engine keeps it: `time` is the Unix second at which its period starts. */
export interface Bar {
  time: number
  open: number
  high: number
  low: number
  close: number
  /** Tick volume: the number of prices folded in. */
  volume: number
}

export interface ClosedBar {
  period: StoredPeriod
  bar: Bar
}

const SECONDS_PER_DAY = 86_400
/** 1970-01-01 was a Thursday: the first Monday, where weeks are counted from, is 4 days later. */
const FIRST_MONDAY_SECONDS = 4 * SECONDS_PER_DAY

/**
 * Start of the period holding `timeMs`, in Unix seconds, in UTC: a day starts at 00:00, a week on
 * Monday 00:00, a month on its first day (by the calendar, not a modulo: months differ in length).
 */
export function bucketStart(timeMs: number, period: Period): number {
  if (period === '1mon') {
    const { year, month } = civilMonth(Math.floor(timeMs / 1000 / SECONDS_PER_DAY))
    return Date.UTC(year, month - 1, 1) / 1000
  }
  const size = PERIOD_SECONDS[period]
  const offset = period === '1week' ? FIRST_MONDAY_SECONDS : 0
  return Math.floor((timeMs / 1000 - offset) / size) * size + offset
}

/** Start (Unix s) of the period after the one starting at `start`. */
export function nextBucketStart(start: number, period: Period): number {
  if (period !== '1mon') return start + PERIOD_SECONDS[period]
  const { year, month } = civilMonth(Math.floor(start / SECONDS_PER_DAY))
  return Date.UTC(year, month, 1) / 1000
}

/**
 * Year and month (1-12) of a count of days since 1970-01-01, in the proleptic Gregorian calendar
 * (H. Hinnant's civil_from_days): the engine reads no Date object, whose constructor lint keeps out.
 */
function civilMonth(days: number): { year: number; month: number } {
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153)
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month }
}

/**
 * The current candle of every stored period for one instrument. Each price is folded into all of them;
 * a price in a later period closes the current candle and opens the next. Prices older than the
 * current 1min candle are ignored (a feed may repeat itself after a reconnect).
 */
export class CandleBook {
  private readonly current = new Map<StoredPeriod, Bar>()

  constructor(initial: Partial<Record<StoredPeriod, Bar>> = {}) {
    for (const period of STORED_PERIODS) {
      const bar = initial[period]
      if (bar) this.current.set(period, { ...bar })
    }
  }

  /** The open candle of a period, if any price has arrived in it. */
  bar(period: StoredPeriod): Bar | undefined {
    return this.current.get(period)
  }

  /** Folds one price in and returns the candles it closed, shortest period first. */
  apply(price: number, timeMs: number, volume = 1): ClosedBar[] {
    const minute = this.current.get('1min')
    if (minute && bucketStart(timeMs, '1min') < minute.time) return []
    const closed: ClosedBar[] = []
    for (const period of STORED_PERIODS) {
      const time = bucketStart(timeMs, period)
      const bar = this.current.get(period)
      if (bar && bar.time === time) {
        if (price > bar.high) bar.high = price
        if (price < bar.low) bar.low = price
        bar.close = price
        bar.volume += volume
        continue
      }
      if (bar && bar.time < time) closed.push({ period, bar })
      // A new period opens at this price; the first price of a period is its open.
      if (!bar || bar.time < time)
        this.current.set(period, { time, open: price, high: price, low: price, close: price, volume })
    }
    return closed
  }
}

/** Candles of a longer period made from shorter ones (ascending in, ascending out). */
export function aggregate(bars: readonly Bar[], period: Period): Bar[] {
  const out: Bar[] = []
  let last: Bar | undefined
  for (const bar of bars) {
    const time = bucketStart(bar.time * 1000, period)
    if (last && last.time === time) {
      last.high = Math.max(last.high, bar.high)
      last.low = Math.min(last.low, bar.low)
      last.close = bar.close
      last.volume += bar.volume
    } else {
      last = { ...bar, time }
      out.push(last)
    }
  }
  return out
}

/** Percent change from `open` to `close`, rounded to 2 decimals; 0 when there is no open. */
export function percentChange(open: number, close: number): number {
  if (!open) return 0
  // `+ 0` turns the -0 of a tiny drop (Math.round(-0.4) is -0) into 0, which formats as "0" not "-0".
  return Math.round(((close - open) / open) * 10_000) / 100 + 0
}

/** A price rounded to `precision` decimals. */
export function roundPrice(value: number, precision: number): number {
  const factor = 10 ** precision
  return Math.round(value * factor) / factor
}
