import { Decimal } from 'decimal.js'

/**
 * Booked money is exact (decimal.js). The rounding rule of every booked amount is named here and
 * used nowhere else (docs/decisions/007-trading-engine.md).
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN })
export type Money = Decimal

export const ZERO = new Money(0)

/** A number or decimal string as exact money. A JS number converts through its shortest decimal form. */
export const money = (value: Decimal.Value): Money => new Money(value)

/** Realized profit and write-offs: to the cent, half to even (no drift either way over many trades). */
export const toCents = (value: Money): Money => value.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN)

/**
 * Charges (fees: a trade's, a withdrawal's): to the cent, up, so that a charge never rounds below
 * what is due and splitting an order never pays less (issue 22: half up, 100 orders of 0.01 lot at
 * 2.25 a lot paid 2.00 where one lot paid 2.25; rounded up they pay 3.00). A fee due is at least one
 * cent; a fee already in cents is itself.
 */
export const feeToCents = (value: Money): Money => value.toDecimalPlaces(2, Decimal.ROUND_UP)

/**
 * Swaps: to the cent, a charge rounded away from zero and a credit toward it, so that no number of
 * small positions gains from rounding (a credit under a cent is nothing; a charge is at least one).
 */
export const swapToCents = (value: Money): Money =>
  value.toDecimalPlaces(2, value.isNegative() ? Decimal.ROUND_UP : Decimal.ROUND_DOWN)

/** Margin held for a position: six decimals (the column's scale), half up. */
export const toMicros = (value: Money): Money => value.toDecimalPlaces(6, Decimal.ROUND_HALF_UP)
