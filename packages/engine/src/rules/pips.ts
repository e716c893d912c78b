import { Side, type SideValue } from '@tp/contracts/light'

/*
 * Profit in pips of a closed trade, for the server's statement and the phone's history (issue 25).
 * A point is the last digit of a quote (10^-digits). Quotes with 5 or 3 digits are "fractional pip"
 * quotes (EURUSD 1.08512, USDJPY 151.512): their pip is ten points, the fourth or the second
 * decimal, as traders count them. Every other instrument (gold with 2 digits, indices with 0 or 1,
 * crypto with 2 or 4) counts a pip as one point. docs/decisions/038-account-statement.md says why.
 */

/** How many points make one pip for an instrument quoted with `digits` decimals. */
export function pointsPerPip(digits: number): 1 | 10 {
  return digits === 5 || digits === 3 ? 10 : 1
}

/** The size of one pip in price: 0.0001 for EURUSD (5 digits), 0.01 for USDJPY (3) and XAUUSD (2). */
export function pipSize(digits: number): number {
  return pointsPerPip(digits) / 10 ** digits
}

/**
 * A closed trade's move in pips, in its favour (positive) or against it, as exact decimal text:
 * whole pips, or tenths where a pip is ten points. Prices lie on the instrument's grid, so the move
 * is counted in whole points first and never carries a float's error. Example:
 * profitPips(Side.Buy, 1.08512, 1.08634, 5) is "12.2"; profitPips(Side.Sell, 2350.1, 2351.35, 2) is "-125".
 */
export function profitPips(side: SideValue, openPrice: number, closePrice: number, digits: number): string {
  const points = Math.round((closePrice - openPrice) * 10 ** digits) * (side === Side.Buy ? 1 : -1)
  const perPip = pointsPerPip(digits)
  if (perPip === 1) return points === 0 ? '0' : String(points)
  const size = Math.abs(points)
  if (size === 0) return '0.0'
  return `${points < 0 ? '-' : ''}${Math.floor(size / 10)}.${size % 10}`
}
