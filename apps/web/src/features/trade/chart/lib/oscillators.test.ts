import { describe, expect, it } from 'vitest'
import { compute, RunningIndicator, type Stepper } from './indicators.ts'
import { macd, stochastic, type HighLowClose } from './oscillators.ts'

describe('macd', () => {
  it('matches a hand-computed MACD (2, 3, 2)', () => {
    // EMA2 (k = 2/3): –, 2, 2, 4, 4. EMA3 (k = 1/2): –, –, 2, 3.5, 3.75. MACD: 0, 0.5, 0.25.
    // Signal EMA2 of the MACD: seeded (0 + 0.5) / 2 = 0.25, then 0.25 + 2/3 × (0.25 − 0.25) = 0.25.
    const values = compute(macd(2, 3, 2), [1, 3, 2, 5, 4])
    expect(values.slice(0, 2)).toEqual([null, null])
    expect(values[2]).toEqual({ macd: 0, signal: null, histogram: null })
    expect(values[3]?.macd).toBeCloseTo(0.5, 12)
    expect(values[3]?.signal).toBeCloseTo(0.25, 12)
    expect(values[3]?.histogram).toBeCloseTo(0.25, 12)
    expect(values[4]?.macd).toBeCloseTo(0.25, 12)
    expect(values[4]?.signal).toBeCloseTo(0.25, 12)
    expect(values[4]?.histogram).toBeCloseTo(0, 12)
  })

  it('of a steady climb of b a bar, MACD (12, 26, 9) is 7b, its signal 7b and the histogram 0', () => {
    // An EMA(n) seeded with an SMA lags a straight line by (n − 1) / 2 bars: 5.5 b and 12.5 b.
    const b = 0.5
    const closes = Array.from({ length: 60 }, (_, t) => 10 + b * t)
    const values = compute(macd(12, 26, 9), closes)
    expect(values.slice(0, 25).every((value) => value === null)).toBe(true)
    expect(values[25]?.signal).toBeNull()
    expect(values[32]?.signal).toBeNull()
    for (const value of values.slice(33)) {
      expect(value?.macd).toBeCloseTo(7 * b, 10)
      expect(value?.signal).toBeCloseTo(7 * b, 10)
      expect(value?.histogram).toBeCloseTo(0, 10)
    }
  })
})

const bar = (high: number, low: number, close: number): HighLowClose => ({ high, low, close })

describe('stochastic', () => {
  it('matches a hand-computed Stochastic (3, 2, 2)', () => {
    // Windows of 3: at bar 2 HH 12, LL 8 (close − LL 3, range 4); bar 3 HH 12, LL 9 (1, 3);
    // bar 4 HH 13, LL 9 (4, 4). Slowing 2: %K 100 × (3 + 1) / (4 + 3), then 100 × (1 + 4) / (3 + 4).
    const values = compute(stochastic(3, 2, 2), [
      bar(10, 8, 9),
      bar(11, 9, 10),
      bar(12, 9, 11),
      bar(12, 10, 10),
      bar(13, 11, 13),
    ])
    expect(values.slice(0, 3)).toEqual([null, null, null])
    expect(values[3]?.k).toBeCloseTo(400 / 7, 10)
    expect(values[3]?.d).toBeNull()
    expect(values[4]?.k).toBeCloseTo(500 / 7, 10)
    expect(values[4]?.d).toBeCloseTo((400 / 7 + 500 / 7) / 2, 10)
  })

  it('(14, 3, 3) is 100 at the top of the range, 0 at the bottom, 50 when nothing moved', () => {
    const rising = Array.from({ length: 20 }, (_, t) => bar(t + 1, t, t + 1))
    expect(compute(stochastic(14, 3, 3), rising).at(-1)).toEqual({ k: 100, d: 100 })
    const falling = Array.from({ length: 20 }, (_, t) => bar(100 - t, 99 - t, 99 - t))
    expect(compute(stochastic(14, 3, 3), falling).at(-1)).toEqual({ k: 0, d: 0 })
    const flat = Array.from({ length: 20 }, () => bar(1, 1, 1))
    expect(compute(stochastic(14, 3, 3), flat).at(-1)).toEqual({ k: 50, d: 50 })
    // Warm-up: 14 bars for the range, 2 more for slowing 3, 2 more for %D.
    const values = compute(stochastic(14, 3, 3), rising)
    expect(values.findIndex((value) => value !== null)).toBe(15)
    expect(values[15]?.d).toBeNull()
    expect(values[17]?.d).not.toBeNull()
  })
})

describe('RunningIndicator with the oscillators: a forming candle gives what a full recompute gives', () => {
  it('macd', () => {
    const closes = Array.from({ length: 40 }, (_, t) => 100 + Math.sin(t / 3) * 5)
    const running = new RunningIndicator(macd(12, 26, 9) as Stepper<unknown, unknown>)
    expect(running.reset(closes)).toEqual(compute(macd(12, 26, 9), closes))
    closes[closes.length - 1] = 97
    expect(running.replaceLast(97)).toEqual(compute(macd(12, 26, 9), closes).at(-1))
    closes.push(98)
    expect(running.append(98)).toEqual(compute(macd(12, 26, 9), closes).at(-1))
  })

  it('stochastic', () => {
    const bars = Array.from({ length: 30 }, (_, t) => {
      const close = 100 + Math.sin(t / 2) * 4
      return bar(close + 1, close - 1.5, close)
    })
    const stepper = stochastic(14, 3, 3)
    const running = new RunningIndicator(stepper)
    expect(running.reset(bars)).toEqual(compute(stepper, bars))
    bars[bars.length - 1] = bar(106, 95, 105.5)
    expect(running.replaceLast(bar(106, 95, 105.5))).toEqual(compute(stepper, bars).at(-1))
    bars.push(bar(104, 101, 102))
    expect(running.append(bar(104, 101, 102))).toEqual(compute(stepper, bars).at(-1))
  })
})
