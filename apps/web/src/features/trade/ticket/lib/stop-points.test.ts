import { Side } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { pointSize, pointsFromStopPrice, profitInUsd, stopPriceFromPoints } from './stop-points.ts'

describe('points', () => {
  it('are the smallest price step of the instrument', () => {
    expect(pointSize(5)).toBe(0.00001)
    expect(pointSize(2)).toBe(0.01)
    expect(pointSize(0)).toBe(1)
    // A bad setting does not crash.
    expect(pointSize(Number.NaN)).toBe(0.01)
  })

  it('put a buy stop-loss below the entry and its take-profit above', () => {
    expect(stopPriceFromPoints('stopLoss', Side.Buy, 1.08412, 150, 5)).toBe(1.08262)
    expect(stopPriceFromPoints('takeProfit', Side.Buy, 1.08412, 150, 5)).toBe(1.08562)
  })

  it('put a sell stop-loss above the entry and its take-profit below', () => {
    expect(stopPriceFromPoints('stopLoss', Side.Sell, 67012.5, 1000, 2)).toBe(67022.5)
    expect(stopPriceFromPoints('takeProfit', Side.Sell, 67012.5, 1000, 2)).toBe(67002.5)
  })

  it('give no price for no entry, zero, negative or fractional points, or a price at or below 0', () => {
    expect(stopPriceFromPoints('stopLoss', Side.Buy, 0, 10, 5)).toBeNull()
    expect(stopPriceFromPoints('stopLoss', Side.Buy, 1.1, 0, 5)).toBeNull()
    expect(stopPriceFromPoints('stopLoss', Side.Buy, 1.1, -5, 5)).toBeNull()
    expect(stopPriceFromPoints('stopLoss', Side.Buy, 1.1, 1.5, 5)).toBeNull()
    expect(stopPriceFromPoints('stopLoss', Side.Buy, 1.1, 110000, 5)).toBeNull()
  })

  it('are counted back from a price, negative on the wrong side of the entry', () => {
    expect(pointsFromStopPrice('stopLoss', Side.Buy, 1.08412, 1.08262, 5)).toBe(150)
    expect(pointsFromStopPrice('takeProfit', Side.Buy, 1.08412, 1.08562, 5)).toBe(150)
    expect(pointsFromStopPrice('stopLoss', Side.Sell, 67012.5, 67022.5, 2)).toBe(1000)
    expect(pointsFromStopPrice('takeProfit', Side.Sell, 67012.5, 67002.5, 2)).toBe(1000)
    expect(pointsFromStopPrice('stopLoss', Side.Buy, 1.08412, 1.08512, 5)).toBe(-100)
    expect(pointsFromStopPrice('stopLoss', Side.Buy, 0, 1.08512, 5)).toBeNull()
    expect(pointsFromStopPrice('stopLoss', Side.Buy, 1.08412, 0, 5)).toBeNull()
  })

  it('round-trip between points and price', () => {
    for (const points of [1, 7, 150, 12345]) {
      const price = stopPriceFromPoints('takeProfit', Side.Sell, 151.234, points, 3)
      expect(pointsFromStopPrice('takeProfit', Side.Sell, 151.234, price ?? 0, 3)).toBe(points)
    }
  })
})

describe('profit in USD', () => {
  it('is the price difference x lots x contract size for a USD-quoted instrument', () => {
    // Buy 0.1 lots EURUSD (100,000) at 1.08412, out at 1.08262: -150 points = -15.00 USD.
    expect(profitInUsd(Side.Buy, 1.08412, 1.08262, 0.1, 100000, 1)).toBe(-15)
    expect(profitInUsd(Side.Buy, 1.08412, 1.08562, 0.1, 100000, 1)).toBe(15)
    // A sell gains when the price falls.
    expect(profitInUsd(Side.Sell, 67012.5, 67002.5, 0.01, 1, 1)).toBe(0.1)
    expect(profitInUsd(Side.Sell, 67012.5, 67022.5, 0.01, 1, 1)).toBe(-0.1)
  })

  it('converts a quote currency other than USD with its rate', () => {
    // Buy 1 lot USDJPY (100,000) at 151.500, out at 151.000: -50,000 JPY at 1/150 = -333.33 USD.
    expect(profitInUsd(Side.Buy, 151.5, 151, 1, 100000, 1 / 150)).toBe(-333.33)
  })

  it('rounds half up to the cent and shows no negative zero', () => {
    expect(profitInUsd(Side.Buy, 1, 1.00005, 1, 1000, 1)).toBe(0.05)
    expect(profitInUsd(Side.Buy, 1, 1.000005, 1, 1000, 1)).toBe(0.01)
    expect(Object.is(profitInUsd(Side.Sell, 1, 1, 1, 1000, 1), 0)).toBe(true)
  })

  it('is unknown without a rate, a price or lots', () => {
    expect(profitInUsd(Side.Buy, 151.5, 151, 1, 100000, null)).toBeNull()
    expect(profitInUsd(Side.Buy, 0, 151, 1, 100000, 1)).toBeNull()
    expect(profitInUsd(Side.Buy, 151.5, 151, 0, 100000, 1)).toBeNull()
  })
})
