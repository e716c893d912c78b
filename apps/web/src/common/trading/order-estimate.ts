import { marginOf, money } from '@tp/engine/rules'
import { MarginMode, type Instrument } from '@tp/contracts/light'
import type { Quote } from '../market/quote.ts'

/** Rounds half up to `decimals` places through the decimal exponent, so 1.005 -> 1.01 as on paper. */
export function roundHalfUp(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value
  const sign = value < 0 ? -1 : 1
  return sign * Number(`${Math.round(Number(`${Math.abs(value)}e${decimals}`))}e-${decimals}`)
}

const mid = (quote: Quote) => {
  const middle = (quote.bid + quote.ask) / 2
  return Number.isFinite(middle) && middle > 0 ? middle : quote.last
}

/** The pairs usdRateOf reads for `currency`: none for USD, else USD{cur} and {cur}USD. */
export const usdConversionCodes = (currency: string): string[] =>
  currency === 'USD' ? [] : [`USD${currency}`, `${currency}USD`]

/**
 * US dollars per unit of `currency`, as the server converts margin and profit: 1 for USD, else the
 * mid price of the USD{cur} pair (inverted) or of the {cur}USD pair. Null when neither is listed.
 */
export function usdRateOf(currency: string, quoteOf: (code: string) => Quote | undefined): number | null {
  if (currency === 'USD') return 1
  const inverse = quoteOf(`USD${currency}`)
  if (inverse && mid(inverse) > 0) return 1 / mid(inverse)
  const direct = quoteOf(`${currency}USD`)
  if (direct && mid(direct) > 0) return mid(direct)
  return null
}

/**
 * Margin in USD by the engine's rule (`marginOf`: lots x contract size x price / leverage, converted
 * from the quote currency; in fixed margin mode lots x contract size; six decimals, half up).
 * Null when something it needs is missing (no leverage chosen, no price, no conversion rate).
 */
export function estimateMargin(
  instrument: Instrument,
  lots: number,
  price: number,
  leverage: number | null,
  usdRate: number | null,
): number | null {
  if (!(lots > 0)) return null
  const terms = { marginMode: instrument.MarginMode, contractSize: String(instrument.ForexContNum) }
  if (instrument.MarginMode === MarginMode.Fixed)
    return marginOf(terms, money(lots), 0, 1, money(1)).toNumber()
  if (!leverage || !(price > 0) || usdRate === null) return null
  return marginOf(terms, money(lots), price, leverage, money(usdRate)).toNumber()
}
