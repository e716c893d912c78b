/**
 * Which client trades the house passes on to a liquidity provider (issue 28, decision 051). A rule
 * names an instrument and a client group, or either as "any" (null); the most specific rule that
 * matches decides, and with none the house keeps the risk (B-book).
 */

/** `b_book`: the house keeps the risk. `a_book`: every trade is passed on. `hybrid`: the house's net beyond a threshold is. */
export type HedgeMode = 'b_book' | 'a_book' | 'hybrid'

export interface HedgeRule {
  /** An instrument code; null: every instrument. */
  instrument: string | null
  /** A client group; null: every group. */
  group: string | null
  mode: HedgeMode
  /**
   * `hybrid`: the house's net (in lots) it keeps, on either side, before passing the rest on. The
   * net is the instrument's, over every hybrid group: the smallest threshold of the hybrid rules
   * that apply to the instrument counts (`hybridThreshold`).
   */
  thresholdLots: number
}

/**
 * The rule for an instrument and a client group: one naming both, else one naming the group, else
 * one naming the instrument, else one naming neither; undefined when none applies (B-book).
 */
export function ruleFor(
  rules: readonly HedgeRule[],
  instrument: string,
  group: string,
): HedgeRule | undefined {
  let best: HedgeRule | undefined
  let bestScore = -1
  for (const rule of rules) {
    if (rule.instrument !== null && rule.instrument !== instrument) continue
    if (rule.group !== null && rule.group !== group) continue
    // The group counts for more than the instrument: a client group is a deal with those clients.
    const score = (rule.group !== null ? 2 : 0) + (rule.instrument !== null ? 1 : 0)
    if (score > bestScore) {
      best = rule
      bestScore = score
    }
  }
  return best
}

/** The net an instrument's hybrid book keeps: the smallest threshold of the hybrid rules that could apply to it. */
export function hybridThreshold(rules: readonly HedgeRule[], instrument: string): number {
  let least = Number.POSITIVE_INFINITY
  for (const rule of rules)
    if (rule.mode === 'hybrid' && (rule.instrument === null || rule.instrument === instrument))
      least = Math.min(least, rule.thresholdLots)
  return Number.isFinite(least) ? least : 0
}
