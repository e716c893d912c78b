import type { Instrument } from '@tp/contracts/light'
import { currentQuote, type Quote } from './quote.ts'
import { usdConversionCodes, usdRateOf } from '../trading/order-estimate.ts'
import { useQuotesOf } from './use-live-quotes.ts'

/**
 * The live quote of an instrument and the rate that turns its quote currency into USD, from its own
 * ticks and those of its conversion pair (USDxxx or xxxUSD in `instruments`), for the ticket, quick
 * trade and the spec sheet's margin and profit figures.
 */
export function usePricedQuote(
  instrument: Instrument,
  instruments: readonly Instrument[],
): { quote: Quote; usdRate: number | null } {
  const currency = instrument.QuoteCurrency
  const live = useQuotesOf([instrument.Code, ...usdConversionCodes(currency)])
  const quoteOf = (code: string) => {
    const listed = instruments.find((item) => item.Code === code)
    return listed && currentQuote(listed, live.get(code))
  }
  return { quote: currentQuote(instrument, live.get(instrument.Code)), usdRate: usdRateOf(currency, quoteOf) }
}
