import { Decimal } from 'decimal.js'
import { feeToCents, money, type Money } from '../trading/money.ts'

/** What the platform needs of a withdraw currency to price a withdrawal. */
export interface WithdrawTerms {
  /** 1: `drawRate` is a fixed fee in USD; otherwise a share of the amount. */
  feeType: number
  drawRate: string
  /** USD per unit of the currency. */
  usdPrice: string
}

/**
 * The fee (USD, to the cent) and the amount received (in the currency, to 2 decimals, never below
 * zero) of a withdrawal of `amountUsd`, as SPEC.md section 5 puts it: a fixed fee, or a share of the
 * amount; received = (amount - fee) / USD price.
 * Example: withdrawalQuote('100', { feeType: 1, drawRate: '1', usdPrice: '1' }) is fee 1, received 99.
 */
export function withdrawalQuote(amountUsd: string, terms: WithdrawTerms): { fee: Money; received: Money } {
  const amount = money(amountUsd)
  const fee =
    terms.feeType === 1
      ? money(terms.drawRate).toDecimalPlaces(2, Decimal.ROUND_UP)
      : feeToCents(amount.times(terms.drawRate))
  const net = amount.minus(fee)
  const received =
    net.isPositive() && !net.isZero()
      ? net.div(terms.usdPrice).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
      : money(0)
  return { fee, received }
}
