import { Side } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { grabbedLine, priceAtPointer, profitIfHit, roundToPrecision } from './drag.ts'

describe('grabbedLine', () => {
  const lines = [
    { id: 'sl', y: 100 },
    { id: 'tp', y: 120 },
    { id: 'off', y: null },
  ]

  it('picks the nearest line within 12 px', () => {
    expect(grabbedLine(lines, 108)?.id).toBe('sl')
    expect(grabbedLine(lines, 112)?.id).toBe('tp')
    expect(grabbedLine(lines, 88)?.id).toBe('sl')
  })

  it('picks nothing farther than the zone, nor a line off the scale', () => {
    expect(grabbedLine(lines, 87)).toBeNull()
    expect(grabbedLine(lines, 133)).toBeNull()
    expect(grabbedLine([{ id: 'off', y: null }], 0)).toBeNull()
  })
})

describe('priceAtPointer', () => {
  // A scale where y 0 is 110 and y 200 is 100: 0.05 per pixel.
  const toPrice = (y: number) => 110 - y * 0.05

  it('converts and rounds to the price grid', () => {
    expect(priceAtPointer(33, 200, toPrice, 2)).toBe(108.35)
    expect(priceAtPointer(33.3, 200, toPrice, 1)).toBe(108.3)
  })

  it('holds the pointer inside the pane', () => {
    expect(priceAtPointer(-50, 200, toPrice, 2)).toBe(110)
    expect(priceAtPointer(500, 200, toPrice, 2)).toBe(100.05)
  })

  it('is null when the chart has no price there or it is not positive', () => {
    expect(priceAtPointer(10, 200, () => null, 2)).toBeNull()
    expect(priceAtPointer(10, 200, () => -1, 2)).toBeNull()
  })
})

describe('roundToPrecision', () => {
  it('rounds to the decimals', () => {
    expect(roundToPrecision(1.234567, 5)).toBe(1.23457)
    expect(roundToPrecision(0.1 + 0.2, 2)).toBe(0.3)
  })
})

describe('profitIfHit', () => {
  it('a buy loses when it closes lower, a sell gains', () => {
    expect(profitIfHit(Side.Buy, 1.1, 1.09, 2, 100_000, 1)).toBeCloseTo(-2000, 6)
    expect(profitIfHit(Side.Sell, 1.1, 1.09, 2, 100_000, 1)).toBeCloseTo(2000, 6)
  })

  it('converts from the quote currency, and is null without a rate', () => {
    expect(profitIfHit(Side.Buy, 150, 151, 1, 1000, 1 / 150)).toBeCloseTo(6.6667, 3)
    expect(profitIfHit(Side.Buy, 150, 151, 1, 1000, null)).toBeNull()
  })
})
