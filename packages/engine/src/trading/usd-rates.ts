import { money, type Money } from './money.ts'
import type { InstrumentTerms, Quote } from './types.ts'

/**
 * USD per unit of each quote currency, from the catalogue's USD pairs: `xxxUSD` as it is, `USDxxx`
 * inverted, at the current mid. Profit and margin in a currency other than USD convert with it.
 */
export class UsdRates {
  /** For each currency other than USD: the instrument that prices it and whether to invert. */
  private conversions = new Map<string, { instrumentId: number; invert: boolean }>()

  constructor(private readonly quoteOf: (instrumentId: number) => Quote | undefined) {}

  /**
   * Learns the pairs of a catalogue; returns, per conversion instrument, the instruments quoted in
   * the currency it prices (a tick of USDJPY moves the profit of EURJPY too).
   */
  setInstruments(list: readonly InstrumentTerms[]): Map<number, number[]> {
    this.conversions = new Map()
    for (const terms of list) {
      if (terms.code.length !== 6) continue
      const base = terms.code.slice(0, 3)
      const quote = terms.code.slice(3)
      if (base === 'USD' && !this.conversions.has(quote))
        this.conversions.set(quote, { instrumentId: terms.id, invert: true })
      if (quote === 'USD' && !this.conversions.has(base))
        this.conversions.set(base, { instrumentId: terms.id, invert: false })
    }
    const convertedVia = new Map<number, number[]>()
    for (const terms of list) {
      const conversion = this.conversions.get(terms.quoteCurrency)
      if (!conversion) continue
      const ids = convertedVia.get(conversion.instrumentId) ?? []
      ids.push(terms.id)
      convertedVia.set(conversion.instrumentId, ids)
    }
    return convertedVia
  }

  /** USD per unit of `currency` at the current mid price, or undefined without a quote for it (marks). */
  mark(currency: string): number | undefined {
    if (currency === 'USD') return 1
    const conversion = this.conversions.get(currency)
    const quote = conversion && this.quoteOf(conversion.instrumentId)
    if (!conversion || !quote) return undefined
    const mid = (quote.bid + quote.ask) / 2
    return conversion.invert ? 1 / mid : mid
  }

  /**
   * The same rate as exact money, for booked amounts (margin, profit). The float mid carries binary
   * noise (1.0 and 1.0001 give 1.0000499999999999, not 1.00005) that would tip half-cent ties the
   * wrong way; the decimal mid of the two prices does not. An inverted rate has 40 digits.
   */
  booked(currency: string): Money | undefined {
    if (currency === 'USD') return money(1)
    const conversion = this.conversions.get(currency)
    const quote = conversion && this.quoteOf(conversion.instrumentId)
    if (!conversion || !quote) return undefined
    const mid = money(quote.bid).plus(quote.ask).div(2)
    return conversion.invert ? money(1).div(mid) : mid
  }
}
