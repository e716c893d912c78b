import { MarginMode, type MarginModeValue } from '@tp/contracts/light'
import { feeToCents, money, toMicros, type Money } from '../trading/money.ts'

/*
 * The margin a position holds and the fee it pays at open, in USD: what the engine books and what
 * the phone estimates before an order is sent.
 */

export interface MarginTerms {
  marginMode: MarginModeValue
  /** Units of the instrument in one lot (`ForexContNum`), exact. */
  contractSize: string
}

/**
 * Margin = lots x contract size x price / leverage, converted to USD at `usdRate` (USD per unit of
 * the quote currency); in fixed margin mode lots x contract size. Six decimals, half up.
 * Example: 2 lots of 100,000 at 1.1 with leverage 100 and rate 1 is 2200.
 */
export function marginOf(
  terms: MarginTerms,
  lots: Money,
  price: number,
  leverage: number,
  usdRate: Money,
): Money {
  const units = lots.times(terms.contractSize)
  if (terms.marginMode === MarginMode.Fixed) return toMicros(units)
  return toMicros(units.times(money(price)).div(leverage).times(usdRate))
}

/**
 * The fee charged at open (decision 007): lots x fee rate when fees are per lot, else margin x fee
 * rate; to the cent, rounded up (a charge never rounds below what is due).
 */
export function openingFee(
  feePerLot: boolean,
  lots: Money,
  margin: Money,
  feeRate: Money | string | number,
): Money {
  return feeToCents((feePerLot ? lots : margin).times(feeRate))
}
