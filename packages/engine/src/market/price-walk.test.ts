import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { roundPrice } from './candles.ts'
import { MAX_GAP_MS, gapTime, midOf, quoteFromMid, stepMid, type WalkSpec } from './price-walk.ts'
import { seededRandom } from './random.ts'

const DAY = 86_400_000
const HOUR = 3_600_000

const mid = fc.double({ min: 1e-3, max: 1e5, noNaN: true, noDefaultInfinity: true })
const precision = fc.integer({ min: 0, max: 5 })
const spread = fc.integer({ min: 0, max: 1000 })
/**
 * A mid, spread and precision of a real instrument: the price is at least a few spreads (a mid
 * inside the spread would quote a bid of 0 or less). Whole and half points are common, to hit ties.
 */
const quoteInput = fc
  .record({
    p: precision,
    s: spread,
    points: fc.oneof(
      fc.double({ min: 1000, max: 1e10, noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: 1000, max: 2e9 }),
      fc.integer({ min: 1000, max: 2e9 }).map((n) => n + 0.5),
    ),
  })
  .map(({ p, s, points }) => ({ p, s, m: (points + 2 * s) / 10 ** p }))

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
const stdDev = (xs: readonly number[]) => {
  const m = mean(xs)
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1))
}

describe('quoteFromMid', () => {
  it('puts the ask exactly spreadPoints points above a bid rounded to the precision', () => {
    fc.assert(
      fc.property(quoteInput, ({ m, s, p }) => {
        const { bid, ask } = quoteFromMid(m, s, p)
        expect(bid).toBeGreaterThan(0)
        const factor = 10 ** p
        expect(Math.round((ask - bid) * factor)).toBe(s)
        expect(roundPrice(bid, p)).toBe(bid)
        expect(roundPrice(ask, p)).toBe(ask)
        // The quote straddles the mid: it is at most half a point off the middle of the spread.
        expect(Math.abs((bid + ask) / 2 - m) * factor).toBeLessThanOrEqual(0.5 + 1e-6)
      }),
      { seed: 42, numRuns: 2000 },
    )
  })

  it.each([
    [1.10005, 10, 5, 1.1, 1.1001],
    [1.1, 10, 5, 1.09995, 1.10005],
    [1.1, 0, 5, 1.1, 1.1],
    [100.5, 3, 2, 100.49, 100.52],
    [65_000, 2000, 2, 64_990, 65_010],
  ])('mid %s, %s points at precision %s → bid %s, ask %s', (m, s, p, bid, ask) => {
    const quote = quoteFromMid(m, s, p)
    expect(quote.bid).toBeCloseTo(bid, p + 3)
    expect(quote.ask).toBeCloseTo(ask, p + 3)
  })
})

describe('midOf', () => {
  it('is the middle of bid and ask', () => {
    expect(midOf({ bid: 1.1, ask: 1.3 })).toBeCloseTo(1.2, 12)
    expect(midOf({ bid: 100, ask: 100 })).toBe(100)
  })

  it('quotes back to the same quote (a restart continues where the feed stopped)', () => {
    fc.assert(
      fc.property(quoteInput, ({ m, s, p }) => {
        const quote = quoteFromMid(m, s, p)
        expect(quoteFromMid(midOf(quote), s, p)).toEqual(quote)
      }),
      { seed: 42, numRuns: 2000 },
    )
  })
})

