import { Decimal } from 'decimal.js'
import { payoutRate } from '@tp/engine'
import type { MarketData } from '../market/market-data.ts'
import type { DbOrTx } from '../db/client.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { getSettings } from '../settings/settings.ts'
import { currencyLabel, type WithdrawCurrency } from './withdraw-currencies.ts'

/** The rate a payout is priced at, as it is frozen on the withdrawal. */
export interface PayoutRate {
  /** USD per unit of the currency, the margin included. */
  usdPrice: Decimal
  /** 'quote:<instrument>' for a live quote, 'staff' for the rate staff set. */
  source: string
  /** The quote's time (Unix ms); null for a staff-set rate. */
  quotedAtMs: number | null
  /** The margin (%) added to the quote; '0' for a staff-set rate. */
  marginPct: string
}

/** What pricing a payout needs besides the currency: the live market, the margin and the quote age. */
export interface PayoutRateTerms {
  market: MarketData
  marginPct: string
  maxQuoteAgeMs: number
  nowMs: number
}

/**
 * The rate a payout in `currency` is priced at now. A currency with an instrument (`rate_instrument`)
 * takes its live quote with the staff-set margin, on the house's side (payoutRate, @tp/engine); its
 * market must be open and the quote no older than `max_quote_age_ms`, or the request is refused
 * ('payout_rate_stale') rather than priced at an old number. Other currencies keep the rate staff set.
 */
export function currentPayoutRate(currency: WithdrawCurrency, terms: PayoutRateTerms): Outcome<PayoutRate> {
  if (currency.rateInstrument === '') {
    return accept({
      usdPrice: new Decimal(currency.usdPrice),
      source: 'staff',
      quotedAtMs: null,
      marginPct: '0',
    })
  }
  const stale = refuse('payout_rate_stale', { currency: currencyLabel(currency) })
  const def = terms.market.instrumentByCode(currency.rateInstrument)
  if (!def || !terms.market.isOpen(def.id, terms.nowMs)) return stale
  const quote = terms.market.lastQuote(def.id)
  if (!quote || terms.nowMs - quote.timeMs > terms.maxQuoteAgeMs) return stale
  const rate = payoutRate(
    currency.code,
    { instrument: def.code, bid: quote.bid, ask: quote.ask },
    terms.marginPct,
  )
  if (!rate) return stale
  return accept({
    usdPrice: rate,
    source: `quote:${def.code}`,
    quotedAtMs: quote.timeMs,
    marginPct: terms.marginPct,
  })
}

/** Where a payout's rate comes from: the live market and the server's clock (wired in the routes from app.ts). */
export interface PayoutRates {
  market: MarketData
  nowMs: () => number
}

/** The terms of `currentPayoutRate` as the settings hold them now. */
export async function payoutRateTerms(db: DbOrTx, rates: PayoutRates): Promise<PayoutRateTerms> {
  const settings = await getSettings(db, ['payout_rate_margin_pct', 'max_quote_age_ms'])
  return {
    market: rates.market,
    marginPct: settings.payout_rate_margin_pct,
    maxQuoteAgeMs: Number(settings.max_quote_age_ms),
    nowMs: rates.nowMs(),
  }
}
