import { describe, expect, it } from 'vitest'
import { hybridThreshold, ruleFor, type HedgeRule } from './hedge-rules.ts'

const rule = (instrument: string | null, group: string | null, mode: HedgeRule['mode']): HedgeRule => ({
  instrument,
  group,
  mode,
  thresholdLots: 0,
})

describe('ruleFor', () => {
  const rules = [
    rule(null, null, 'hybrid'),
    rule('EURUSD', null, 'b_book'),
    rule(null, 'pro', 'a_book'),
    rule('EURUSD', 'pro', 'hybrid'),
  ]

  it('takes the rule naming both, then the group, then the instrument, then neither', () => {
    expect(ruleFor(rules, 'EURUSD', 'pro')).toBe(rules[3])
    expect(ruleFor(rules, 'XAUUSD', 'pro')).toBe(rules[2])
    expect(ruleFor(rules, 'EURUSD', 'standard')).toBe(rules[1])
    expect(ruleFor(rules, 'XAUUSD', 'standard')).toBe(rules[0])
  })

  it('leaves the house the risk when no rule applies', () => {
    expect(ruleFor([rule('EURUSD', 'pro', 'a_book')], 'EURUSD', 'standard')).toBeUndefined()
    expect(ruleFor([], 'EURUSD', 'standard')).toBeUndefined()
  })

  it('keeps the smallest threshold of the hybrid rules that apply to an instrument', () => {
    const rules = [
      { ...rule(null, null, 'hybrid'), thresholdLots: 5 },
      { ...rule('EURUSD', 'pro', 'hybrid'), thresholdLots: 2 },
      { ...rule('XAUUSD', null, 'hybrid'), thresholdLots: 1 },
      { ...rule('EURUSD', null, 'a_book'), thresholdLots: 0 },
    ]
    expect(hybridThreshold(rules, 'EURUSD')).toBe(2)
    expect(hybridThreshold(rules, 'GBPUSD')).toBe(5)
    expect(hybridThreshold([], 'GBPUSD')).toBe(0)
  })
})
