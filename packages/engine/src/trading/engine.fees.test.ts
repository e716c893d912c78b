import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ZERO, feeToCents, money } from './money.ts'
import { EURUSD, XAUUSD, bookings, buy, makeEngine } from './test-fixtures.ts'

/*
 * Issue 22, item 13: a charge never rounds below what is due. Fees round away from zero (up) to the
 * cent, as swap charges do, so splitting an order never pays less than one order of the same lots.
 */

/** The fee booked for each of `count` orders of `lots`, summed. */
function feesPaid(feePerLot: boolean, instrumentId: number, rate: string, lots: string, count: number) {
  const engine = makeEngine({
    risk: { feePerLot },
    fee: { [instrumentId]: rate },
    accounts: { 1: '100000000' },
  })
  let paid = ZERO
  for (let i = 0; i < count; i++) {
    const result = engine.open(buy({ instrumentId, lots }))
    if (!result.ok) throw new Error(result.reason)
    for (const booking of bookings(result.events)) paid = paid.minus(booking.amount)
  }
  return paid
}

describe('fees round up to the cent', () => {
  it('charges 100 orders of 0.01 lot at least what one lot pays (2.25 a lot: 3.00, not 2.00)', () => {
    expect(feesPaid(true, EURUSD, '2.25', '1', 1).toString()).toBe('2.25')
    // Before: each 0.0225 was rounded half up to 0.02, and the hundred paid 2.00.
    expect(feesPaid(true, EURUSD, '2.25', '0.01', 100).toString()).toBe('3')
  })

  it('rounds every fee up, and a fee already in cents stays as it is', () => {
    expect(feeToCents(money('0.0201')).toString()).toBe('0.03')
    expect(feeToCents(money('0.0249')).toString()).toBe('0.03')
    expect(feeToCents(money('1.25')).toString()).toBe('1.25')
    expect(feeToCents(money('0.0001')).toString()).toBe('0.01')
    expect(feeToCents(ZERO).toString()).toBe('0')
  })

  it('property: the fee of n orders of lots/n is never less than the fee of one order of lots', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.constantFrom(EURUSD, XAUUSD),
        fc.integer({ min: 1, max: 2000 }).map((n) => (n / 1000).toString()),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 40 }),
        (feePerLot, instrumentId, rate, n, perOrderHundredths) => {
          const part = money(perOrderHundredths).div(100)
          const whole = part.times(n)
          const one = feesPaid(feePerLot, instrumentId, rate, whole.toString(), 1)
          const split = feesPaid(feePerLot, instrumentId, rate, part.toString(), n)
          expect(split.gte(one), `${n} x ${part} lots at ${rate}: ${split} < ${one}`).toBe(true)
        },
      ),
      { numRuns: 200 },
    )
  })
})
