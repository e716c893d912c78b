import { describe, expect, it } from 'vitest'
import { checkTradingSettings } from './settings-check.ts'
import { DEFAULT_RISK } from './types.ts'

const perLot = { ...DEFAULT_RISK, feePerLot: true }
const rates = new Map([
  [1, '7'],
  [2, '0'],
])

describe('checkTradingSettings', () => {
  it('accepts a change that keeps the fee type and its ranges', () => {
    expect(checkTradingSettings(perLot, rates, { feeRates: { 1: '3.5' }, stopOutLevel: 30 })).toEqual([])
  })

  it('refuses a change of the fee type that does not restate the non-zero rates', () => {
    expect(checkTradingSettings(perLot, rates, { feePerLot: false })).toEqual([
      { problem: 'fee_rate_required', instrumentId: 1 },
    ])
  })

  it('accepts a change of the fee type with every non-zero rate restated in the new unit', () => {
    expect(checkTradingSettings(perLot, rates, { feePerLot: false, feeRates: { 1: '0.001' } })).toEqual([])
  })

  it('refuses per-lot rates as shares of margin, and the other way round, by their ranges', () => {
    expect(checkTradingSettings(perLot, rates, { feePerLot: false, feeRates: { 1: '7' } })).toEqual([
      { problem: 'fee_rate_out_of_range', instrumentId: 1 },
    ])
    expect(checkTradingSettings(perLot, rates, { feeRates: { 1: '1000.01' } })).toEqual([
      { problem: 'fee_rate_out_of_range', instrumentId: 1 },
    ])
  })

  it.each(['-1', 'abc', '1e3', '0x10', '1.1234567'])('refuses the rate %j', (rate) => {
    expect(checkTradingSettings(perLot, rates, { feeRates: { 1: rate } })).toEqual([
      { problem: 'fee_rate_invalid', instrumentId: 1 },
    ])
  })

  it('refuses a rate for an instrument that does not exist', () => {
    expect(checkTradingSettings(perLot, rates, { feeRates: { 9: '1' } })).toEqual([
      { problem: 'fee_rate_invalid', instrumentId: 9 },
    ])
  })

  it('refuses a stop-out level at or above the margin-call level, and bad quote ages', () => {
    expect(checkTradingSettings(perLot, rates, { stopOutLevel: 100 })).toEqual([
      { problem: 'levels_invalid' },
    ])
    expect(checkTradingSettings(perLot, rates, { marginCallLevel: 0 })).toEqual([
      { problem: 'levels_invalid' },
    ])
    expect(checkTradingSettings(perLot, rates, { maxQuoteAgeMs: 0 })).toEqual([
      { problem: 'quote_age_invalid' },
    ])
    expect(checkTradingSettings(perLot, rates, { maxQuoteAgeMs: 1.5 })).toEqual([
      { problem: 'quote_age_invalid' },
    ])
  })
})
