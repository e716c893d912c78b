/** Commands on an open position: close it (whole or in part), set its stops or its trailing stop. */
import { ClosedType, OrderStatus, type SideValue } from '@tp/contracts'
import type { Money } from '../money.ts'
import { exitPrice, isFrozen, parseDecimal, parseLots, toPoints } from '../order-rules.ts'
import type { CommandResult, EngineEvent, InstrumentTerms, Order, Quote } from '../types.ts'
import { demoTrailingLimit } from './demo-limits.ts'
import { MAX_TRAILING_POINTS, MIN_TRAILING_POINTS } from './limits.ts'
import { checkNewStops } from './open.ts'
import { closePart, closePosition, isBetterStop, reindexStops, trailedStop } from './positions.ts'
import { checkRisk } from './risk.ts'
import { markOf } from './views.ts'
import { reject, type EngineState } from './state.ts'

/**
 * Closes a position at the current price (bid for a buy, ask for a sell), whole or, with `lots`,
 * in part: the part on the instrument's lot step, at least its minimum, and leaving at least the
 * minimum open (docs/decisions/018-partial-close.md). The account is checked after: closing one
 * side of a hedge can raise the margin the other side holds. Staff closing a position on the
 * user's behalf pass `ClosedType.Staff`; the rules are the user's own.
 */
export function close(
  s: EngineState,
  userId: number,
  orderId: number,
  nowMs: number,
  by: typeof ClosedType.User | typeof ClosedType.Staff = ClosedType.User,
  lots?: string,
): CommandResult {
  const order = s.ownedOrder(userId, orderId)
  if (!order || order.status !== OrderStatus.Holding) return reject('order_not_found')
  const part = lots === undefined ? undefined : partToClose(s, order, lots)
  if (part === 'invalid') return reject('lots_invalid')
  const live = s.liveQuote(order.instrumentId, nowMs, order.userId)
  if (typeof live === 'string') return reject(live)
  const events: EngineEvent[] = []
  if (part) closePart(s, order, part, exitPrice(order.side, live), by, nowMs, events)
  else closePosition(s, order, exitPrice(order.side, live), by, nowMs, events)
  checkRisk(s, s.account(userId), nowMs, events)
  return { ok: true, events }
}

/** Which of an account's open positions a "close all" takes: an instrument, a side, in profit or at a loss. */
export interface CloseAllPick {
  instrumentId?: number
  side?: SideValue
  result?: 'profitable' | 'losing'
}

/**
 * Closes every open position of the account that `pick` takes, each at its own instrument's live
 * price, in one command (one commit): MT5's "close all" and the family's `batch_Close_by_type`. A
 * position whose market is closed or stale stays open and is counted in `detail.left`; when none
 * can close, the refusal is that market's reason. The account is checked once, after (a stop-out it
 * causes closes the rest as a stop-out, with its own events).
 */
export function closeAll(s: EngineState, userId: number, pick: CloseAllPick, nowMs: number): CommandResult {
  const account = s.accounts.get(userId)
  const positions = account ? [...account.holding].map((id) => s.order(id)) : []
  const taken = positions.filter((order) => {
    if (pick.instrumentId !== undefined && order.instrumentId !== pick.instrumentId) return false
    if (pick.side !== undefined && order.side !== pick.side) return false
    if (pick.result === undefined) return true
    const { profit } = markOf(s, order)
    return pick.result === 'profitable' ? profit > 0 : profit < 0
  })
  if (!account || taken.length === 0) return reject('no_positions')
  const events: EngineEvent[] = []
  let firstRefusal: 'market_closed' | 'quote_stale' | undefined
  let left = 0
  for (const order of taken.sort((a, b) => a.id - b.id)) {
    const live = s.liveQuote(order.instrumentId, nowMs, order.userId)
    if (typeof live === 'string') {
      firstRefusal ??= live
      left += 1
    } else closePosition(s, order, exitPrice(order.side, live), ClosedType.User, nowMs, events)
  }
  if (left === taken.length) return reject(firstRefusal ?? 'no_positions')
  checkRisk(s, account, nowMs, events)
  return { ok: true, events, detail: { left } }
}

