/** A position's life in the engine: filled, indexed, trailed, closed whole or in part; pending ends. */
import {
  ClosedType,
  LedgerType,
  OrderStatus,
  Side,
  type ClosedTypeValue,
  type SideValue,
} from '@tp/contracts'
import { ZERO, toMicros, type Money } from '../money.ts'
import { exitPrice, fromPoints, toPoints } from '../order-rules.ts'
import type { CancelReason, EngineEvent, FinishedOrder, Order, Quote } from '../types.ts'
import { positionOf, profitAt } from './costs.ts'
import { book } from './ledger.ts'
import { settleSwaps } from './rollover.ts'
import type { Account, EngineState } from './state.ts'

/** Turns an order into an open position at `price`, charging its fee. */
export function fill(
  s: EngineState,
  account: Account,
  order: Order,
  price: number,
  margin: Money,
  fee: Money,
  nowMs: number,
  events: EngineEvent[],
): void {
  order.status = OrderStatus.Holding
  order.price = price
  order.margin = margin
  order.fee = fee
  order.openedAtMs = nowMs
  // Its first night is the first rollover after it opened.
  order.swapThroughMs = nowMs
  // A position does not expire: the expiry was the pending order's (its index entry goes stale).
  order.expiresAtMs = 0
  s.orders.set(order.id, order)
  const fromPending = account.pending.delete(order.id)
  attachPosition(s, account, order)
  events.push({ type: 'position_opened', order: { ...order }, ...(fromPending ? { fromPending } : {}) })
  if (!fee.isZero()) book(s, account, LedgerType.TRADE_FEE, fee.negated(), `order:${order.id}`, events)
}

/** Adds a holding order to its account's exposure (profit and margin), and indexes its stops. */
export function attachPosition(s: EngineState, account: Account, order: Order): void {
  account.holding.add(order.id)
  let ofInstrument = s.positionsOf.get(order.instrumentId)
  if (!ofInstrument) s.positionsOf.set(order.instrumentId, (ofInstrument = new Set()))
  ofInstrument.add(order.id)
  s.exposures.change(account, order.instrumentId, positionOf(order), 1)
  if (!account.demo) s.house.add(order.instrumentId, order.side, order.lots)
  s.triggers.addStops(order)
  s.triggers.addTrailing(order)
}

function detachPosition(s: EngineState, account: Account, order: Order): void {
  account.holding.delete(order.id)
  s.positionsOf.get(order.instrumentId)?.delete(order.id)
  s.exposures.change(account, order.instrumentId, positionOf(order), -1)
  if (!account.demo) s.house.add(order.instrumentId, order.side, order.lots.negated())
  s.orders.delete(order.id)
  s.triggers.removeTrailing(order)
}

/**
 * After a change of a position's stops: a new version, its stops and trailing stop indexed again
 * (the old version's entries go stale).
 */
export function reindexStops(s: EngineState, order: Order): void {
  order.stopsVersion++
  s.triggers.addStops(order)
  s.triggers.addTrailing(order)
}

/**
 * Closes a whole position at `price`: its swaps due first, then its profit, then any write-off.
 * `closedById` names the opposite position of a close by (close-by.ts).
 */
export function closePosition(
  s: EngineState,
  order: Order,
  price: number,
  closedType: ClosedTypeValue,
  nowMs: number,
  events: EngineEvent[],
  closedById = 0,
): void {
  const account = s.account(order.userId)
  // Its stop-loss as it is now (a trailed one), for the finished order and the rest.
  s.current(order)
  settleSwaps(s, order, nowMs, events)
  const profit = profitAt(s, order, order.lots, price)
  detachPosition(s, account, order)
  const finished: FinishedOrder = {
    ...order,
    status: OrderStatus.Closed,
    closePrice: price,
    profit,
    closedType,
    closedAtMs: nowMs,
    closedById,
  }
  events.push({ type: 'position_closed', order: finished })
  const ref = `order:${order.id}`
  // The loss is booked in full even if the balance dips below zero: the account's other positions
  // still answer for it (docs/decisions/009-dealing-desk-rules.md).
  if (!profit.isZero()) book(s, account, LedgerType.TRADE_PROFIT, profit, ref, events)
  // Negative balance protection is per account: once flat, the house writes off what it is short,
  // which is then its negative equity, and never more.
  if (account.holding.size === 0 && account.balance.isNegative())
    book(s, account, LedgerType.WRITE_OFF, account.balance.negated(), ref, events)
}

