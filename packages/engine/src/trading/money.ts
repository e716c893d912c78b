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
 * Fees: to the cent, half up (the posted rate times lots is nearly always exact already), and never
 * rounded down to nothing: a fee that is due is at least one cent.
 */
export const feeToCents = (value: Money): Money => {
  const cents = value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
  return cents.isZero() && value.greaterThan(0) ? new Money('0.01') : cents
}

/**
 * Swaps: to the cent, a charge rounded away from zero and a credit toward it, so that no number of
 * small positions gains from rounding (a credit under a cent is nothing; a charge is at least one).
 */
export const swapToCents = (value: Money): Money =>
  value.toDecimalPlaces(2, value.isNegative() ? Decimal.ROUND_UP : Decimal.ROUND_DOWN)

/** Margin held for a position: six decimals (the column's scale), half up. */
export const toMicros = (value: Money): Money => value.toDecimalPlaces(6, Decimal.ROUND_HALF_UP)
