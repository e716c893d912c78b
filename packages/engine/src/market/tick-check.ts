import { isOnPriceGrid, isQuote } from '../trading/order-rules.ts'

/** Why a feed refuses a tick: it never moves the instrument's clock or prices. */
export type TickRefusal = 'invalid' | 'future' | 'off_grid'

/**
 * Checks a tick from a price source before anything uses it: finite prices with 0 < bid <= ask, a
 * time at most `futureToleranceMs` past `nowMs` (a tick stamped later would hold back every honest
 * tick until then), and both prices on the instrument's grid of `precision` decimals.
 * Example: tickRefusal({ bid: 1.1, ask: 1.10001, timeMs: now }, 5, now, 1000) is undefined.
 */
export function tickRefusal(
  tick: { bid: number; ask: number; timeMs: number },
  precision: number,
  nowMs: number,
  futureToleranceMs: number,
): TickRefusal | undefined {
  if (!isQuote(tick)) return 'invalid'
  if (tick.timeMs > nowMs + futureToleranceMs) return 'future'
  if (!isOnPriceGrid(tick.bid, precision) || !isOnPriceGrid(tick.ask, precision)) return 'off_grid'
  return undefined
}
