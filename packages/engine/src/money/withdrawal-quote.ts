import { Decimal } from 'decimal.js'
import { feeToCents, money, type Money } from '../trading/money.ts'

/** What the platform needs of a withdraw currency to price a withdrawal. */
export interface WithdrawTerms {
  /** 1: `drawRate` is a fixed fee in USD; otherwise a share of the amount. */
  feeType: number
  drawRate: string
  /** USD per unit of the currency: the rate the payout is priced at (see `payoutRate`). */
  usdPrice: string
  /**
   * Decimals of the currency's smallest unit (8 for BTC, 18 for ETH, 6 for USDT, 2 for fiat). The
   * amount received is rounded down to it: the house pays at most one unit less, never more.
   */
  precision: number
}

/** The most decimals a payout is ever written with (wei, ETH's smallest unit). */
export const MAX_PAYOUT_PRECISION = 18

/**
 * The fee (USD, to the cent) and the amount received (in the currency, exact to its smallest unit,
 * rounded down, never below zero) of a withdrawal of `amountUsd`: a fixed fee, or a share of the
 * amount; received = (amount - fee) / USD price.
 * Example: withdrawalQuote('476', { feeType: 2, drawRate: '0', usdPrice: '74973', precision: 8 })
 * is fee 0, received 0.00634895 BTC (476 / 74973 = 0.0063489523…, never 0.01).
 */
export function withdrawalQuote(amountUsd: string, terms: WithdrawTerms): { fee: Money; received: Money } {
  const amount = money(amountUsd)
  const fee =
    terms.feeType === 1
      ? money(terms.drawRate).toDecimalPlaces(2, Decimal.ROUND_UP)
      : feeToCents(amount.times(terms.drawRate))
  const net = amount.minus(fee)
  const places = Math.max(0, Math.min(MAX_PAYOUT_PRECISION, Math.trunc(terms.precision)))
  const received =
    net.isPositive() && !net.isZero()
      ? net.div(terms.usdPrice).toDecimalPlaces(places, Decimal.ROUND_DOWN)
      : money(0)
  return { fee, received }
}

/** An instrument that can price a payout currency, and its last quote. */
export interface RateQuote {
  /** The instrument's code: `<currency>USD` ('BTCUSD') or `USD<currency>` ('USDHKD'). */
  instrument: string
  bid: number
  ask: number
}

/**
 * USD per unit of `currency` a payout is priced at from a live quote, with the staff-set margin (%)
 * on the house's side: the client buys the currency with USD, so at the ask of `<currency>USD`
 * (BTCUSD ask 74,600 and 0.5 % is 74,973 USD per BTC) or at the bid of `USD<currency>` (USDHKD bid
 * 7.8 is 1/7.8 USD per HKD, plus the margin). Undefined when the instrument does not pair the
 * currency with USD or the quote is not a price. Rounded up at 18 decimals (in the house's favour by
 * less than 1e-18 USD per unit).
 */
export function payoutRate(currency: string, quote: RateQuote, marginPct: string): Decimal | undefined {
  const code = currency.toUpperCase()
  const markup = new Decimal(1).plus(new Decimal(marginPct).div(100))
  let usdPerUnit: Decimal
  if (quote.instrument === `${code}USD` && quote.ask > 0) usdPerUnit = new Decimal(quote.ask)
  else if (quote.instrument === `USD${code}` && quote.bid > 0) usdPerUnit = new Decimal(1).div(quote.bid)
  else return undefined
  return usdPerUnit.times(markup).toDecimalPlaces(MAX_PAYOUT_PRECISION, Decimal.ROUND_UP)
}

/**
 * A payout amount as text: exact, with no trailing zeros past the cents ('99.00', '0.00634895',
 * '0.005031446540880503'): the units that are sent, never rounded for display.
 */
export function payoutText(value: Decimal.Value): string {
  const amount = new Decimal(value)
  return amount.decimalPlaces() <= 2 ? amount.toFixed(2) : amount.toFixed()
}
