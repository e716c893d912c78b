import { DAY_MARKET_TOPIC } from '@tp/contracts/light'
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
