import { describe, expect, it } from 'vitest'
import { withdrawalQuote } from './withdrawal-quote.ts'

const str = (q: { fee: { toString(): string }; received: { toString(): string } }) => [
  q.fee.toString(),
  q.received.toString(),
]

describe('withdrawalQuote (SPEC.md section 5)', () => {
  it.each([
    ['100', { feeType: 1, drawRate: '1', usdPrice: '1' }, ['1', '99']],
    ['100', { feeType: 1, drawRate: '5', usdPrice: '1.0001' }, ['5', '94.99']],
    ['1000', { feeType: 2, drawRate: '0.001', usdPrice: '60000' }, ['1', '0.02']],
    ['10', { feeType: 2, drawRate: '0.001', usdPrice: '0.128' }, ['0.01', '78.05']],
    ['0.5', { feeType: 1, drawRate: '1', usdPrice: '1' }, ['1', '0']],
    ['1', { feeType: 1, drawRate: '1', usdPrice: '1' }, ['1', '0']],
    ['12.34', { feeType: 2, drawRate: '0.0015', usdPrice: '1' }, ['0.02', '12.32']],
  ])('%s USD with %j: fee and received %j', (amount, terms, expected) => {
    expect(str(withdrawalQuote(amount, terms))).toEqual(expected)
  })
})
