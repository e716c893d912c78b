import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { STORED_PERIODS, PERIOD_SECONDS, type Period, type StoredPeriod } from '@tp/contracts'
import {
  aggregate,
  bucketStart,
  CandleBook,
  nextBucketStart,
  percentChange,
  roundPrice,
  type Bar,
} from './candles.ts'

interface Tick {
  price: number
  timeMs: number
}

/** The UTC calendar of a given instant, as an independent reference (a given time, not the clock). */
// eslint-disable-next-line no-restricted-syntax -- the instant is an argument, not the clock
const dateAt = (timeMs: number) => new Date(timeMs)

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Gaps between ticks: mostly seconds, sometimes hours, now and then more than a day. */
const gap = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 90_000 }), weight: 8 },
  { arbitrary: fc.integer({ min: 0, max: 3 * HOUR }), weight: 2 },
  { arbitrary: fc.integer({ min: 6 * HOUR, max: 50 * HOUR }), weight: 1 },
)

const price = fc.double({ min: 1e-6, max: 1e6, noNaN: true, noDefaultInfinity: true })

/** An ascending stream of ticks starting at an arbitrary instant of 2020–2030. */
const tickStream = fc
  .record({
    start: fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
    steps: fc.array(fc.record({ price, gap }), { minLength: 1, maxLength: 300, size: 'max' }),
  })
  .map(({ start, steps }): Tick[] => {
    let timeMs = start
    return steps.map((step) => {
      timeMs += step.gap
      return { price: step.price, timeMs }
    })
  })

/** Reference model: candles of one period built directly from the ticks, grouped by bucket. */
function candlesFromTicks(ticks: readonly Tick[], period: StoredPeriod): Bar[] {
  const size = PERIOD_SECONDS[period] * 1000
  const out: Bar[] = []
  for (const { price, timeMs } of ticks) {
    const time = (Math.floor(timeMs / size) * size) / 1000
    const last = out.at(-1)
    if (last && last.time === time) {
      last.high = Math.max(last.high, price)
      last.low = Math.min(last.low, price)
      last.close = price
      last.volume += 1
    } else {
      out.push({ time, open: price, high: price, low: price, close: price, volume: 1 })
    }
  }
  return out
}

/** A cheap assertion for hot loops (vitest's `expect` is slow when called thousands of times per run). */
function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message)
}

/** Feeds the ticks into one book; every closed candle per period, then the open one. */
function runBook(ticks: readonly Tick[]): Record<StoredPeriod, Bar[]> {
  const book = new CandleBook()
  const out = Object.fromEntries(STORED_PERIODS.map((p) => [p, [] as Bar[]])) as Record<StoredPeriod, Bar[]>
  for (const { price, timeMs } of ticks) {
    const closed = book.apply(price, timeMs)
    // Closed candles come shortest period first, at most one per period.
    const order = closed.map((c) => STORED_PERIODS.indexOf(c.period))
    check(
      order.every((index, i) => i === 0 || index > order[i - 1]!),
      `closed out of order: ${order.join()}`,
    )
    for (const { period, bar } of closed) {
      // A candle closes only when a price arrives in a later period.
      check(bar.time < bucketStart(timeMs, period), `${period} candle ${bar.time} closed at ${timeMs}`)
      out[period].push({ ...bar })
    }
  }
  for (const period of STORED_PERIODS) {
    const open = book.bar(period)
    if (open) out[period].push({ ...open })
  }
  return out
}

