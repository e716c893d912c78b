/**
 * Copy trading's mirror (issue 29, decision 053): after a command or a tick, a leader's own trades in
 * its events are copied for its followers, appending their events to the same list, so the server
 * commits both in one statement: no follower sees a leader's trade that was not committed, and a
 * crash never leaves half a mirror. Copies are never copied again (a follower's copy is not its own
 * trade), so the walk ends.
 */
import { Decimal } from 'decimal.js'
import { ClosedType, type Reason } from '@tp/contracts'
import { money, type Money } from '../money.ts'
import { exitPrice, toPoints } from '../order-rules.ts'
import type { Follow } from '../copy-book.ts'
import type { EngineEvent, FinishedOrder, InstrumentTerms, Order, Quote } from '../types.ts'
import { assert } from './assert.ts'
import { countCopy, followBudget, settleCounted } from './follow-results.ts'
import { checkNewStops, open } from './open.ts'
import { closePart, closePosition, isBetterStop, reindexStops, trailedStop } from './positions.ts'
import { checkQueued } from './risk.ts'
import type { EngineState } from './state.ts'

/** Mirrors the leaders' trades among `events` (and the copies' results), then checks the accounts it queued. */
export function mirror(s: EngineState, events: EngineEvent[], nowMs: number): void {
  let i = 0
  for (;;) {
    if (!s.copies.isEmpty) for (; i < events.length; i++) mirrorEvent(s, events, i, nowMs)
    const before = events.length
    checkQueued(s, nowMs, events)
    if (events.length === before || s.copies.isEmpty) break
  }
  // After every copy closed here is counted: a close's winners and losers net first.
  settleCounted(s, events)
}

function mirrorEvent(s: EngineState, events: EngineEvent[], i: number, nowMs: number): void {
  const event = events[i]!
  switch (event.type) {
    case 'position_opened':
      if (event.order.copyOf === 0 && s.copies.isLeader(event.order.userId))
        for (const follow of s.copies.followersOf(event.order.userId))
          if (!follow.paused) openCopy(s, follow, event.order, nowMs, events)
      return
    case 'position_reduced': {
      if (event.order.copyOf !== 0 || !s.copies.hasCopies(event.order.id)) return
      // closePart says the rest, then the part it closed.
      const part = events[i + 1]
      assert(part?.type === 'position_closed', `position_reduced of ${event.order.id} without its part`)
      reduceCopies(s, event.order, part.order, nowMs, events)
      return
    }
    case 'position_closed':
      if (event.order.followId !== 0) countCopy(s, event.order, events)
      if (event.order.copyOf === 0 && s.copies.hasCopies(event.order.id))
        for (const id of s.copies.copiesOfLeaderOrder(event.order.id))
          closeCopy(s, id, nowMs, events, event.order.closePrice)
      return
    case 'stops_changed':
      if (event.order.copyOf === 0 && s.copies.hasCopies(event.order.id))
        for (const id of s.copies.copiesOfLeaderOrder(event.order.id))
          copyStops(s, event.order, id, nowMs, events)
      return
  }
}

/**
 * The lots of a copy: the leader's, times the allocation over the leader's equity now, rounded down
 * to the lot step and capped at the instrument's maximum; undefined below its minimum.
 */
export function copyLots(
  leaderLots: Money,
  allocation: Money,
  leaderEquity: number,
  terms: InstrumentTerms,
): Money | undefined {
  if (!(leaderEquity > 0)) return undefined
  // The equity is a mark (a float): whole lot steps in floats, with a hair of room so that an exact
  // quarter is not taken for 0.2499...; one exact multiplication after.
  const steps = Math.floor(
    (leaderLots.toNumber() * allocation.toNumber()) / leaderEquity / Number(terms.lotStep) + 1e-9,
  )
  const lots = Decimal.min(money(steps).times(terms.lotStep), money(terms.maxLots))
  return lots.lessThan(terms.minLots) ? undefined : lots
}

/**
 * Opens `follow`'s copy of a leader's new position, or records why not: too small for the
 * instrument, more than the allocation has free, or any refusal the follower's own order would meet
 * (its margin, the house's limits, its market). The copy takes the leader's side and leverage, and
 * those of its stops that are valid at the follower's price.
 */
export function openCopy(
  s: EngineState,
  follow: Follow,
  leaderOrder: Order,
  nowMs: number,
  events: EngineEvent[],
): void {
  const terms = s.terms(leaderOrder.instrumentId)
  const leader = s.account(follow.leaderId)
  const leaderEquity = leader.balance.toNumber() + s.exposures.profitOf(leader)
  const follower = s.account(follow.followerId)
  const followerEquity = follower.balance.toNumber() + s.exposures.profitOf(follower)
  const skip = (reason: Reason) => {
    events.push({
      type: 'copy_skipped',
      skip: {
        followId: follow.id,
        followerId: follow.followerId,
        leaderId: follow.leaderId,
        leaderOrderId: leaderOrder.id,
        instrumentId: terms.id,
        reason,
        timeMs: nowMs,
      },
    })
  }
  // A leader with less than the smallest allocation behind its trades is copied by nobody: the
  // ratio to its followers' money would be unbounded.
  if (leaderEquity < Number(s.copySettings.minAllocation)) return skip('leader_unavailable')
  // Sized on the allocation, or on the follower's equity where losses or withdrawals left less.
  const sizedOn = Decimal.min(follow.allocation, money(Math.max(0, followerEquity).toFixed(2)))
  const lots = copyLots(leaderOrder.lots, sizedOn, leaderEquity, terms)
  if (!lots) return skip('copy_below_min_lots')
  // The server keeps ids granted for every follower (idsWantedForCopies); never a half mirror if not.
  if (s.idsLeft() === 0) return skip('service_unavailable')
  const quote = s.liveQuote(terms.id, nowMs, follow.followerId)
  if (typeof quote === 'string') return skip(quote)
  const exit = exitPrice(leaderOrder.side, quote)
  const valid = (stopLoss: number, takeProfit: number) =>
    !checkNewStops(terms, leaderOrder.side, stopLoss, takeProfit, exit)
  const result = open(
    s,
    {
      userId: follow.followerId,
      instrumentId: terms.id,
      side: leaderOrder.side,
      lots: lots.toString(),
      leverage: leaderOrder.leverage,
      stopLoss: valid(leaderOrder.stopLoss, 0) ? leaderOrder.stopLoss : 0,
      takeProfit: valid(0, leaderOrder.takeProfit) ? leaderOrder.takeProfit : 0,
      nowMs,
    },
    {
      leaderOrderId: leaderOrder.id,
      followId: follow.id,
      // The leader's own fill, made now (never an old position's, copied when a follow starts).
      price: leaderOrder.openedAtMs === nowMs ? leaderPrice(s, leaderOrder.price, quote) : undefined,
      budget: followBudget(s, follow),
    },
  )
  if (!result.ok) return skip(result.reason)
  events.push(...result.events)
  s.copies.attachCopy(follow.id, result.orderId!, leaderOrder.id)
}

