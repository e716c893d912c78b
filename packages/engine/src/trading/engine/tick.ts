/** The tick path: a quote revalues its holders, fires alerts and triggers, then checks risk. */
import { isOnPriceGrid, isQuote, entryPrice } from '../order-rules.ts'
import { ZERO } from '../money.ts'
import type { Trigger } from '../trigger-index.ts'
import type { EngineEvent, Order, Quote } from '../types.ts'
import { canAfford, feeFor, opposite, sideLots } from './costs.ts'
import { marginOf } from '../../rules/margin.ts'
import { DEMO_LIMITS } from './limits.ts'
import { cancelPending, closeByStop, fill } from './positions.ts'
import { checkQueued } from './risk.ts'
import type { EngineState } from './state.ts'

/**
 * A new quote. Every account it moves is revalued first (profit and margin, O(1) each, queued for
 * a risk check only when near a level), so that fills are checked against this tick's marks; then
 * it fires the pending entries, stops and targets it reaches (at this quote: a gap fills at the
 * first new price); then the queued accounts are checked for margin call and stop-out.
 * Quotes off the instrument's price grid or older than the last one are ignored.
 */
export function applyTick(s: EngineState, instrumentId: number, quote: Quote): EngineEvent[] {
  const terms = s.instruments.get(instrumentId)
  if (!terms || !isQuote(quote)) return []
  if (!isOnPriceGrid(quote.bid, terms.precision) || !isOnPriceGrid(quote.ask, terms.precision)) return []
  const previous = s.quotes.get(instrumentId)
  if (previous && quote.timeMs < previous.timeMs) return []
  s.quotes.set(instrumentId, quote)
  s.halted.delete(instrumentId)
  const events: EngineEvent[] = []
  // A quote outside the instrument's sessions (a replayed file, a feed's stray update) moves marks
  // but fires nothing: nobody could trade at it.
  if (!terms.calendar.isOpenAt(quote.timeMs)) {
    s.exposures.revalue(instrumentId)
    return events
  }
  const levels = { marginCall: s.risk.marginCallLevel, stopOut: s.risk.stopOutLevel }
  s.exposures.revalue(instrumentId, levels)
  for (const alert of s.alerts.fire(instrumentId, quote.bid))
    events.push({ type: 'alert_fired', alert, bid: quote.bid, ask: quote.ask, timeMs: quote.timeMs })
  // A fill can add stops the same quote already reaches: repeat until nothing fires. Closes queue
  // their accounts for a risk check: a realized loss may leave the other positions under water.
  // Real accounts' triggers first; demo accounts' at most DEMO_LIMITS.triggersPerTick a quote.
  let demoBudget = DEMO_LIMITS.triggersPerTick
  for (;;) {
    const { real, demo } = s.triggers.fire(instrumentId, quote, demoBudget)
    if (real.length === 0 && demo.length === 0) break
    demoBudget -= demo.length
    for (const trigger of real) act(s, trigger, quote, events)
    for (const trigger of demo) act(s, trigger, quote, events)
  }
  checkQueued(s, quote.timeMs, events)
  return events
}

/**
 * Expires every pending order whose expiry `nowMs` has reached (the server calls it on a timer; a
 * quote that reaches an order at or after its expiry expires it too). Returns the cancellations,
 * with the status Expired.
 */
export function expireDue(s: EngineState, nowMs: number): EngineEvent[] {
  const events: EngineEvent[] = []
  for (const trigger of s.triggers.expire(nowMs))
    if (s.triggers.isCurrent(trigger)) {
      // Ended at its expiry, also when the clock says so late (after a restart, say).
      const order = s.order(trigger.orderId)
      cancelPending(s, order, 'expired', order.expiresAtMs, events)
    }
  return events
}

/**
 * Acts on a fired trigger, unless an earlier one of the same quote has changed its order; at the
 * quote as the order's account sees it (its client group's markup: the price the trigger fired at).
 */
function act(s: EngineState, trigger: Trigger, houseQuote: Quote, events: EngineEvent[]): void {
  if (!s.triggers.isCurrent(trigger)) return
  const order = s.order(trigger.orderId)
  const quote = s.quoteFor(order.userId, order.instrumentId, houseQuote)
  if (trigger.kind === 'entry') return fillPending(s, order, quote, events)
  // A trailed stop reached is a stop-loss reached.
  if (trigger.kind === 'trailing') return closeByStop(s, order, 'stop_loss', quote, events)
  if (trigger.kind === 'stop_loss' || trigger.kind === 'take_profit')
    return closeByStop(s, order, trigger.kind, quote, events)
}

function fillPending(s: EngineState, order: Order, quote: Quote, events: EngineEvent[]): void {
  const account = s.account(order.userId)
  const terms = s.terms(order.instrumentId)
  // Reached at or after its expiry (before the clock said so): it never fills, it expires.
  if (order.expiresAtMs > 0 && quote.timeMs >= order.expiresAtMs)
    return cancelPending(s, order, 'expired', order.expiresAtMs, events)
  // Staff disabled the instrument: it opens nothing new, a pending order's fill included.
  if (!terms.enabled) return cancelPending(s, order, 'instrument_disabled', quote.timeMs, events)
  // Its leverage is no longer offered (options cut, a lower cap): it would open above the limit.
  if (!terms.leverage.includes(order.leverage))
    return cancelPending(s, order, 'leverage_withdrawn', quote.timeMs, events)
  // The house's net limit is checked again at the fill: other clients may have filled it meanwhile.
  // (The account's own limit counted this order when it was placed.) Its own opposite positions give
  // it no room here either.
  const oppositeLots = sideLots(s, account, terms.id, opposite(order.side), false)
  if (s.house.check(terms, account, ZERO, order.side, order.lots, oppositeLots, true))
    return cancelPending(s, order, 'exposure_limit', quote.timeMs, events)
  const price = entryPrice(order.side, quote)
  const rate = s.rates.booked(terms.quoteCurrency)
  const margin = rate === undefined ? undefined : marginOf(order, order.lots, price, order.leverage, rate)
  const fee = margin && feeFor(s, terms, order.lots, margin)
  // Checked against the marks of this very tick (applyTick revalues before it fires anything).
  if (!margin || !fee || !canAfford(s, account, order, fee))
    return cancelPending(s, order, 'no_margin', quote.timeMs, events)
  fill(s, account, order, price, margin, fee, quote.timeMs, events)
}
