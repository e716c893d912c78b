/** `open`: a market order fills now, a pending order waits in the index; every check before either. */
import { OrderStatus, type SideValue } from '@tp/contracts'
import { ZERO, type Money } from '../money.ts'
import {
  checkStops,
  entryPrice,
  exitPrice,
  isOnGrid,
  isPrice,
  parseLots,
  pointsApart,
  stopsFarEnough,
} from '../order-rules.ts'
import type { CommandResult, EngineEvent, InstrumentTerms, Order, Quote } from '../types.ts'
import type { OpenCommand } from './commands.ts'
import { canAfford, feeFor, opposite, sideLots } from './costs.ts'
import { marginOf } from '../../rules/margin.ts'
import { demoOrdersFull } from './demo-limits.ts'
import { MAX_LIVE_ORDERS } from './limits.ts'
import { fill } from './positions.ts'
import { reject, type EngineState } from './state.ts'

/**
 * A copy of a leader's position (mirror.ts): the order it copies, its follow, and the price it fills
 * at when the house fills copies at the leader's price (else the follower's own).
 */
export interface CopyFill {
  leaderOrderId: number
  followId: number
  price?: number
  /** What the follow has left for the copy's margin and fee (its allocation's free part), USD. */
  budget: Money
}

/** A market order (no target price) or a pending order (with one); with `copy`, a market order copying a leader's. */
export function open(s: EngineState, command: OpenCommand, copy?: CopyFill): CommandResult {
  const account = s.accounts.get(command.userId)
  if (!account) return reject('account_not_found')
  const terms = s.instruments.get(command.instrumentId)
  if (!terms || !terms.enabled) return reject('instrument_not_found')
  const quote = s.liveQuote(terms.id, command.nowMs, command.userId)
  if (typeof quote === 'string') return reject(quote)
  const rate = s.rates.booked(terms.quoteCurrency)
  if (rate === undefined) return reject('no_conversion_rate')
  if (account.pending.size + account.holding.size >= MAX_LIVE_ORDERS) return reject('too_many_orders')
  if (account.demo && demoOrdersFull(s)) return reject('demo_capacity')
  const lots = parseLots(command.lots, terms)
  if (!lots) return reject('lots_invalid')
  if (!terms.leverage.includes(command.leverage)) return reject('leverage_invalid')

  const target = command.targetPrice
  const pending = target !== undefined
  if (pending && !(isPrice(target) && isOnGrid(target, terms.precision))) return reject('price_invalid')
  const expiresAtMs = pending ? (command.expiresAtMs ?? 0) : 0
  if (!isExpiry(expiresAtMs, command.nowMs)) return reject('expiry_invalid')
  const entry = pending ? target : (copy?.price ?? entryPrice(command.side, quote))
  if (!pending && command.seenPrice !== undefined) {
    const requoted = requote(terms, command, command.seenPrice, quote)
    if (requoted) return requoted
  }
  // A pending price nearer the market than the stops level would fill almost at once.
  if (pending && pointsApart(entry, entryPrice(command.side, quote), terms.precision) < terms.stopsLevel)
    return reject('price_too_close', { points: terms.stopsLevel })
  // Stops are checked against the price the position would close at: now, or at the pending entry.
  const exitReference = pending ? entry : exitPrice(command.side, quote)
  const stops = checkNewStops(terms, command.side, command.stopLoss, command.takeProfit, exitReference)
  if (stops) return stops
  // A pending order reserves nothing; its margin is the estimate at its target (docs/wire.md).
  const booked = { contractSize: terms.contractSize, marginMode: terms.marginMode }
  const margin = marginOf(booked, lots, entry, command.leverage, rate)
  const fee = feeFor(s, terms, lots, margin)
  const position = { instrumentId: terms.id, side: command.side, lots, leverage: command.leverage, ...booked }
  if (!canAfford(s, account, position, fee)) return reject('insufficient_margin')
  if (copy && margin.plus(fee).greaterThan(copy.budget)) return reject('allocation_short')
  // After the margin check: an account that cannot pay for an order learns nothing of the house's net.
  const limit = s.house.check(
    terms,
    account,
    sideLots(s, account, terms.id, command.side),
    command.side,
    lots,
    sideLots(s, account, terms.id, opposite(command.side), false),
  )
  if (limit) return reject(limit.reason, limit.detail)

  const order: Order = {
    id: s.takeOrderId(),
    userId: account.userId,
    instrumentId: terms.id,
    side: command.side,
    lots,
    leverage: command.leverage,
    ...booked,
    status: pending ? OrderStatus.Pending : OrderStatus.Holding,
    originPrice: entry,
    price: 0,
    margin: pending ? margin : ZERO,
    fee: ZERO,
    stopLoss: command.stopLoss,
    takeProfit: command.takeProfit,
    stopsVersion: 0,
    // A buy fills at the ask, a sell at the bid: the order waits for that price to rise or fall to it.
    entryRises: pending && entry > entryPrice(command.side, quote),
    placedAtMs: command.nowMs,
    openedAtMs: 0,
    expiresAtMs,
    trailingPoints: 0,
    swap: ZERO,
    swapThroughMs: 0,
    copyOf: copy?.leaderOrderId ?? 0,
    followId: copy?.followId ?? 0,
  }
  const events: EngineEvent[] = []
  if (pending) {
    s.orders.set(order.id, order)
    account.pending.add(order.id)
    s.triggers.addEntry(order)
    s.triggers.addExpiry(order)
    events.push({ type: 'order_placed', order: { ...order } })
  } else {
    fill(s, account, order, entry, margin, fee, command.nowMs, events)
  }
  return { ok: true, events, orderId: order.id }
}

/**
 * A market order's price protection: refused with the price it would fill at now, and the quote,
 * when that is more than the allowed deviation from the price the user saw (either way).
 */
function requote(
  terms: InstrumentTerms,
  command: OpenCommand,
  seen: number,
  quote: Quote,
): CommandResult | undefined {
  if (!(isPrice(seen) && isOnGrid(seen, terms.precision))) return reject('price_invalid')
  const allowed = command.maxDeviationPoints ?? 0
  if (!(Number.isSafeInteger(allowed) && allowed >= 0)) return reject('price_invalid')
  const price = entryPrice(command.side, quote)
  if (pointsApart(price, seen, terms.precision) <= allowed) return undefined
  return reject('requote', { price, bid: quote.bid, ask: quote.ask })
}

/** New stops: on the right side of `reference` (checkStops), and at least the stops level from it. */
export function checkNewStops(
  terms: InstrumentTerms,
  side: SideValue,
  stopLoss: number,
  takeProfit: number,
  reference: number,
): CommandResult | undefined {
  const wrong = checkStops(side, stopLoss, takeProfit, reference, terms.precision)
  if (wrong) return reject(wrong)
  if (!stopsFarEnough(stopLoss, takeProfit, reference, terms.stopsLevel, terms.precision))
    return reject('stops_too_close', { points: terms.stopsLevel })
  return undefined
}

/** An expiry: 0 (none), or a whole number of ms after `nowMs`. */
export const isExpiry = (expiresAtMs: number, nowMs: number): boolean =>
  expiresAtMs === 0 || (Number.isSafeInteger(expiresAtMs) && expiresAtMs > nowMs)
