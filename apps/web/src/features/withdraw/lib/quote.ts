import type { DrawSymbol } from '@tp/contracts'
import { withdrawalQuote } from '@tp/engine'
import { formatAmount } from '../../../shared/lib/money.ts'

/** An amount as the server takes it: digits with at most two decimals (contracts `usdAmount`). */
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/

export interface QuoteText {
  /** The fee in USD, '--' with no currency. */
  fee: string
  /** What is received, with the currency's code; '--' with no currency. */
  received: string
}

/**
 * The fee and received amount shown while the user types, computed by the same function the
 * server books with (@tp/engine `withdrawalQuote`), so the two never disagree. SPEC.md 5: '--'
 * with no currency; fee 0 and '0 code' while the amount is empty, zero or not a valid amount.
 */
export function quoteText(amount: string, currency: DrawSymbol | null): QuoteText {
  if (!currency) return { fee: '--', received: '--' }
  const typed = amount.trim()
  if (!AMOUNT.test(typed) || Number(typed) <= 0)
    return { fee: formatAmount('0'), received: `${formatAmount('0', 0)} ${currency.code}` }
  const { fee, received } = withdrawalQuote(typed, {
    feeType: currency.fee_type,
    drawRate: currency.draw_rate,
    usdPrice: currency.usd_price,
  })
  // Figures as the reader's language writes them (decision 014); hk and en as before.
  return {
    fee: formatAmount(fee.toFixed(2)),
    received: `${formatAmount(received.toFixed(2))} ${currency.code}`,
  }
}
