import { Side, SwapMode } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { testInstrument } from '../trading/test-instrument.ts'
import { hasSwap, rolloverLocalTime, swapPerLotUsd, weekdayName } from './swap-figures.ts'

describe('swap figures on the spec sheet', () => {
  const eurusd = testInstrument({
    Code: 'EURUSD',
    PricePrecision: 5,
    ForexContNum: 100_000,
    SwapLong: -7.1,
    SwapShort: 2.3,
    SwapMode: SwapMode.Points,
    SwapTripleDay: 3,
  })

  it("turns points into USD a lot a night with the engine's swapPerUnit", () => {
    expect(swapPerLotUsd(eurusd, Side.Buy, 1.1, 1)).toBeCloseTo(-7.1, 9)
    expect(swapPerLotUsd(eurusd, Side.Sell, 1.1001, 1)).toBeCloseTo(2.3, 9)
    // A JPY-quoted pair: 14.5 points x 0.001 x 100,000 = 1,450 JPY at 1/160.
    const usdjpy = testInstrument({
      PricePrecision: 3,
      ForexContNum: 100_000,
      SwapLong: 14.5,
      SwapMode: SwapMode.Points,
    })
    expect(swapPerLotUsd(usdjpy, Side.Buy, 160, 1 / 160)).toBeCloseTo(9.0625, 9)
  })

  it('takes a percentage of the value over 360 days', () => {
    // BTCUSD: 1 coin at 72,000, -18 % a year: -36 USD a night.
    expect(swapPerLotUsd(testInstrument(), Side.Buy, 72_000, 1)).toBeCloseTo(-36, 9)
    expect(swapPerLotUsd(testInstrument(), Side.Buy, 72_000, null)).toBeUndefined()
  })

  it('names the triple day and the rollover in the reader’s terms', () => {
    expect(hasSwap(eurusd)).toBe(true)
    expect(hasSwap(testInstrument({ SwapLong: 0, SwapShort: 0 }))).toBe(false)
    expect(weekdayName(3, 'en')).toBe('Wednesday')
    expect(weekdayName(0, 'zh-HK')).toBe('星期日')
    expect(rolloverLocalTime(22 * 60, 'en', Date.UTC(2026, 10, 25))).toMatch(/^\d{1,2}:00\s[AP]M$/)
  })
})
