import { DERIVED_PERIODS, type DerivedPeriod } from '@tp/contracts'
import { aggregate, bucketStart, type Bar } from './candles.ts'

/**
 * Candles of a derived period (4 hours, a week, a month) made from the stored period under it
 * (DERIVED_PERIODS): the same prices in longer buckets, so open, high, low, close and volume are
 * what the feed would have built from the ticks. `source` is ascending and consecutive; when it may
 * start after the first candle of its oldest bucket (a read cut at a limit), `whole` is false and that
 * oldest, possibly partial, bucket is left out.
 */
export function derivedBars(source: readonly Bar[], period: DerivedPeriod, whole: boolean): Bar[] {
  const bars = aggregate(source, period)
  return whole ? bars : bars.slice(1)
}

export interface FormingDerived {
  /** The derived period's candle that holds the forming source candle. */
  bar: Bar
  /** The last source candle before that bucket (its close is the previous derived candle's close). */
  before: Bar | undefined
}

/**
 * The forming candle of a derived period: the closed source candles of its bucket and the forming
 * one. Scans back at most `DERIVED_PERIODS[period].most` candles, so a tick costs a few steps.
 */
export function formingDerived(closed: readonly Bar[], forming: Bar, period: DerivedPeriod): FormingDerived {
  const start = bucketStart(forming.time * 1000, period)
  let first = closed.length
  const floor = Math.max(0, closed.length - DERIVED_PERIODS[period].most)
  while (first > floor && (closed[first - 1] as Bar).time >= start) first--
  // Folded here rather than by `aggregate`: one bucket, so no bucket start per candle (a month's
  // is a calendar computation) and nothing copied, on every tick someone listens to.
  const opening = first < closed.length ? (closed[first] as Bar) : forming
  const bar: Bar = {
    time: start,
    open: opening.open,
    high: forming.high,
    low: forming.low,
    close: forming.close,
    volume: forming.volume,
  }
  for (let i = first; i < closed.length; i++) {
    const candle = closed[i] as Bar
    if (candle.high > bar.high) bar.high = candle.high
    if (candle.low < bar.low) bar.low = candle.low
    bar.volume += candle.volume
  }
  return { bar, before: closed[first - 1] }
}
