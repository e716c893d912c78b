import { describe, expect, it } from 'vitest'
import { sparklinePaths } from './sparkline-path.ts'

describe('sparklinePaths', () => {
  it('spreads the prices across the width with the highest at the top', () => {
    expect(sparklinePaths([1, 3, 2], 100, 22, 1)).toEqual({
      line: 'M0,21L50,1L100,11',
      area: 'M0,21L50,1L100,11L100,22L0,22Z',
    })
  })

  it('draws a flat series across the middle', () => {
    expect(sparklinePaths([5, 5, 5, 5], 60, 20)?.line).toBe('M0,10L20,10L40,10L60,10')
  })

  it('skips missing prices and draws nothing for fewer than two', () => {
    expect(sparklinePaths([], 60, 20)).toBeNull()
    expect(sparklinePaths([1.1], 60, 20)).toBeNull()
    expect(sparklinePaths([1, Number.NaN, 2], 10, 12, 1)?.line).toBe('M0,11L10,1')
  })

  it('rounds coordinates to two decimals', () => {
    expect(sparklinePaths([1, 2, 1.5, 1.25], 100, 20, 0)?.line).toBe('M0,20L33.33,0L66.67,10L100,15')
  })
})
