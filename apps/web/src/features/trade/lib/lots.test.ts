import { describe, expect, it } from 'vitest'
import {
  canDecrease,
  canIncrease,
  checkLots,
  defaultLots,
  lotRules,
  parseLots,
  stepLots,
  type LotRules,
} from './lots.ts'
import { testInstrument } from './test-instrument.ts'

const btc: LotRules = lotRules(testInstrument())
const wholeLots: LotRules = { step: 1, min: 1, max: 100 }
const oddMinimum: LotRules = { step: 0.01, min: 0.05, max: 5 }

describe('lots', () => {
  it('start at the minimum, shown with the step decimals', () => {
    expect(defaultLots(btc)).toBe('0.01')
    expect(defaultLots(wholeLots)).toBe('1')
    expect(defaultLots({ step: 0.1, min: 0.5, max: 10 })).toBe('0.5')
  })

  it('step by Pip without float drift', () => {
    let lots = '0.01'
    for (let i = 0; i < 30; i++) lots = stepLots(lots, 1, btc)
    expect(lots).toBe('0.31')
    for (let i = 0; i < 29; i++) lots = stepLots(lots, -1, btc)
    expect(lots).toBe('0.02')
    expect(stepLots('0.1', 1, { step: 0.1, min: 0.1, max: 10 })).toBe('0.2')
    expect(stepLots('0.2', 1, { step: 0.1, min: 0.1, max: 10 })).toBe('0.3')
  })

  it('snap typed lots that are off the step onto it', () => {
    expect(stepLots('1.5', 1, wholeLots)).toBe('2')
    expect(stepLots('1.5', -1, wholeLots)).toBe('1')
  })

  it('stay within the minimum and the maximum; unreadable text starts at the minimum', () => {
    expect(stepLots('0.01', -1, btc)).toBe('0.01')
    expect(stepLots('10.00', 1, btc)).toBe('10.00')
    expect(stepLots('25', -1, btc)).toBe('10.00')
    expect(stepLots('abc', 1, btc)).toBe('0.01')
    expect(stepLots('', -1, btc)).toBe('0.01')
  })

  it('turn the minus off at the minimum and when one step less is 0 or below', () => {
    expect(canDecrease('0.01', btc)).toBe(false)
    expect(canDecrease('0.02', btc)).toBe(true)
    expect(canDecrease('0.05', oddMinimum)).toBe(false)
    expect(canDecrease('0.06', oddMinimum)).toBe(true)
    expect(canDecrease('0.01', { step: 0.01, min: 0, max: 1 })).toBe(false)
    expect(canDecrease('', btc)).toBe(false)
  })

  it('turn the plus off at the maximum', () => {
    expect(canIncrease('9.99', btc)).toBe(true)
    expect(canIncrease('10', btc)).toBe(false)
    expect(canIncrease('', btc)).toBe(true)
  })

  it('read only plain lots', () => {
    expect(parseLots(' 0.5 ')).toBe(0.5)
    expect(parseLots('-1')).toBeNull()
    expect(parseLots('1e2')).toBeNull()
    expect(parseLots('0.12345')).toBeNull()
    expect(parseLots('')).toBeNull()
  })

  it('say what is wrong: none, below the minimum, above the maximum, off the step', () => {
    expect(checkLots('0.01', btc)).toEqual({ ok: true, value: '0.01' })
    expect(checkLots('', btc)).toMatchObject({ ok: false, problem: { key: 'orderForm.errors.lotsRequired' } })
    expect(checkLots('0', btc)).toMatchObject({
      ok: false,
      problem: { key: 'orderForm.errors.lotsRequired' },
    })
    expect(checkLots('0.04', oddMinimum)).toEqual({
      ok: false,
      problem: { key: 'orderForm.errors.lotsMin', values: { min: '0.05' } },
    })
    expect(checkLots('11', btc)).toEqual({
      ok: false,
      problem: { key: 'orderForm.errors.lotsMax', values: { max: '10.00' } },
    })
    expect(checkLots('1.5', wholeLots)).toEqual({
      ok: false,
      problem: { key: 'orderForm.errors.lotsStep', values: { step: '1' } },
    })
    expect(checkLots('0.015', btc)).toMatchObject({
      ok: false,
      problem: { key: 'orderForm.errors.lotsStep' },
    })
  })
})
