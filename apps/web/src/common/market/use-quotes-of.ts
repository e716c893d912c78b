import { DAY_MARKET_TOPIC } from '@tp/contracts/light'
import { useEffect } from 'react'
import { useFrameMap } from '../hooks/use-frame-map.ts'
import { isDayMarketMessage, messageQuote, type Quote } from './quote.ts'
import { realtime } from '../realtime.ts'

/**
 * Live quotes of a few instruments only (the one traded and its conversion pair), so the order form
 * repaints when those tick, not on every tick of every instrument.
 */
export function useQuotesOf(codes: readonly string[]): ReadonlyMap<string, Quote> {
  const { values, set } = useFrameMap<Quote>()
  const key = codes.join(',')
  useEffect(() => {
    const wanted = new Set(key.split(','))
    return realtime.subscribe(DAY_MARKET_TOPIC, (message) => {
      if (isDayMarketMessage(message) && wanted.has(message.symbol))
        set(message.symbol, messageQuote(message))
    })
  }, [key, set])
  return values
}