/**
 * Closes `part` of a position's lots at `price`. The part becomes a finished order of its own,
 * under a new id, with its share of the margin and fee and its own profit; the rest keeps the id,
 * the fill price and the stops. Shares are in micros, the rest taking what rounding leaves, so the
 * two always add up to what the position held.
 */
export function closePart(
  s: EngineState,
  order: Order,
  part: Money,
  price: number,
  closedType: ClosedTypeValue,
  nowMs: number,
  events: EngineEvent[],
  closedById = 0,
): void {
  const account = s.account(order.userId)
  // Its stop-loss as it is now (a trailed one), for the finished order and the rest.
  s.current(order)
  settleSwaps(s, order, nowMs, events)
  const share = part.div(order.lots)
  const margin = toMicros(order.margin.times(share))
  const fee = toMicros(order.fee.times(share))
  const swap = toMicros(order.swap.times(share))
  const profit = profitAt(s, order, part, price)
  const rest: Order = {
    ...order,
    lots: order.lots.minus(part),
    margin: order.margin.minus(margin),
    fee: order.fee.minus(fee),
    swap: order.swap.minus(swap),
  }
  // The exposure book holds units: out with the whole position, in with what is left.
  s.exposures.change(account, order.instrumentId, positionOf(order), -1)
  s.exposures.change(account, order.instrumentId, positionOf(rest), 1)
  if (!account.demo) s.house.add(order.instrumentId, order.side, part.negated())
  s.orders.set(order.id, rest)
  events.push({ type: 'position_reduced', order: { ...rest } })
  const closed: FinishedOrder = {
    ...order,
    id: s.takeOrderId(),
    lots: part,
    margin,
    fee,
    swap,
    status: OrderStatus.Closed,
    closePrice: price,
    profit,
    closedType,
    closedAtMs: nowMs,
    closedById,
  }
  events.push({ type: 'position_closed', order: closed })
  if (!profit.isZero()) book(s, account, LedgerType.TRADE_PROFIT, profit, `order:${closed.id}`, events)
}

/** Ends a pending order (its index entries go stale). */
export function cancelPending(
  s: EngineState,
  order: Order,
  reason: CancelReason,
  nowMs: number,
  events: EngineEvent[],
): void {
  const account = s.account(order.userId)
  account.pending.delete(order.id)
  s.orders.delete(order.id)
  const finished: FinishedOrder = {
    ...order,
    status: reason === 'expired' ? OrderStatus.Expired : OrderStatus.Cancelled,
    closePrice: 0,
    profit: ZERO,
    closedType: 0,
    closedAtMs: nowMs,
    closedById: 0,
  }
  events.push({ type: 'order_cancelled', order: finished, reason })
}

/** A stop-loss or take-profit reached: the position closes at the quote's price. */
export function closeByStop(
  s: EngineState,
  order: Order,
  kind: 'stop_loss' | 'take_profit',
  quote: Quote,
  events: EngineEvent[],
): void {
  const closedType = kind === 'stop_loss' ? ClosedType.StopLoss : ClosedType.TakeProfit
  closePosition(s, order, exitPrice(order.side, quote), closedType, quote.timeMs, events)
  s.queueRisk(s.account(order.userId))
}

/** Where a trailing stop of `points` puts the stop-loss for an exit price: behind it by that much. */
export function trailedStop(side: SideValue, exit: number, points: number, precision: number): number {
  const at = toPoints(exit, precision) + (side === Side.Buy ? -points : points)
  return fromPoints(at, precision)
}

/** Whether `candidate` is a stop nearer the price than `current` (none is the farthest). */
export const isBetterStop = (side: SideValue, candidate: number, current: number) =>
  current === 0 || (side === Side.Buy ? candidate > current : candidate < current)