describe('CandleBook', () => {
  it('builds candles of every period consistent with the ticks and with the 1min candles', () => {
    let multiDayRuns = 0
    fc.assert(
      fc.property(tickStream, (ticks) => {
        const candles = runBook(ticks)
        const minutes = candles['1min']
        // The 1min candles are the ticks grouped by minute (open = first, close = last price).
        expect(minutes).toEqual(candlesFromTicks(ticks, '1min'))
        for (const period of STORED_PERIODS) {
          const bars = candles[period]
          expect(bars).toEqual(aggregate(minutes, period))
          expect(bars).toEqual(candlesFromTicks(ticks, period))
          let total = 0
          let previous = -Infinity
          for (const bar of bars) {
            check(bar.low <= Math.min(bar.open, bar.close), `${period} low above open/close at ${bar.time}`)
            check(bar.high >= Math.max(bar.open, bar.close), `${period} high below open/close at ${bar.time}`)
            check(bar.time % PERIOD_SECONDS[period] === 0, `${period} candle not aligned: ${bar.time}`)
            check(bar.time > previous, `${period} candles not ascending at ${bar.time}`)
            previous = bar.time
            total += bar.volume
          }
          expect(total).toBe(ticks.length)
        }
        if (candles['1day'].length >= 3) multiDayRuns++
      }),
      { seed: 42, numRuns: 200 },
    )
    // The generator really spans several days (so day candles are closed and reopened) most of the time.
    expect(multiDayRuns).toBeGreaterThan(100)
  })

  it('ignores replayed ticks older than the current minute (a feed repeating itself)', () => {
    const stream = tickStream.chain((ticks) =>
      fc.record({
        ticks: fc.constant(ticks),
        // Before some ticks, replay an earlier tick of the stream.
        replays: fc.array(fc.tuple(fc.nat(ticks.length - 1), fc.nat(ticks.length - 1)), { maxLength: 30 }),
      }),
    )
    fc.assert(
      fc.property(stream, ({ ticks, replays }) => {
        const fed: Tick[] = [...ticks]
        // Insert from the end so earlier indices stay valid.
        for (const [at, from] of [...replays].sort((a, b) => b[0] - a[0])) {
          const earlier = ticks[Math.min(from, at)]!
          fed.splice(at, 0, earlier)
        }
        // Expected: a replayed tick counts only if it still falls in (or after) the current minute.
        const kept: Tick[] = []
        for (const tick of fed) {
          const last = kept.at(-1)
          if (!last || Math.floor(tick.timeMs / MINUTE) >= Math.floor(last.timeMs / MINUTE)) kept.push(tick)
        }
        const candles = runBook(fed)
        for (const period of STORED_PERIODS) expect(candles[period]).toEqual(candlesFromTicks(kept, period))
      }),
      { seed: 42, numRuns: 100 },
    )
  })

  it('returns [] and changes nothing for a tick older than the current 1min candle', () => {
    const t = Date.UTC(2026, 10, 23, 10, 30, 15)
    const book = new CandleBook()
    book.apply(1.1, t)
    book.apply(1.2, t + 10_000)
    const before = STORED_PERIODS.map((p) => ({ ...book.bar(p)! }))

    expect(book.apply(9.9, t - 16_000)).toEqual([]) // 10:29:59, the previous minute
    expect(book.apply(0.1, t - DAY)).toEqual([])
    expect(STORED_PERIODS.map((p) => book.bar(p))).toEqual(before)

    // A late tick within the current minute is still folded in (and becomes the close).
    expect(book.apply(1.0, t - 15_000)).toEqual([]) // 10:30:00
    expect(book.bar('1min')).toEqual({
      time: (t - 15_000) / 1000,
      open: 1.1,
      high: 1.2,
      low: 1,
      close: 1,
      volume: 3,
    })
  })

  it('ignores a tick older than the minute of an initial candle', () => {
    const time = bucketStart(Date.UTC(2026, 10, 23, 10, 30), '1min')
    const initial = { time, open: 2, high: 3, low: 1, close: 2.5, volume: 7 }
    const book = new CandleBook({ '1min': initial })
    expect(book.apply(5, time * 1000 - 1)).toEqual([])
    expect(book.bar('1min')).toEqual(initial)
    expect(book.bar('1day')).toBeUndefined()
    // The book copies the initial candle rather than mutating the caller's object.
    book.apply(5, time * 1000)
    expect(initial.high).toBe(3)
    expect(book.bar('1min')).toMatchObject({ high: 5, close: 5, volume: 8 })
  })

  it('closes every period at a day boundary, shortest first, and counts volume', () => {
    const book = new CandleBook()
    const end = Date.UTC(2026, 10, 23, 23, 59, 30)
    expect(book.apply(10, end)).toEqual([])
    expect(book.apply(11, end + 1000, 5)).toEqual([])
    const closed = book.apply(12, end + 30_000)
    expect(closed.map((c) => c.period)).toEqual(STORED_PERIODS)
    for (const { period, bar } of closed) {
      expect(bar).toEqual({
        time: bucketStart(end, period),
        open: 10,
        high: 11,
        low: 10,
        close: 11,
        volume: 6,
      })
    }
    expect(book.bar('1day')).toEqual({
      time: Date.UTC(2026, 10, 24) / 1000,
      open: 12,
      high: 12,
      low: 12,
      close: 12,
      volume: 1,
    })
  })
})

