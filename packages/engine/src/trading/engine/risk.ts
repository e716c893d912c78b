/** Margin call and stop-out: an account below its levels is told, then closed at live prices only. */
import { ClosedType } from '@tp/contracts'
import { exitPrice } from '../order-rules.ts'
import type { EngineEvent, Order, Quote } from '../types.ts'
import { closePosition } from './positions.ts'
import type { Account, EngineState } from './state.ts'
import { markOf } from './views.ts'

/**
 * Margin call once per fall below its level. Below stop-out, closes the most losing position whose
 * market is live, again and again, until the level is back or nothing live is left: a position
 * whose market is closed or stale waits for its first fresh quote (which queues the account
 * again). Never at another instrument's old price.
 */
export function checkRisk(s: EngineState, account: Account, nowMs: number, events: EngineEvent[]): void {
  let level = s.exposures.level(account)
  const startLevel = level
  let stoppedOut = false
  while (level < s.risk.stopOutLevel && account.holding.size > 0) {
    const worst = mostLosingLive(s, account, nowMs)
    if (!worst) break
    if (!stoppedOut) events.push({ type: 'stop_out', userId: account.userId, level: startLevel })
    stoppedOut = true
    closePosition(s, worst.order, exitPrice(worst.order.side, worst.quote), ClosedType.StopOut, nowMs, events)
    level = s.exposures.level(account)
  }
  setMarginCalled(s, account, level < s.risk.marginCallLevel, level, events)
}

/** Checks every account the tick queued (revalued near a level, or a stop closed one of its positions). */
export function checkQueued(s: EngineState, nowMs: number, events: EngineEvent[]): void {
  for (const account of s.exposures.takeQueued()) checkRisk(s, account, nowMs, events)
}

function mostLosingLive(
  s: EngineState,
  account: Account,
  nowMs: number,
): { order: Order; quote: Quote } | undefined {
  let worst: { order: Order; quote: Quote; profit: number } | undefined
  for (const id of account.holding) {
    const order = s.order(id)
    const quote = s.liveQuote(order.instrumentId, nowMs, order.userId)
    if (typeof quote === 'string') continue
    const { profit } = markOf(s, order)
    if (!worst || profit < worst.profit || (profit === worst.profit && order.id < worst.order.id))
      worst = { order, quote, profit }
  }
  return worst
}

/** Records a change of the margin-call state as an event (the server keeps it across restarts). */
export function setMarginCalled(
  s: EngineState,
  account: Account,
  called: boolean,
  level: number,
  events: EngineEvent[],
): void {
  if (s.exposures.isMarginCalled(account) === called) return
  s.exposures.setMarginCalled(account, called)
  const userId = account.userId
  events.push(called ? { type: 'margin_call', userId, level } : { type: 'margin_call_ended', userId })
}
