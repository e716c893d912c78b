import { Side } from '@tp/contracts/light'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkStops } from '../trading/order-rules.ts'
import { stopOnItsSide } from './stops.ts'

describe('stopOnItsSide', () => {
  it('puts a buy stop-loss below and take-profit above, a sell the other way round', () => {
    expect(stopOnItsSide('stopLoss', Side.Buy, 1.09, 1.1)).toBe(true)
    expect(stopOnItsSide('stopLoss', Side.Buy, 1.11, 1.1)).toBe(false)
    expect(stopOnItsSide('takeProfit', Side.Buy, 1.11, 1.1)).toBe(true)
    expect(stopOnItsSide('stopLoss', Side.Sell, 1.11, 1.1)).toBe(true)
    expect(stopOnItsSide('takeProfit', Side.Sell, 1.09, 1.1)).toBe(true)
    expect(stopOnItsSide('takeProfit', Side.Sell, 1.1, 1.1)).toBe(false)
  })

  it('takes 0 (no stop) on either side', () => {
    for (const side of [Side.Buy, Side.Sell]) {
      expect(stopOnItsSide('stopLoss', side, 0, 1.1)).toBe(true)
      expect(stopOnItsSide('takeProfit', side, 0, 1.1)).toBe(true)
    }
  })

  it("agrees with the engine's checkStops on every price of the grid", () => {
    const points = fc.integer({ min: 0, max: 2_000_000 })
    fc.assert(
      fc.property(fc.constantFrom(Side.Buy, Side.Sell), points, points, points, (side, sl, tp, exit) => {
        fc.pre(exit > 0)
        const [stopLoss, takeProfit, reference] = [sl / 1e5, tp / 1e5, exit / 1e5]
        const refused = checkStops(side, stopLoss, takeProfit, reference, 5)
        const sides =
          stopOnItsSide('stopLoss', side, stopLoss, reference) &&
          stopOnItsSide('takeProfit', side, takeProfit, reference)
        expect(refused === undefined).toBe(sides)
      }),
    )
  })
})
