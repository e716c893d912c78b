import type { Random } from './random.ts'

const MS_PER_DAY = 86_400_000
/**
 * A market reopening after a longer close moves as much as in this much trading time: a weekend gap
 * of about two fifths of a day's volatility, as in real forex, rather than two days' worth.
 */
export const MAX_GAP_MS = 4 * 3_600_000

/** The time a walk should move over after a pause of `pauseMs` in quotes (see MAX_GAP_MS). */
export const gapTime = (pauseMs: number): number => Math.min(Math.max(pauseMs, 0), MAX_GAP_MS)

/**
 * How a simulated mid price moves: a mean-reverting random walk of its logarithm
 * (Ornstein-Uhlenbeck), so prices keep their character over years of history instead of drifting
 * to zero or infinity.
 */
export interface WalkSpec {
  /** The price the walk is pulled back to. */
  anchor: number
  /** Standard deviation of one day's log return, e.g. 0.005 for 0.5 %. */
  dailyVolatility: number
  /** Half-life-like scale of the pull towards the anchor, in days. */
  reversionDays: number
}

/** The mid price `elapsedMs` of trading after `mid`. */
export function stepMid(mid: number, spec: WalkSpec, elapsedMs: number, random: Random): number {
  const days = Math.max(elapsedMs, 0) / MS_PER_DAY
  const x = Math.log(mid / spec.anchor)
  const next = x - (x / spec.reversionDays) * days + spec.dailyVolatility * Math.sqrt(days) * random.normal()
  return spec.anchor * Math.exp(next)
}

export interface BidAsk {
  bid: number
  ask: number
}

/** Bid and ask around a mid: the bid is rounded to the precision and the ask is the bid plus the spread. */
export function quoteFromMid(mid: number, spreadPoints: number, precision: number): BidAsk {
  const factor = 10 ** precision
  const bidPoints = Math.round(mid * factor - spreadPoints / 2)
  return { bid: bidPoints / factor, ask: (bidPoints + spreadPoints) / factor }
}

/** The mid of a quote (the walk continues from it after a restart). */
export const midOf = (quote: BidAsk): number => (quote.bid + quote.ask) / 2
