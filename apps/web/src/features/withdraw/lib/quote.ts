import { USD_AMOUNT_TEXT, type DrawSymbol } from '@tp/contracts/light'
import { payoutText, withdrawalQuote } from '@tp/engine/rules'
import { formatAmount } from '../../../common/lib/money.ts'

export interface QuoteText {
  /** The fee in USD, '--' with no currency. */
  fee: string
  /** What is received, exact to the currency's smallest unit, with its code; '--' with no currency or rate. */
  received: string
  /** '1 BTC = 74,973.00 USD', '' with no currency. */
  rate: string
}

/** Decimals a text figure is written with ('0.00634895' is 8): shown as sent, never rounded. */
const placesOf = (text: string) => text.split('.')[1]?.length ?? 0

/**
 * The fee, received amount and rate shown while the user types and again before confirming,
 * computed by the same function the server books with (@tp/engine `withdrawalQuote`) at the rate the
 * server quotes now (`usd_price`, a live quote with the margin or a set rate), so the two never
 * disagree. '--' with no currency, and for the received amount while no live rate can be had (the
 * server would refuse); fee 0 and '0 code' while the amount is empty, zero or not a valid amount.
 */
export function quoteText(amount: string, currency: DrawSymbol | null): QuoteText {
  if (!currency) return { fee: '--', received: '--', rate: '' }
  const usdPrice = payoutText(currency.usd_price)
  const rate = `1 ${currency.code} = ${formatAmount(usdPrice, Math.max(2, placesOf(usdPrice)))} USD`
  const typed = amount.trim()
  if (!USD_AMOUNT_TEXT.test(typed) || Number(typed) <= 0)
    return { fee: formatAmount('0'), received: `${formatAmount('0', 0)} ${currency.code}`, rate }
  const { fee, received } = withdrawalQuote(typed, {
    feeType: currency.fee_type,
    drawRate: currency.draw_rate,
    usdPrice: currency.usd_price,
    precision: currency.precision,
  })
  const exact = payoutText(received)
  // Figures as the reader's language writes them (decision 014); hk and en as before.
  return {
    fee: formatAmount(fee.toFixed(2)),
    received: currency.rate_ready ? `${formatAmount(exact, placesOf(exact))} ${currency.code}` : '--',
    rate,
  }
}
