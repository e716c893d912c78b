import { Side } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { pipSize, pointsPerPip, profitPips } from './pips.ts'

describe('pips', () => {
  it('counts ten points a pip for 5- and 3-digit quotes, one otherwise', () => {
    expect([5, 3, 4, 2, 1, 0].map(pointsPerPip)).toEqual([10, 10, 1, 1, 1, 1])
    expect(pipSize(5)).toBeCloseTo(0.0001, 12)
    expect(pipSize(3)).toBeCloseTo(0.01, 12)
    expect(pipSize(2)).toBeCloseTo(0.01, 12)
    expect(pipSize(0)).toBe(1)
  })

  it('gives the move in the trade’s favour, exactly, in tenths of a pip where a pip is ten points', () => {
    expect(profitPips(Side.Buy, 1.08512, 1.08634, 5)).toBe('12.2')
    expect(profitPips(Side.Sell, 1.08512, 1.08634, 5)).toBe('-12.2')
    expect(profitPips(Side.Buy, 151.512, 151.505, 3)).toBe('-0.7')
    expect(profitPips(Side.Sell, 2350.1, 2351.35, 2)).toBe('-125')
    expect(profitPips(Side.Buy, 38500, 38512, 0)).toBe('12')
    expect(profitPips(Side.Buy, 1.1, 1.1, 5)).toBe('0.0')
    expect(profitPips(Side.Sell, 65000, 65000, 2)).toBe('0')
  })

  it('carries no float error: 0.1 + 0.2 style prices still count whole points', () => {
    // 1.3 - 1.1 is 0.19999999999999996 in floats: 20000 points, 2000.0 pips.
    expect(profitPips(Side.Buy, 1.1, 1.3, 5)).toBe('2000.0')
    expect(profitPips(Side.Buy, 0.52, 0.5213, 4)).toBe('13')
  })
})