describe('bucketStart', () => {
  // Monday 23 November 2026.
  const t = Date.UTC(2026, 10, 23, 10, 37, 12, 345)
  it.each<[Exclude<Period, '1mon'>, number]>([
    ['1min', Date.UTC(2026, 10, 23, 10, 37)],
    ['5min', Date.UTC(2026, 10, 23, 10, 35)],
    ['15min', Date.UTC(2026, 10, 23, 10, 30)],
    ['30min', Date.UTC(2026, 10, 23, 10, 30)],
    ['60min', Date.UTC(2026, 10, 23, 10, 0)],
    ['4hour', Date.UTC(2026, 10, 23, 8, 0)],
    ['1day', Date.UTC(2026, 10, 23, 0, 0)],
    ['1week', Date.UTC(2026, 10, 23, 0, 0)],
  ])('%s starts at the period boundary (UTC)', (period, startMs) => {
    expect(bucketStart(t, period)).toBe(startMs / 1000)
    expect(bucketStart(startMs, period)).toBe(startMs / 1000)
    expect(bucketStart(startMs - 1, period)).toBe(startMs / 1000 - PERIOD_SECONDS[period])
    expect(nextBucketStart(startMs / 1000, period)).toBe(startMs / 1000 + PERIOD_SECONDS[period])
  })

  it.each([
    // Sunday 29 November 2026 23:59 is still the week of Monday the 23rd; Monday 30th 00:00 is the next.
    [Date.UTC(2026, 10, 29, 23, 59, 59, 999), Date.UTC(2026, 10, 23)],
    [Date.UTC(2026, 10, 30), Date.UTC(2026, 10, 30)],
    // A week across a new year: Thursday 1 January 2026 is in the week of Monday 29 December 2025.
    [Date.UTC(2026, 0, 1, 12), Date.UTC(2025, 11, 29)],
    // Before 1970 too (Thursday 1 January 1970 belongs to the week of Monday 29 December 1969).
    [Date.UTC(1970, 0, 1), Date.UTC(1969, 11, 29)],
  ])('a week starts on Monday 00:00 UTC (%d)', (timeMs, mondayMs) => {
    expect(bucketStart(timeMs, '1week')).toBe(mondayMs / 1000)
  })

  it.each([
    [Date.UTC(2026, 10, 23, 10, 37), Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1)],
    [Date.UTC(2026, 1, 28, 23, 59), Date.UTC(2026, 1, 1), Date.UTC(2026, 2, 1)],
    // 2028 is a leap year: 29 February belongs to February, 1 March starts March.
    [Date.UTC(2028, 1, 29, 12), Date.UTC(2028, 1, 1), Date.UTC(2028, 2, 1)],
    [Date.UTC(2028, 2, 1), Date.UTC(2028, 2, 1), Date.UTC(2028, 3, 1)],
    [Date.UTC(2026, 11, 31, 23, 59, 59, 999), Date.UTC(2026, 11, 1), Date.UTC(2027, 0, 1)],
    [Date.UTC(2000, 1, 29), Date.UTC(2000, 1, 1), Date.UTC(2000, 2, 1)],
  ])('a month is a calendar month in UTC (%d)', (timeMs, firstMs, nextMs) => {
    expect(bucketStart(timeMs, '1mon')).toBe(firstMs / 1000)
    expect(nextBucketStart(firstMs / 1000, '1mon')).toBe(nextMs / 1000)
  })

  it('a week starts on the Monday before, a month on the first, for any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (timeMs) => {
        const date = dateAt(timeMs)
        const daysSinceMonday = (date.getUTCDay() + 6) % 7
        const monday = Date.UTC(
          date.getUTCFullYear(),
          date.getUTCMonth(),
          date.getUTCDate() - daysSinceMonday,
        )
        expect(bucketStart(timeMs, '1week')).toBe(monday / 1000)
        expect(bucketStart(timeMs, '1mon')).toBe(
          Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000,
        )
      }),
      { seed: 42, numRuns: 500 },
    )
  })

  it('a day starts at 00:00 UTC', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (timeMs) => {
        const date = dateAt(timeMs)
        const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
        expect(bucketStart(timeMs, '1day')).toBe(midnight / 1000)
      }),
      { seed: 42, numRuns: 200 },
    )
  })
})

describe('aggregate', () => {
  it('of an empty list is empty', () => {
    for (const period of STORED_PERIODS) expect(aggregate([], period)).toEqual([])
  })

  it('does not modify its input', () => {
    const bars: Bar[] = [
      { time: 0, open: 1, high: 2, low: 1, close: 2, volume: 1 },
      { time: 60, open: 2, high: 3, low: 0.5, close: 1, volume: 2 },
    ]
    const copy = structuredClone(bars)
    expect(aggregate(bars, '5min')).toEqual([{ time: 0, open: 1, high: 3, low: 0.5, close: 1, volume: 3 }])
    expect(bars).toEqual(copy)
  })
})

describe('percentChange', () => {
  it.each([
    [100, 101.5, 1.5],
    [100, 95, -5],
    [3, 4, 33.33],
    [1.1, 1, -9.09],
    [2, 2, 0],
    [0, 5, 0], // no open: 0
    [1, 1.00005, 0.01], // 0.005 % rounds half up
  ])('percentChange(%d, %d) = %d', (open, close, change) => {
    expect(percentChange(open, close)).toBe(change)
  })

  it('a drop too small to show is 0, not -0', () => {
    expect(Object.is(percentChange(1.1, 1.09999), 0)).toBe(true)
    expect(Object.is(percentChange(20_000, 19_999), 0)).toBe(true) // exactly -0.005 %
  })
})

describe('roundPrice', () => {
  it.each([
    [1.23456, 4, 1.2346],
    [1.23454, 4, 1.2345],
    [150.1234, 2, 150.12],
    [2.5, 0, 3],
    [123.456, 0, 123],
    // Documented behaviour, not decimal half-up: 1.005 * 100 is 100.49999999999999 in binary floating
    // point, so 1.005 rounds down to 1 (likewise 1.015 → 1.01), while 2.675 * 100 is exactly 267.5 → 2.68.
    [1.005, 2, 1],
    [1.015, 2, 1.01],
    [2.675, 2, 2.68],
  ])('roundPrice(%d, %d) = %d', (value, precision, rounded) => {
    expect(roundPrice(value, precision)).toBe(rounded)
  })
})
