import { describe, expect, it } from 'vitest'
import { payoutRate, withdrawalQuote } from './withdrawal-quote.ts'

const str = (q: { fee: { toString(): string }; received: { toFixed(): string } }) => [
  q.fee.toString(),
  q.received.toFixed(),
]

describe('withdrawalQuote (decision 026, issue 22 item 8)', () => {
  it.each([
    ['100', { feeType: 1, drawRate: '1', usdPrice: '1', precision: 6 }, ['1', '99']],
    ['100', { feeType: 1, drawRate: '5', usdPrice: '1.0001', precision: 6 }, ['5', '94.9905']],
    ['1000', { feeType: 2, drawRate: '0.001', usdPrice: '60000', precision: 8 }, ['1', '0.01665']],
    ['10', { feeType: 2, drawRate: '0.001', usdPrice: '0.128', precision: 2 }, ['0.01', '78.04']],
    ['0.5', { feeType: 1, drawRate: '1', usdPrice: '1', precision: 6 }, ['1', '0']],
    ['1', { feeType: 1, drawRate: '1', usdPrice: '1', precision: 6 }, ['1', '0']],
    ['12.34', { feeType: 2, drawRate: '0.0015', usdPrice: '1', precision: 2 }, ['0.02', '12.32']],
  ])('%s USD with %j: fee and received %j', (amount, terms, expected) => {
    expect(str(withdrawalQuote(amount, terms))).toEqual(expected)
  })

  it("pays the issue's figures exactly to the coin's unit, never 0.01 coin", () => {
    const btc = { feeType: 2, drawRate: '0', usdPrice: '74973', precision: 8 }
    // 476 / 74973 = 0.006348952…: rounded down to the satoshi, not up to 0.01 BTC (worth 750 USD).
    expect(withdrawalQuote('476', btc).received.toFixed()).toBe('0.00634895')
    expect(withdrawalQuote('1424', btc).received.toFixed()).toBe('0.0189935')
    const eth = { feeType: 2, drawRate: '0', usdPrice: '3200', precision: 18 }
    expect(withdrawalQuote('16.1', eth).received.toFixed()).toBe('0.00503125')
    const ethOdd = { feeType: 2, drawRate: '0', usdPrice: '3216.07', precision: 18 }
    // 16.10 / 3216.07 to the wei, rounded down: the house never pays more than was debited.
    const wei = withdrawalQuote('16.1', ethOdd).received
    expect(wei.decimalPlaces()).toBeLessThanOrEqual(18)
    expect(wei.times('3216.07').lessThanOrEqualTo('16.1')).toBe(true)
    expect(wei.plus('1e-18').times('3216.07').greaterThan('16.1')).toBe(true)
  })
})

describe('payoutRate (issue 22 item 9)', () => {
  it('prices a coin at the ask of <coin>USD with the margin on the house side', () => {
    expect(payoutRate('BTC', { instrument: 'BTCUSD', bid: 74590, ask: 74600 }, '0.5')?.toFixed()).toBe(
      '74973',
    )
    expect(payoutRate('EUR', { instrument: 'EURUSD', bid: 1.0719, ask: 1.072 }, '0')?.toFixed()).toBe('1.072')
  })

  it('prices a currency quoted against USD at the bid of USD<ccy>, rounded up', () => {
    const rate = payoutRate('HKD', { instrument: 'USDHKD', bid: 7.8, ask: 7.81 }, '0')
    expect(rate?.toFixed()).toBe('0.128205128205128206')
  })

  it('knows no rate from an instrument that does not pair the currency with USD', () => {
    expect(payoutRate('BTC', { instrument: 'ETHUSD', bid: 1, ask: 2 }, '0')).toBeUndefined()
    expect(payoutRate('BTC', { instrument: 'BTCUSD', bid: 0, ask: 0 }, '0')).toBeUndefined()
  })
})