/**
 * A listed copy, unless it closed earlier in the same events (its own stop fired on the tick that
 * fired its leader's, say): its own close is counted when the walk reaches it.
 */
function liveCopy(s: EngineState, copyId: number): Order | undefined {
  const order = s.orders.get(copyId)
  return order && s.current(order)
}

/**
 * The price a copy fills or closes at when the house fills copies at the leader's price (a setting):
 * the leader's, where it lies within the follower's own bid and ask; else the follower's own.
 */
function leaderPrice(s: EngineState, price: number, own: Quote): number | undefined {
  return s.copySettings.fillAtLeaderPrice && price >= own.bid && price <= own.ask ? price : undefined
}

/** Closes a copy whose leader's position closed, at the follower's live price (or the leader's, if the house says). */
function closeCopy(
  s: EngineState,
  copyId: number,
  nowMs: number,
  events: EngineEvent[],
  leaderClose?: number,
): void {
  const order = liveCopy(s, copyId)
  if (!order) return
  const quote = s.liveQuote(order.instrumentId, nowMs, order.userId)
  // Its market is not live for this follower: it stays open, the follower's to close.
  if (typeof quote === 'string') return
  const price =
    (leaderClose !== undefined && leaderPrice(s, leaderClose, quote)) || exitPrice(order.side, quote)
  closePosition(s, order, price, ClosedType.Copy, nowMs, events)
  s.queueRisk(s.account(order.userId))
}

/**
 * A leader closed `part` of a position (`rest` is left): each copy closes the same share of its own
 * lots, rounded down to the lot step; whole when what would be left is below the minimum, not at all
 * when the share is.
 */
function reduceCopies(
  s: EngineState,
  rest: Order,
  closed: FinishedOrder,
  nowMs: number,
  events: EngineEvent[],
): void {
  const terms = s.terms(rest.instrumentId)
  const part = closed.lots
  const share = part.div(rest.lots.plus(part))
  for (const id of s.copies.copiesOfLeaderOrder(rest.id)) {
    const order = liveCopy(s, id)
    if (!order) continue
    const lots = order.lots
      .times(share)
      .div(terms.lotStep)
      .toDecimalPlaces(0, Decimal.ROUND_DOWN)
      .times(terms.lotStep)
    if (order.lots.minus(lots).lessThan(terms.minLots)) {
      closeCopy(s, id, nowMs, events, closed.closePrice)
      continue
    }
    if (lots.lessThan(terms.minLots) || s.idsLeft() === 0) continue
    const quote = s.liveQuote(order.instrumentId, nowMs, order.userId)
    if (typeof quote === 'string') continue
    const price = leaderPrice(s, closed.closePrice, quote) || exitPrice(order.side, quote)
    closePart(s, order, lots, price, ClosedType.Copy, nowMs, events)
    s.queueRisk(s.account(order.userId))
  }
}

/**
 * A leader's new stops on a copy: each where it is valid at the follower's price (else none), the
 * trailing distance as the leader's.
 */
function copyStops(
  s: EngineState,
  leaderOrder: Order,
  copyId: number,
  nowMs: number,
  events: EngineEvent[],
): void {
  const order = liveCopy(s, copyId)
  if (!order) return
  const terms = s.terms(order.instrumentId)
  const quote = s.liveQuote(order.instrumentId, nowMs, order.userId)
  if (typeof quote === 'string') return
  const exit = exitPrice(order.side, quote)
  const valid = (stopLoss: number, takeProfit: number) =>
    !checkNewStops(terms, order.side, stopLoss, takeProfit, exit)
  order.stopLoss = valid(leaderOrder.stopLoss, 0) ? leaderOrder.stopLoss : 0
  order.takeProfit = valid(0, leaderOrder.takeProfit) ? leaderOrder.takeProfit : 0
  const points = leaderOrder.trailingPoints
  order.trailingPoints = points
  if (points > 0) {
    const trailed = trailedStop(order.side, exit, points, terms.precision)
    if (trailed > 0 && Number.isSafeInteger(toPoints(exit, terms.precision) + points))
      if (isBetterStop(order.side, trailed, order.stopLoss)) order.stopLoss = trailed
    if (s.account(order.userId).demo) s.demoTrailing.add(order.id)
  }
  reindexStops(s, order)
  events.push({ type: 'stops_changed', order: { ...order } })
}
