import type { Candle } from '@tp/contracts/light'

/**
 * Older candles (a `before` page) in front of the ones held: one candle per Time (the held one wins,
 * it may have been updated live since), ascending, whatever order the page came in.
 */
export function mergeOlder(older: readonly Candle[], held: readonly Candle[]): Candle[] {
  const byTime = new Map<number, Candle>()
  for (const candle of older) if (Number.isFinite(candle.Time)) byTime.set(candle.Time, candle)
  for (const candle of held) byTime.set(candle.Time, candle)
  return [...byTime.values()].sort((a, b) => a.Time - b.Time)
}

/** Bars from the left edge of the view within which the next older page is asked for. */
export const LOAD_MORE_WITHIN_BARS = 10

/** The view's left edge (a logical index; negative past the first bar) is near the first bar. */
export function nearFirstBar(visibleFrom: number | null | undefined): boolean {
  return typeof visibleFrom === 'number' && visibleFrom < LOAD_MORE_WITHIN_BARS
}
