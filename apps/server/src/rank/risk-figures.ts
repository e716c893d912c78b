/**
 * A trader's risk, for its profile (issue 29): the largest fall of its trading returns and a risk
 * score from 1 to 10, from its account's daily returns over the window (no IO: rank-queries.ts
 * hands in each day's trading result and the balance the day began with).
 *
 * - A day's return = its trading result (profit, fees, swaps, profit share, write-offs: the
 *   ledger's trading rows) / the balance at the start of that day. Deposits and withdrawals move the
 *   balance but are no return. A day that began with no money has none.
 * - max_drawdown = the largest fall, in percent with 2 decimals, of the returns compounded day by
 *   day (1 x (1 + r1) x (1 + r2) ...) from a high to a later low.
 * - risk_score = where the daily returns' standard deviation falls among RISK_STEPS: 1 below the
 *   first (under 0.1 % a day), 10 at or above the last (9 % a day and more), as eToro's 1-10 scale
 *   reads volatility. No trading day: 1.
 */

/** Daily standard deviations (in %) at which the score steps up: 2 from 0.1 %, ... 10 from 9 %. */
export const RISK_STEPS = [0.1, 0.25, 0.5, 1, 1.5, 2.5, 4, 6, 9] as const

export interface TradingDay {
  /** Σ trading rows of the day, USD. */
  result: number
  /** The balance the day began with, USD. */
  startBalance: number
}

export function dailyReturns(days: readonly TradingDay[]): number[] {
  return days.map((d) => (d.startBalance > 0 ? d.result / d.startBalance : 0))
}

export function maxDrawdown(returns: readonly number[]): number {
  let level = 1
  let peak = 1
  let worst = 0
  for (const r of returns) {
    level *= 1 + Math.max(r, -1)
    peak = Math.max(peak, level)
    worst = Math.max(worst, peak > 0 ? (peak - level) / peak : 0)
  }
  return Math.round(worst * 10_000) / 100
}

export function riskScore(returns: readonly number[]): number {
  if (returns.length === 0) return 1
  const mean = returns.reduce((s, r) => s + r, 0) / returns.length
  const deviation = Math.sqrt(returns.reduce((s, r) => s + (r - mean) ** 2, 0) / returns.length) * 100
  return 1 + RISK_STEPS.filter((step) => deviation >= step).length
}