/** The lots of a partial close; undefined when they are the whole position. */
function partToClose(s: EngineState, order: Order, lots: string): Money | undefined | 'invalid' {
  const asked = parseDecimal(lots)
  if (asked?.equals(order.lots)) return undefined
  const terms = s.terms(order.instrumentId)
  const part = parseLots(lots, { ...terms, maxLots: order.lots.toString() })
  if (!part || order.lots.minus(part).lessThan(terms.minLots)) return 'invalid'
  return part
}

/**
 * New stop-loss and take-profit of a position (0 removes one), checked against the current price,
 * which must be live: a stale or closed market says nothing about where the price is.
 */
export function setStops(
  s: EngineState,
  userId: number,
  orderId: number,
  stopLoss: number,
  takeProfit: number,
  nowMs: number,
): CommandResult {
  const order = s.ownedOrder(userId, orderId)
  if (!order || order.status !== OrderStatus.Holding) return reject('order_not_found')
  const terms = s.terms(order.instrumentId)
  const live = s.liveQuote(order.instrumentId, nowMs, order.userId)
  if (typeof live === 'string') return reject(live)
  if (stopsFrozen(order, terms, live)) return reject('order_frozen')
  const stops = checkNewStops(terms, order.side, stopLoss, takeProfit, exitPrice(order.side, live))
  if (stops) return stops
  order.stopLoss = stopLoss
  order.takeProfit = takeProfit
  // A trailing stop moves the stop-loss: without one, it has nothing to move.
  if (stopLoss === 0) order.trailingPoints = 0
  reindexStops(s, order)
  return { ok: true, events: [{ type: 'stops_changed', order: { ...order } }] }
}

/**
 * A trailing stop of `points` on a position (0 removes it). The stop-loss moves at once to the
 * price it closes at less the distance (plus, for a sell), unless it is already nearer; from then
 * on each quote in the position's favour moves it along, never back.
 */
export function setTrailing(
  s: EngineState,
  userId: number,
  orderId: number,
  points: number,
  nowMs: number,
): CommandResult {
  const order = s.ownedOrder(userId, orderId)
  if (!order || order.status !== OrderStatus.Holding) return reject('order_not_found')
  if (!(
    Number.isSafeInteger(points) &&
    (points === 0 || points >= MIN_TRAILING_POINTS) &&
    points <= MAX_TRAILING_POINTS
  ))
    return reject('trailing_invalid')
  const terms = s.terms(order.instrumentId)
  const account = s.account(userId)
  if (points > 0 && order.trailingPoints === 0 && account.demo) {
    const limit = demoTrailingLimit(s, userId)
    if (limit) return limit
  }
  if (points > 0) {
    const live = s.liveQuote(order.instrumentId, nowMs, order.userId)
    if (typeof live === 'string') return reject(live)
    if (stopsFrozen(order, terms, live)) return reject('order_frozen')
    const exit = exitPrice(order.side, live)
    // Nearer than the spread, the stop would sit inside it; nearer than the stops level, it could not
    // be set by hand; past 2^53 points, whole points are not exact.
    const spread = toPoints(live.ask, terms.precision) - toPoints(live.bid, terms.precision)
    const trailed = trailedStop(order.side, exit, points, terms.precision)
    if (points < spread || trailed <= 0 || !Number.isSafeInteger(toPoints(exit, terms.precision) + points))
      return reject('trailing_invalid')
    if (points < terms.stopsLevel) return reject('stops_too_close', { points: terms.stopsLevel })
    if (isBetterStop(order.side, trailed, order.stopLoss)) order.stopLoss = trailed
  }
  order.trailingPoints = points
  if (points > 0 && account.demo) s.demoTrailing.add(order.id)
  reindexStops(s, order)
  return { ok: true, events: [{ type: 'stops_changed', order: { ...order } }] }
}

/** Whether a position's stop-loss or take-profit is within the freeze level of the price it closes at. */
function stopsFrozen(order: Order, terms: InstrumentTerms, live: Quote): boolean {
  const exit = exitPrice(order.side, live)
  return (
    isFrozen(order.stopLoss, exit, terms.freezeLevel, terms.precision) ||
    isFrozen(order.takeProfit, exit, terms.freezeLevel, terms.precision)
  )
}
