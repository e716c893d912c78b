import { DAY_MARKET_TOPIC, dayMarketTopic } from '@tp/contracts/light'
import { useEffect } from 'react'
import { useFrameMap } from '../hooks/use-frame-map.ts'
import { realtime } from '../realtime.ts'
import { isDayMarketMessage, messageQuote, type Quote } from './quote.ts'

/**
 * The live quote of every instrument by code, from the DAY_MARKET topic. Ticks arrive many times a
 * second; the screen sees them at most once per animation frame (useFrameMap).
 */
export function useLiveQuotes(): ReadonlyMap<string, Quote> {
  const { values, set } = useFrameMap<Quote>()
  useEffect(
    () =>
      realtime.subscribe(DAY_MARKET_TOPIC, (message) => {
        if (isDayMarketMessage(message)) set(message.symbol, messageQuote(message))
      }),
    [set],
  )
  return values
}

/**
 * Live quotes of a few instruments only (the one traded and its conversion pair), so the order form
 * repaints when those tick, not on every tick of every instrument. Each is its own topic
 * (`DAY_MARKET.<code>`): the server sends this phone those instruments' ticks alone, not the dozens
 * a second of the whole market.
 */
export function useQuotesOf(codes: readonly string[]): ReadonlyMap<string, Quote> {
  const { values, set } = useFrameMap<Quote>()
  const key = codes.join(',')
  useEffect(() => {
    const wanted = [...new Set(key.split(','))].filter(Boolean)
    const stops = wanted.map((code) =>
      realtime.subscribe(dayMarketTopic(code), (message) => {
        // A socket that also follows all of DAY_MARKET sees each of these ticks twice: the same quote.
        if (isDayMarketMessage(message) && message.symbol === code) set(code, messageQuote(message))
      }),
    )
    return () => stops.forEach((stop) => stop())
  }, [key, set])
  return values
}
