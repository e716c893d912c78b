import { DAY_MARKET_TOPIC, dayMarketTopic } from '@tp/contracts/light'
import { useEffect, useRef, useState } from 'react'
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
  useTicksOf(codes, set)
  return values
}

/**
 * The newest quote of a few instruments, kept without rendering anything: for a component that
 * draws ticks itself (the chart's bid and ask lines) and reads a quote when the user acts.
 * `onTick` runs on each of their ticks, after the map has it; the map keeps its identity.
 */
export function useLatestQuotes(
  codes: readonly string[],
  onTick?: (code: string, quote: Quote) => void,
): ReadonlyMap<string, Quote> {
  const [latest] = useState(() => new Map<string, Quote>())
  const handler = useRef(onTick)
  handler.current = onTick
  useTicksOf(codes, (code, quote) => {
    latest.set(code, quote)
    handler.current?.(code, quote)
  })
  return latest
}

/** Follows `DAY_MARKET.<code>` of each code while mounted; `onTick` may change between renders. */
function useTicksOf(codes: readonly string[], onTick: (code: string, quote: Quote) => void): void {
  const handler = useRef(onTick)
  handler.current = onTick
  const key = codes.join(',')
  useEffect(() => {
    const wanted = [...new Set(key.split(','))].filter(Boolean)
    const stops = wanted.map((code) =>
      realtime.subscribe(dayMarketTopic(code), (message) => {
        // A socket that also follows all of DAY_MARKET sees each of these ticks twice: the same quote.
        if (isDayMarketMessage(message) && message.symbol === code)
          handler.current(code, messageQuote(message))
      }),
    )
    return () => stops.forEach((stop) => stop())
  }, [key])
}
