import { describe, expect, it } from 'vitest'
import { formatProfit, formatRate, formatShare, signOf } from './figures.ts'

describe('ranking figures as shown', () => {
  it('signs rates and profits and groups thousands', () => {
    expect(formatRate(3.99)).toBe('+3.99%')
    expect(formatRate(-1.2)).toBe('-1.20%')
    expect(formatRate(0)).toBe('0.00%')
    expect(formatRate(1234.5)).toBe('+1,234.50%')
    expect(formatProfit(10226.9)).toBe('+10,226.90')
    expect(formatProfit(-20.7)).toBe('-20.70')
    expect(formatProfit(0.001)).toBe('0.00')
    expect(formatShare(66.67)).toBe('66.67%')
    expect(formatShare(Number.NaN)).toBe('--')
  })

  it('judges the sign on the figure as shown', () => {
    expect(signOf(0.004)).toBe('flat')
    expect(signOf(0.005)).toBe('up')
    expect(signOf(-0.01)).toBe('down')
  })
})
