/**
 * A follow's money (decision 053): what its allocation is worth now, its copy stop-loss, its
 * profit share, and its end. The copies' own bookings are the positions' (positions.ts).
 */
import { Decimal } from 'decimal.js'
import { ClosedType, LedgerType, type ClosedTypeValue } from '@tp/contracts'
import { ZERO, money, toCents, type Money } from '../money.ts'
import { exitPrice } from '../order-rules.ts'
import type { Follow, FollowEndReason } from '../copy-book.ts'
import type { EngineEvent, FinishedOrder, Order } from '../types.ts'
import { withdrawableOf } from './costs.ts'
import { book } from './ledger.ts'
import { closePosition } from './positions.ts'
import type { EngineState } from './state.ts'
import { markOf } from './views.ts'

/** A follow's figures now: its open copies' result (profit, swaps, less fees) and margin, USD floats. */
export interface FollowMarks {
  open: number
  margin: number
  copies: number
}

/** An open copy's result now: its marked profit, with the swaps booked on it, less its fee (USD). */
export const openCopyResult = (profit: number, copy: Order) =>
  profit + copy.swap.toNumber() - copy.fee.toNumber()

export function followMarks(s: EngineState, follow: Follow): FollowMarks {
  let open = 0
  let margin = 0
  const ids = s.copies.copiesInFollow(follow.id)
  for (const id of ids) {
    // Closed earlier in the events being walked: counted when the walk reaches its close.
    const live = s.orders.get(id)
    if (!live) continue
    const order = s.current(live)
    const mark = markOf(s, order)
    open += openCopyResult(mark.profit, order)
    margin += mark.margin
  }
  return { open, margin, copies: ids.length }
}

/**
 * What the allocation is worth now: allocated, plus the finished copies' result and the open ones',
 * less the profit share paid out of it.
 */
export const followValue = (follow: Follow, marks: FollowMarks) =>
  follow.allocation.toNumber() + follow.realized.toNumber() - follow.sharePaid.toNumber() + marks.open

/** What a copy's margin and fee may take now: the allocation's worth less the margin its copies hold. */
export function followBudget(s: EngineState, follow: Follow): Money {
  const marks = followMarks(s, follow)
  const free = followValue(follow, marks) - marks.margin
  return free > 0 ? money(free.toFixed(6)) : ZERO
}

/**
 * A finished copy's result joins its follow's (while the follow runs; the copy leaves its list). The
 * profit share it makes due is charged when the walk of these events ends (mirror.ts,
 * settleCounted): once every copy the same command or tick closed is counted, the winners not
 * before the losers; and before the follower can withdraw the profit or tie it up.
 */
export function countCopy(s: EngineState, finished: FinishedOrder, events: EngineEvent[]): void {
  const follow = s.copies.follows.get(finished.followId)
  if (!follow) return
  follow.realized = follow.realized.plus(finished.profit).plus(finished.swap).minus(finished.fee)
  // A partial close's part has an id of its own: the rest stays listed.
  if (!s.orders.has(finished.id)) s.copies.detachCopy(follow.id, finished.id)
  events.push({ type: 'follow_changed', follow: { ...follow } })
  s.copies.counted.add(follow)
}

/** Charges the profit share of the follows whose copies closed in the events just walked. */
export function settleCounted(s: EngineState, events: EngineEvent[]): void {
  for (const follow of s.copies.counted) if (s.copies.follows.has(follow.id)) settleShare(s, follow, events)
  s.copies.counted.clear()
}

/**
 * Whether the allocation has lost its copy stop-loss share: its worth at or below
 * allocation x (1 - share).
 */
export function copyStopReached(follow: Follow, marks: FollowMarks): boolean {
  if (follow.copyStopLossPercent === 0) return false
  const allocation = follow.allocation.toNumber()
  return followValue(follow, marks) <= allocation * (1 - follow.copyStopLossPercent / 100) + 1e-9
}

/**
 * Charges the follower's profit share (real accounts only): the share of its result above the
 * high-water mark, the result counting open copies at a loss but never at a profit (so closing the
 * winners and keeping the losers open pays nothing extra), and at most what the follower could
 * withdraw now (the margin of its positions is never taken). The high-water mark rises by what was
 * charged for.
 */
export function settleShare(s: EngineState, follow: Follow, events: EngineEvent[]): void {
  if (follow.profitSharePercent === 0) return
  const follower = s.account(follow.followerId)
  const leader = s.accounts.get(follow.leaderId)
  if (!leader || follower.demo || leader.demo) return
  const open = followMarks(s, follow).open
  const result = open < 0 ? follow.realized.plus(money(open.toFixed(6))) : follow.realized
  const rate = money(follow.profitSharePercent).div(100)
  const due = result.minus(follow.highWater).times(rate).toDecimalPlaces(2, Decimal.ROUND_DOWN)
  // (decimal.js counts zero as positive: compared, not asked.)
  if (!due.greaterThan(0)) return
  const paid = Decimal.min(due, withdrawableOf(s, follower))
  if (!paid.greaterThan(0)) return
  const ref = `follow:${follow.id}`
  book(s, follower, LedgerType.PROFIT_SHARE, paid.negated(), ref, events)
  book(s, leader, LedgerType.PROFIT_SHARE, paid, ref, events)
  follow.sharePaid = follow.sharePaid.plus(paid)
  follow.highWater = paid.equals(due) ? result : follow.highWater.plus(toCents(paid.div(rate)))
  events.push({ type: 'follow_changed', follow: { ...follow } })
}

/**
 * Ends a follow: with `closeCopies`, its copies close at their live prices (one whose market is not
 * live stays open, the follower's own from now on, as do all of them without); its profit share is
 * settled; it leaves the book.
 */
export function endFollow(
  s: EngineState,
  follow: Follow,
  reason: FollowEndReason,
  closeCopies: boolean,
  closedType: ClosedTypeValue,
  nowMs: number,
  events: EngineEvent[],
): void {
  if (closeCopies)
    for (const id of s.copies.copiesInFollow(follow.id)) {
      const order = s.order(id)
      const quote = s.liveQuote(order.instrumentId, nowMs, order.userId)
      if (typeof quote === 'string') continue
      const from = events.length
      closePosition(s, order, exitPrice(order.side, quote), closedType, nowMs, events)
      const finished = events.slice(from).find((e) => e.type === 'position_closed')
      if (finished?.type === 'position_closed') countCopy(s, finished.order, events)
    }
  settleShare(s, follow, events)
  follow.endedAtMs = nowMs
  follow.endReason = reason
  s.copies.remove(follow)
  s.queueRisk(s.account(follow.followerId))
  events.push({ type: 'follow_changed', follow: { ...follow } })
}

/** Ends every running follow whose allocation has lost its copy stop-loss share (a timer calls it). */
export function checkCopyStops(s: EngineState, nowMs: number): EngineEvent[] {
  const events: EngineEvent[] = []
  for (const follow of [...s.copies.follows.values()])
    if (follow.copyStopLossPercent > 0 && copyStopReached(follow, followMarks(s, follow)))
      endFollow(s, follow, 'copy_stop_loss', true, ClosedType.CopyStop, nowMs, events)
  return events
}

/** Charges every running follow's profit share due (a schedule calls it). */
export function settleShares(s: EngineState): EngineEvent[] {
  const events: EngineEvent[] = []
  for (const follow of [...s.copies.follows.values()]) settleShare(s, follow, events)
  return events
}
