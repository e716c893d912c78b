import { MarginMode } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import type { Quote } from '../market/quote.ts'
import { estimateFee } from './fee-estimate.ts'
import { estimateMargin, roundHalfUp, usdRateOf } from './order-estimate.ts'
import { testInstrument } from './test-instrument.ts'

const quote = (bid: number, ask: number): Quote => ({
  last: bid,
  change: 0,
  open: bid,
  high: ask,
  low: bid,
  bid,
  ask,
  time: 0,
})

describe('margin estimate', () => {
  const btc = testInstrument()

  it('is lots x contract size x price / leverage for a USD-quoted instrument', () => {
    // 0.01 lots x 1 BTC x 83,810.55 / 1 = 838.1055 USD (the server holds 6 decimals).
    expect(estimateMargin(btc, 0.01, 83810.55, 1, 1)).toBe(838.1055)
    expect(estimateMargin(btc, 0.01, 83810.55, 2, 1)).toBe(419.05275)
    expect(estimateMargin(testInstrument({ ForexContNum: 100000 }), 0.1, 1.08512, 30, 1)).toBe(361.706667)
  })

  it('converts a non-USD quote currency with the rate', () => {
    const usdjpy = testInstrument({ Code: 'USDJPY', QuoteCurrency: 'JPY', ForexContNum: 100000 })
    // 0.1 lots x 100,000 USD x 151.5 JPY / 30, in USD at 1/151.5: 333.333333 USD.
    expect(estimateMargin(usdjpy, 0.1, 151.5, 30, 1 / 151.5)).toBe(333.333333)
  })

  it('is lots x contract size in fixed margin mode, whatever the price and leverage', () => {
    const fixed = testInstrument({ MarginMode: MarginMode.Fixed, ForexContNum: 100 })
    expect(estimateMargin(fixed, 0.5, 0, null, null)).toBe(50)
  })

  it('is unknown without lots, leverage, price or conversion rate', () => {
    expect(estimateMargin(btc, 0, 83810.55, 1, 1)).toBeNull()
    expect(estimateMargin(btc, 0.01, 83810.55, null, 1)).toBeNull()
    expect(estimateMargin(btc, 0.01, Number.NaN, 1, 1)).toBeNull()
    expect(estimateMargin(btc, 0.01, 83810.55, 1, null)).toBeNull()
  })
})

describe('fee estimate', () => {
  const btc = testInstrument()

  it('is lots x fee rate per lot (trade_fee_type 1)', () => {
    expect(estimateFee(btc, 0.01, 838.1055, true)).toBe(0.2)
    expect(estimateFee(btc, 1.25, null, true)).toBe(25)
  })

  it("rounds up to the cent by the engine's openingFee: a charge never rounds below what is due", () => {
    // Issue 22: 0.01 lot at 2.25 a lot is 0.0225, charged 0.03 (half up showed 0.02).
    expect(estimateFee(testInstrument({ ForexFeeRate: 2.25 }), 0.01, null, true)).toBe(0.03)
    expect(estimateFee(testInstrument({ ForexFeeRate: 0.07 }), 1, null, true)).toBe(0.07)
  })

  it('is margin x fee rate otherwise, to the cent up', () => {
    const rated = testInstrument({ ForexFeeRate: 0.001 })
    expect(estimateFee(rated, 0.01, 838.1055, false)).toBe(0.84)
    expect(estimateFee(rated, 0.01, 1005, false)).toBe(1.01)
    expect(estimateFee(rated, 0.01, 1001, false)).toBe(1.01)
    expect(estimateFee(rated, 0.01, null, false)).toBeNull()
  })

  it('is unknown before the fee type is known', () => {
    expect(estimateFee(btc, 0.01, 838.1055, undefined)).toBeNull()
  })
})

describe('USD conversion rate', () => {
  const quotes = new Map([
    ['USDJPY', quote(151.4, 151.6)],
    ['GBPUSD', quote(1.2699, 1.2701)],
  ])
  const quoteOf = (code: string) => quotes.get(code)

  it('is 1 for USD, the inverse of a USD-base pair, or a USD-quoted pair', () => {
    expect(usdRateOf('USD', quoteOf)).toBe(1)
    expect(usdRateOf('JPY', quoteOf)).toBeCloseTo(1 / 151.5, 12)
    expect(usdRateOf('GBP', quoteOf)).toBeCloseTo(1.27, 12)
  })

  it('is unknown without a pair to convert with', () => {
    expect(usdRateOf('CHF', quoteOf)).toBeNull()
  })
})

describe('rounding half up', () => {
  it('rounds decimal halves up, as on paper', () => {
    expect(roundHalfUp(1.005, 2)).toBe(1.01)
    expect(roundHalfUp(0.125, 2)).toBe(0.13)
    expect(roundHalfUp(2.5, 0)).toBe(3)
    expect(roundHalfUp(-1.005, 2)).toBe(-1.01)
  })
})
