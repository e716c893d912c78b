/** How bench/engine reads its timings: percentiles, garbage collections, the slowest ticks. */
import { PerformanceObserver } from 'node:perf_hooks'

const at = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number

/** The p50, the p99 and the longest of `times` (in any order). */
export function spread(times: readonly number[]) {
  const sorted = [...times].sort((a, b) => a - b)
  return { p50: at(sorted, 0.5), p99: at(sorted, 0.99), max: sorted.at(-1) as number }
}

/** The `p` quantile of `times` (in any order). */
export const percentile = (times: readonly number[], p: number) =>
  at(
    [...times].sort((a, b) => a - b),
    p,
  )

/** Garbage collections as they happen (start and duration in performance.now() time). */
export function watchCollections() {
  const seen: { start: number; ms: number }[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.push({ start: entry.startTime, ms: entry.duration })
  })
  observer.observe({ entryTypes: ['gc'] })
  return {
    /** Waits for the reports of what ran so far (the observer reports after synchronous work), then stops. */
    async stop() {
      await new Promise((resolve) => setTimeout(resolve, 50))
      observer.disconnect()
    },
    /** Whether a collection began within [from, to]. */
    within: (from: number, to: number) => seen.some((gc) => gc.start >= from && gc.start <= to),
  }
}

/** A tick closing at least this many positions is a crash through a cluster of stops. */
export const MANY_CLOSES = 100

/** What the slowest 1% of ticks (p99 and above) had in them. */
export function slowestTicks(
  result: { starts: number[]; times: number[] },
  closedBy: number[],
  collectedWithin: (from: number, to: number) => boolean,
) {
  const from = percentile(result.times, 0.99)
  const out = { count: 0, from, collected: 0, closing: 0, other: 0 }
  result.times.forEach((ms, n) => {
    if (ms < from) return
    out.count++
    const start = result.starts[n] as number
    if (collectedWithin(start, start + ms)) out.collected++
    else if ((closedBy[n] as number) >= MANY_CLOSES) out.closing++
    else out.other++
  })
  return out
}
