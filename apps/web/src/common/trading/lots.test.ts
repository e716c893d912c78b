import { describe, expect, it } from 'vitest'
import {
  canDecrease,
  canClosePart,
  canIncrease,
  checkCloseLots,
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

describe('lots to close', () => {
  const held = 0.1

  it('close the whole position when the lots are all it holds, however written', () => {
    expect(checkCloseLots('0.10', btc, held)).toEqual({ ok: true, value: { lots: '0.10', whole: true } })
    expect(checkCloseLots('0.1', btc, held)).toEqual({ ok: true, value: { lots: '0.1', whole: true } })
  })

  it('close a part on the step that leaves at least the minimum', () => {
    expect(checkCloseLots('0.03', btc, held)).toEqual({ ok: true, value: { lots: '0.03', whole: false } })
    expect(checkCloseLots('0.09', btc, held)).toEqual({ ok: true, value: { lots: '0.09', whole: false } })
    expect(checkCloseLots('0.05', oddMinimum, held)).toEqual({
      ok: true,
      value: { lots: '0.05', whole: false },
    })
  })

  it('refuse a part that leaves less than the minimum open', () => {
    expect(checkCloseLots('0.06', oddMinimum, held)).toEqual({
      ok: false,
      problem: { key: 'orders.errors.restTooSmall', values: { min: '0.05', held: '0.10' } },
    })
  })

  it('refuse more than the position, less than the minimum, off the step or not lots', () => {
    expect(checkCloseLots('0.11', btc, held)).toMatchObject({
      ok: false,
      problem: { key: 'orderForm.errors.lotsMax' },
    })
    expect(checkCloseLots('0.04', oddMinimum, held)).toMatchObject({
      ok: false,
      problem: { key: 'orderForm.errors.lotsMin' },
    })
    expect(checkCloseLots('0.015', btc, held)).toMatchObject({
      ok: false,
      problem: { key: 'orderForm.errors.lotsStep' },
    })
    for (const text of ['', '0', '-0.05', '1e-2', 'abc'])
      expect(checkCloseLots(text, btc, held)).toMatchObject({
        ok: false,
        problem: { key: 'orderForm.errors.lotsRequired' },
      })
  })

  it('offer a part only when the position holds twice the minimum', () => {
    expect(canClosePart(0.01, btc)).toBe(false)
    expect(canClosePart(0.02, btc)).toBe(true)
    expect(canClosePart(0.09, oddMinimum)).toBe(false)
    expect(canClosePart(0.1, oddMinimum)).toBe(true)
    expect(canClosePart(1, wholeLots)).toBe(false)
    expect(canClosePart(2, wholeLots)).toBe(true)
  })
})
