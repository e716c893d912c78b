/** MT5's "close by": a position closed against an opposite one of the same instrument (decision 037). */
import { ClosedType, OrderStatus, Side } from '@tp/contracts'
import { closeByLots } from '../../rules/close-by.ts'
import type { CommandResult, EngineEvent, Order } from '../types.ts'
import { closePart, closePosition } from './positions.ts'
import { checkRisk } from './risk.ts'
import { reject, type EngineState } from './state.ts'

/**
 * Closes position `orderId` by the opposite position `byId` of the same account and instrument, as
 * MetaTrader 5 does: the smaller lots close on both, the larger keeps the rest (a partial close of
 * it, docs/decisions/018-partial-close.md). `orderId` closes at `byId`'s open price and `byId` at its
 * own, so the pair earns (sell's open - buy's open) x lots x contract size, converted to USD as any
 * profit is (rules/close-by.ts closeByProfit: the second's record books 0, the first's all of it),
 * and no spread is paid. The market must be open with a live quote, as for every close.
 * Swaps due are settled and the fee's share shown as in a close. The account is checked after.
 */
export function closeBy(
  s: EngineState,
  userId: number,
  orderId: number,
  byId: number,
  nowMs: number,
): CommandResult {
  const order = s.ownedOrder(userId, orderId)
  const by = s.ownedOrder(userId, byId)
  if (!order || order.status !== OrderStatus.Holding || !by || by.status !== OrderStatus.Holding)
    return reject('order_not_found')
  if (order.instrumentId !== by.instrumentId) return reject('close_by_instrument')
  // A position is on its own side: closing it by itself is refused here too.
  if (order.side === by.side) return reject('close_by_side')
  const live = s.liveQuote(order.instrumentId, nowMs, order.userId)
  if (typeof live === 'string') return reject(live)
  const [long, short] = order.side === Side.Buy ? [order, by] : [by, order]
  const lots = closeByLots(long.lots, short.lots)
  const price = by.price
  const events: EngineEvent[] = []
  const closeOne = (position: Order, other: Order) => {
    if (position.lots.equals(lots))
      closePosition(s, position, price, ClosedType.CloseBy, nowMs, events, other.id)
    else closePart(s, position, lots, price, ClosedType.CloseBy, nowMs, events, other.id)
  }
  closeOne(order, by)
  closeOne(by, order)
  checkRisk(s, s.account(userId), nowMs, events)
  return { ok: true, events, detail: { lots: lots.toString() } }
}
