/** Commands on a pending order: cancel it, or change its price, stops and expiry. */
import { OrderStatus } from '@tp/contracts'
import { entryPrice, isFrozen, isOnGrid, isPrice, pointsApart } from '../order-rules.ts'
import type { CommandResult, EngineEvent, Order } from '../types.ts'
import type { PendingChange } from './commands.ts'
import { canAfford, feeFor } from './costs.ts'
import { marginOf } from '../../rules/margin.ts'
import { checkNewStops, isExpiry } from './open.ts'
import { cancelPending } from './positions.ts'
import { reject, type EngineState } from './state.ts'

/**
 * Cancels a pending order of the user's; refused ('order_frozen') while its price is within the
 * freeze level of a live market, about to fill.
 */
export function cancel(s: EngineState, userId: number, orderId: number, nowMs: number): CommandResult {
  const order = livePending(s, userId, orderId, nowMs)
  if (!order) return reject('order_not_found')
  if (pendingFrozen(s, order, nowMs)) return reject('order_frozen')
  const events: EngineEvent[] = []
  cancelPending(s, order, 'user', nowMs, events)
  return { ok: true, events }
}

/**
 * New terms of a pending order: its price, stops and expiry, checked as `open` checks them (the
 * stops against the new price). The market must be live: which side of the price the order waits
 * on is judged by the quote. Its margin estimate follows the new price (docs/wire.md).
 */
export function modifyPending(
  s: EngineState,
  userId: number,
  orderId: number,
  change: PendingChange,
  nowMs: number,
): CommandResult {
  const order = livePending(s, userId, orderId, nowMs)
  if (!order) return reject('order_not_found')
  const terms = s.terms(order.instrumentId)
  const live = s.liveQuote(order.instrumentId, nowMs, order.userId)
  if (typeof live === 'string') return reject(live)
  if (pendingFrozen(s, order, nowMs)) return reject('order_frozen')
  const { targetPrice, stopLoss, takeProfit, expiresAtMs } = change
  if (!(isPrice(targetPrice) && isOnGrid(targetPrice, terms.precision))) return reject('price_invalid')
  if (!isExpiry(expiresAtMs, nowMs)) return reject('expiry_invalid')
  if (pointsApart(targetPrice, entryPrice(order.side, live), terms.precision) < terms.stopsLevel)
    return reject('price_too_close', { points: terms.stopsLevel })
  const stops = checkNewStops(terms, order.side, stopLoss, takeProfit, targetPrice)
  if (stops) return stops
  const rate = s.rates.booked(terms.quoteCurrency)
  if (rate === undefined) return reject('no_conversion_rate')
  // As `open` checks a new pending order: its fill checks again, at the fill's price.
  const margin = marginOf(order, order.lots, targetPrice, order.leverage, rate)
  if (!canAfford(s, s.account(userId), order, feeFor(s, terms, order.lots, margin)))
    return reject('insufficient_margin')
  order.originPrice = targetPrice
  order.entryRises = targetPrice > entryPrice(order.side, live)
  order.margin = margin
  order.stopLoss = stopLoss
  order.takeProfit = takeProfit
  order.expiresAtMs = expiresAtMs
  // The entry and the expiry (if any) of the old version go stale.
  order.stopsVersion++
  s.triggers.addEntry(order)
  s.triggers.addExpiry(order)
  return { ok: true, events: [{ type: 'pending_changed', order: { ...order } }] }
}

/** A pending order of the user's that has not expired by `nowMs` (the timer may not have said so yet). */
function livePending(s: EngineState, userId: number, orderId: number, nowMs: number): Order | undefined {
  const order = s.ownedOrder(userId, orderId)
  if (!order || order.status !== OrderStatus.Pending) return undefined
  return order.expiresAtMs > 0 && order.expiresAtMs <= nowMs ? undefined : order
}

/** Whether a pending order's price is within the freeze level of its live market (about to fill). */
function pendingFrozen(s: EngineState, order: Order, nowMs: number): boolean {
  const terms = s.terms(order.instrumentId)
  const live = s.liveQuote(order.instrumentId, nowMs, order.userId)
  if (typeof live === 'string') return false
  return isFrozen(order.originPrice, entryPrice(order.side, live), terms.freezeLevel, terms.precision)
}
