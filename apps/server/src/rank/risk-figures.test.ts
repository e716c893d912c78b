import { describe, expect, it } from 'vitest'
import { dailyReturns, maxDrawdown, riskScore } from './risk-figures.ts'

describe('risk figures of a profile', () => {
  it('takes returns on the balance each day began with, deposits aside', () => {
    expect(
      dailyReturns([
        { result: 50, startBalance: 1000 },
        { result: -20, startBalance: 0 },
      ]),
    ).toEqual([0.05, 0])
  })

  it('finds the largest fall from a high to a later low of the compounded returns', () => {
    // 1 -> 1.1 -> 0.88 -> 0.968 -> 0.7744: from 1.1 to 0.7744 is a fall of 29.6 %.
    expect(maxDrawdown([0.1, -0.2, 0.1, -0.2])).toBe(29.6)
    expect(maxDrawdown([0.01, 0.02, 0.03])).toBe(0)
    expect(maxDrawdown([])).toBe(0)
    // A day that loses everything is a fall of 100 %, never more.
    expect(maxDrawdown([-1.5])).toBe(100)
  })

  it('scores the volatility of daily returns from 1 to 10', () => {
    expect(riskScore([])).toBe(1)
    expect(riskScore([0.0005, 0.0005, 0.0005])).toBe(1)
    // Alternating +1 % and -1 %: a standard deviation of 1 %, the fourth step: 5.
    expect(riskScore([0.01, -0.01, 0.01, -0.01])).toBe(5)
    expect(riskScore([0.2, -0.2])).toBe(10)
  })
})