describe('stepMid', () => {
  const spec: WalkSpec = { anchor: 1.1, dailyVolatility: 0.005, reversionDays: 60 }

  // Not bit-exact: the walk goes through log and exp, which may move the mid by one ulp.
  it('does not move without elapsed time (nor with a negative one)', () => {
    fc.assert(
      fc.property(mid, fc.integer({ min: 0, max: 2 ** 31 }), (m, seed) => {
        const anchored = { ...spec, anchor: m * 1.3 }
        expect(Math.abs(stepMid(m, anchored, 0, seededRandom(seed)) / m - 1)).toBeLessThan(1e-12)
        expect(Math.abs(stepMid(m, anchored, -HOUR, seededRandom(seed)) / m - 1)).toBeLessThan(1e-12)
      }),
      { seed: 42, numRuns: 500 },
    )
  })

  it('is deterministic for a seed', () => {
    const walk = (seed: number) => {
      const random = seededRandom(seed)
      let m = spec.anchor
      const out: number[] = []
      for (let i = 0; i < 100; i++) out.push((m = stepMid(m, spec, HOUR, random)))
      return out
    }
    expect(walk(7)).toEqual(walk(7))
    expect(walk(7)).not.toEqual(walk(8))
  })

  it('stays positive and finite over a long, volatile walk', () => {
    const volatile: WalkSpec = { anchor: 0.01, dailyVolatility: 0.08, reversionDays: 20 }
    const random = seededRandom(42)
    let m = volatile.anchor
    let low = Infinity
    let high = -Infinity
    for (let i = 0; i < 50_000; i++) {
      m = stepMid(m, volatile, (i % 7) * HOUR + 1000, random)
      low = Math.min(low, m)
      high = Math.max(high, m)
    }
    expect(low).toBeGreaterThan(0)
    expect(Number.isFinite(high)).toBe(true)
    // Reversion keeps the walk within a plausible band around the anchor.
    expect(low).toBeGreaterThan(volatile.anchor / 20)
    expect(high).toBeLessThan(volatile.anchor * 20)
  })

  it('has one-day log returns with a standard deviation close to dailyVolatility', () => {
    for (const dailyVolatility of [0.005, 0.02, 0.05]) {
      const walk: WalkSpec = { anchor: 100, dailyVolatility, reversionDays: 1e9 }
      const random = seededRandom(42)
      let m = walk.anchor
      const returns: number[] = []
      for (let i = 0; i < 20_000; i++) {
        const next = stepMid(m, walk, DAY, random)
        returns.push(Math.log(next / m))
        m = next
      }
      expect(returns.every((r) => Number.isFinite(r))).toBe(true)
      expect(Math.abs(stdDev(returns) / dailyVolatility - 1)).toBeLessThan(0.1)
      // No drift to speak of: the mean is a small fraction of one day's volatility.
      expect(Math.abs(mean(returns))).toBeLessThan(dailyVolatility * 0.05)
    }
  })

  it('scales the volatility with the square root of time (24 hourly steps ≈ one daily step)', () => {
    const walk: WalkSpec = { anchor: 100, dailyVolatility: 0.01, reversionDays: 1e9 }
    const random = seededRandom(42)
    let m = walk.anchor
    const dailyReturns: number[] = []
    for (let day = 0; day < 5000; day++) {
      const start = m
      for (let h = 0; h < 24; h++) m = stepMid(m, walk, HOUR, random)
      dailyReturns.push(Math.log(m / start))
    }
    expect(Math.abs(stdDev(dailyReturns) / walk.dailyVolatility - 1)).toBeLessThan(0.1)
  })

  it('pulls a price far above the anchor back towards it', () => {
    const walk: WalkSpec = { anchor: 50, dailyVolatility: 0.01, reversionDays: 60 }
    const finals: number[] = []
    for (let seed = 1; seed <= 200; seed++) {
      const random = seededRandom(seed)
      let m = 2 * walk.anchor
      for (let day = 0; day < 365; day++) m = stepMid(m, walk, DAY, random)
      finals.push(m)
    }
    const average = mean(finals)
    // Without reversion the average would stay near 2x; e^(-365/60) leaves well under 1 % of the gap.
    expect(Math.abs(average - walk.anchor)).toBeLessThan(0.05 * walk.anchor)
    expect(Math.abs(average - walk.anchor)).toBeLessThan(Math.abs(2 * walk.anchor - walk.anchor) / 10)
  })

  it('pulls a price far below the anchor back up too', () => {
    const walk: WalkSpec = { anchor: 50, dailyVolatility: 0.01, reversionDays: 60 }
    const finals: number[] = []
    for (let seed = 1; seed <= 200; seed++) {
      const random = seededRandom(seed)
      let m = walk.anchor / 2
      for (let day = 0; day < 365; day++) m = stepMid(m, walk, DAY, random)
      finals.push(m)
    }
    expect(Math.abs(mean(finals) - walk.anchor)).toBeLessThan(0.05 * walk.anchor)
  })

  it('moves after a pause longer than MAX_GAP_MS like after MAX_GAP_MS (a weekend gap)', () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_GAP_MS, max: 365 * DAY }), (pause) => {
        expect(gapTime(pause)).toBe(MAX_GAP_MS)
      }),
      { seed: 42, numRuns: 200 },
    )
    // A shorter pause is not capped, and a negative one (a clock step back) is none.
    expect(gapTime(MAX_GAP_MS / 2)).toBe(MAX_GAP_MS / 2)
    expect(gapTime(-5)).toBe(0)
  })
})
