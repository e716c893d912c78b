import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { DerivedPeriod } from '@tp/contracts'
import { aggregate, bucketStart, CandleBook, type Bar } from './candles.ts'
import { derivedBars, formingDerived } from './derived-candles.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

const bar = (timeMs: number, open: number, high: number, low: number, close: number, volume = 1): Bar => ({
  time: timeMs / 1000,
  open,
  high,
  low,
  close,
  volume,
})

describe('derivedBars', () => {
  it('makes 4-hour candles of hours, split at 00:00, 04:00, 08:00 … UTC', () => {
    const hours = [
      bar(Date.UTC(2026, 10, 23, 2), 10, 12, 9, 11, 3),
      bar(Date.UTC(2026, 10, 23, 3), 11, 15, 10, 14, 2),
      bar(Date.UTC(2026, 10, 23, 4), 14, 14, 7, 8, 5),
      bar(Date.UTC(2026, 10, 23, 7), 8, 9, 6, 9, 1),
      bar(Date.UTC(2026, 10, 23, 8), 9, 10, 9, 10, 4),
    ]
    expect(derivedBars(hours, '4hour', true)).toEqual([
      bar(Date.UTC(2026, 10, 23, 0), 10, 15, 9, 14, 5),
      bar(Date.UTC(2026, 10, 23, 4), 14, 14, 6, 9, 6),
      bar(Date.UTC(2026, 10, 23, 8), 9, 10, 9, 10, 4),
    ])
    // Cut at a limit, the oldest bucket may miss its first hours: it is left out.
    expect(derivedBars(hours, '4hour', false)).toEqual(derivedBars(hours, '4hour', true).slice(1))
  })

  it('makes weeks of days from Monday to Sunday, and months of calendar months', () => {
    const days = [
      bar(Date.UTC(2026, 10, 27), 1, 2, 0.5, 1.5), // Friday 27 November
      bar(Date.UTC(2026, 10, 29), 1.5, 1.6, 1.4, 1.45), // Sunday 29 November (a forex week's open)
      bar(Date.UTC(2026, 10, 30), 1.45, 3, 1.4, 2.5), // Monday 30 November
      bar(Date.UTC(2026, 11, 1), 2.5, 2.6, 0.1, 0.2), // Tuesday 1 December
    ]
    expect(derivedBars(days, '1week', true)).toEqual([
      bar(Date.UTC(2026, 10, 23), 1, 2, 0.5, 1.45, 2),
      bar(Date.UTC(2026, 10, 30), 1.45, 3, 0.1, 0.2, 2),
    ])
    expect(derivedBars(days, '1mon', true)).toEqual([
      bar(Date.UTC(2026, 10, 1), 1, 3, 0.5, 2.5, 3),
      bar(Date.UTC(2026, 11, 1), 2.5, 2.6, 0.1, 0.2, 1),
    ])
  })
})

describe('formingDerived', () => {
  it.each<[DerivedPeriod, number, number]>([
    ['4hour', HOUR, 3 * HOUR],
    ['1week', DAY, 40 * DAY],
    ['1mon', DAY, 80 * DAY],
  ])('%s: is the bucket of the forming candle, as a full aggregate gives it', (period, stepMs, spanMs) => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: spanMs / stepMs }), fc.double({ min: 1, max: 2 })), {
          minLength: 1,
          maxLength: 60,
        }),
        (startMs, steps) => {
          let timeMs = Math.floor(startMs / stepMs) * stepMs
          const source: Bar[] = []
          for (const [gap, price] of steps) {
            timeMs += gap * stepMs
            source.push(bar(timeMs, price, price + 0.1, price - 0.1, price, gap))
          }
          const forming = source.at(-1) as Bar
          const closed = source.slice(0, -1)
          const all = aggregate(source, period)
          const { bar: made, before } = formingDerived(closed, forming, period)
          expect(made).toEqual(all.at(-1))
          const start = bucketStart(forming.time * 1000, period)
          expect(before).toEqual(closed.filter((b) => b.time < start).at(-1))
        },
      ),
      { seed: 7, numRuns: 200 },
    )
  })

  it('gives what a candle book would build from the same ticks (a month edge)', () => {
    const book = new CandleBook()
    const days: Bar[] = []
    const ticks: [number, number][] = [
      [Date.UTC(2026, 9, 30, 10), 1.1],
      [Date.UTC(2026, 9, 31, 23, 59), 1.3],
      [Date.UTC(2026, 10, 2, 0, 1), 1.2],
      [Date.UTC(2026, 10, 2, 5), 1.25],
    ]
    for (const [timeMs, price] of ticks) {
      for (const closed of book.apply(price, timeMs)) if (closed.period === '1day') days.push(closed.bar)
    }
    const { bar: month, before } = formingDerived(days, book.bar('1day') as Bar, '1mon')
    expect(month).toEqual(bar(Date.UTC(2026, 10, 1), 1.2, 1.25, 1.2, 1.25, 2))
    expect(before?.close).toBe(1.3)
  })
})
