import { describe, expect, it } from 'vitest'
import { changeDirection, formatPercent, formatPrice } from './format.ts'

describe('formatPrice', () => {
  it.each([
    [1.08123, 5, '1.08123'],
    [1.1, 5, '1.10000'],
    [67012.5, 2, '67,012.50'],
    [2412.349, 2, '2,412.35'],
    [153.2, 3, '153.200'],
    [1234567, 0, '1,234,567'],
    [0.000123, 6, '0.000123'],
  ])('%s with %s decimals is %s', (value, precision, expected) => {
    expect(formatPrice(value, precision)).toBe(expected)
  })

  it('shows a placeholder for a missing price and tolerates a bad precision', () => {
    expect(formatPrice(Number.NaN, 2)).toBe('--')
    expect(formatPrice(Number.POSITIVE_INFINITY, 2)).toBe('--')
    expect(formatPrice(1.5, -1)).toBe('2')
    expect(formatPrice(1.5, 2.5)).toBe('1.50')
  })
})

describe('formatPercent and changeDirection', () => {
  it.each([
    [0.42, '+0.42%', 'up'],
    [-1.2, '-1.20%', 'down'],
    [0, '0.00%', 'flat'],
    [0.004, '0.00%', 'flat'],
    [-0.004, '0.00%', 'flat'],
    [0.005, '+0.01%', 'up'],
    [12.345, '+12.35%', 'up'],
  ])('%s%% shows as %s and is %s', (change, text, direction) => {
    expect(formatPercent(change)).toBe(text)
    expect(changeDirection(change)).toBe(direction)
  })

  it('treats a missing change as flat', () => {
    expect(formatPercent(Number.NaN)).toBe('--')
    expect(changeDirection(Number.NaN)).toBe('flat')
  })
})
