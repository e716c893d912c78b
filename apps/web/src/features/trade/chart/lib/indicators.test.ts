import { describe, expect, it } from 'vitest'
import { bollinger, compute, ema, RunningIndicator, rsi, sma, type Stepper } from './indicators.ts'

/**
 * Wilder's RSI example as StockCharts publishes it (14 periods). Their table rounds the first
 * average gain and loss to two decimals, which moves every RSI by up to 0.07; hence the 0.1.
 */
const WILDER = [
  44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28,
  46.0, 46.03, 46.41, 46.22, 45.64, 46.21, 46.25, 45.71, 46.45, 45.78, 45.35, 44.03, 44.18, 44.22, 44.57,
  43.42, 42.66, 43.13,
]
const WILDER_RSI = [
  70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87,
  45.46, 37.3, 33.08, 37.77,
]

describe('sma', () => {
  it('averages the last n closes, null before', () => {
    expect(compute(sma(3), [2, 4, 6, 8, 12])).toEqual([null, null, 4, 6, 26 / 3])
  })
})

describe('ema', () => {
  it('is seeded with the SMA, then smoothed by 2 / (n + 1)', () => {
    expect(compute(ema(3), [2, 4, 6, 8, 12])).toEqual([null, null, 4, 6, 9])
  })

  it('of a flat series is the price', () => {
    expect(compute(ema(20), Array(30).fill(1.2345)).at(-1)).toBeCloseTo(1.2345, 12)
  })
})

describe('bollinger', () => {
  it('is the SMA plus and minus width population deviations', () => {
    const [, , band] = compute(bollinger(3, 2), [2, 4, 6])
    const deviation = Math.sqrt(8 / 3)
    expect(band?.middle).toBe(4)
    expect(band?.upper).toBeCloseTo(4 + 2 * deviation, 12)
    expect(band?.lower).toBeCloseTo(4 - 2 * deviation, 12)
  })
})

describe('rsi', () => {
  it("matches Wilder's published example", () => {
    const values = compute(rsi(14), WILDER)
    expect(values.slice(0, 14)).toEqual(Array(14).fill(null))
    values
      .slice(14)
      .forEach((value, i) => expect(Math.abs((value ?? 0) - (WILDER_RSI[i] as number))).toBeLessThan(0.1))
  })

  it('is 100 when it only rose, 50 when nothing moved', () => {
    expect(compute(rsi(3), [1, 2, 3, 4]).at(-1)).toBe(100)
    expect(compute(rsi(3), [1, 1, 1, 1]).at(-1)).toBe(50)
  })
})

describe('RunningIndicator: the forming candle gives what a full recompute gives', () => {
  const closes = WILDER
  const cases: [string, Stepper<unknown, unknown>][] = [
    ['sma', sma(5) as Stepper<unknown, unknown>],
    ['ema', ema(5) as Stepper<unknown, unknown>],
    ['bollinger', bollinger(5, 2) as Stepper<unknown, unknown>],
    ['rsi', rsi(14) as Stepper<unknown, unknown>],
  ]

  it.each(cases)('%s: replacing and appending ticks', (_name, stepper) => {
    const running = new RunningIndicator(stepper)
    const series = closes.slice(0, 20)
    expect(running.reset(series)).toEqual(compute(stepper, series))
    // Three ticks on the forming bar, then a new bar, then a tick on it.
    for (const close of [46.5, 45.9, 46.1]) {
      series[series.length - 1] = close
      expect(running.replaceLast(close)).toEqual(compute(stepper, series).at(-1))
    }
    series.push(46.7)
    expect(running.append(46.7)).toEqual(compute(stepper, series).at(-1))
    series[series.length - 1] = 44
    expect(running.replaceLast(44)).toEqual(compute(stepper, series).at(-1))
  })

  it('starts from nothing', () => {
    const running = new RunningIndicator(sma(2))
    expect(running.reset([])).toEqual([])
    expect(running.replaceLast(1)).toBeNull()
    expect(running.append(3)).toBe(2)
  })
})
