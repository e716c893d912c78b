/** Swaps: every rollover the clock reaches is booked on each open position, once, never twice. */
import { LedgerType } from '@tp/contracts'
import type { Money } from '../money.ts'
import { exitPrice } from '../order-rules.ts'
import {
  RolloversUntil,
  lastRollover,
  nextRollover,
  paidThrough,
  nightsAt,
  swapOf,
  swapPerUnit,
} from '../swaps.ts'
import type { EngineEvent, InstrumentTerms, Order } from '../types.ts'
import { present } from './assert.ts'
import { book } from './ledger.ts'
import { MAX_ROLLOVER_ROWS } from './limits.ts'
import { checkRisk } from './risk.ts'
import type { Account, EngineState, RolloverRun } from './state.ts'

/** A day: the rollover clock looks again at least this often. */
const MS_PER_DAY = 86_400_000

/**
 * Books the swaps of every rollover `nowMs` has reached (the server calls it on a timer): each
 * open position is charged (or credited) for each rollover after the last one it paid, one ledger
 * row per position and rollover, so a restart in between charges nothing twice and misses nothing.
 * At most MAX_ROLLOVER_ROWS rollovers a call: the next calls take the rest, walking on from where
 * the last one stopped (only the positions of the instruments due). A swap that takes an account
 * below its levels is a margin call or a stop-out at live prices. Returns [] once nothing is due.
 */
export function rolloverDue(s: EngineState, nowMs: number): EngineEvent[] {
  const run = s.rolloverRun ?? beginRun(s, nowMs)
  if (!run) return []
  const events: EngineEvent[] = []
  const charged = new Set<Account>()
  const memo = new SwapMemo()
  let booked = 0
  while (run.walks.length > 0 && booked < MAX_ROLLOVER_ROWS) {
    const walk = run.walks[0] as (typeof run.walks)[number]
    const next = walk.ids.next()
    if (next.done) {
      run.walks.shift()
      s.rolledThrough.set(
        walk.instrumentId,
        present(run.due.get(walk.instrumentId), 'a walked instrument is due'),
      )
      continue
    }
    const order = s.order(next.value)
    const until = present(run.due.get(order.instrumentId), 'a walked position is of a due instrument')
    // Opened after the rollover (or charged by a close meanwhile): nothing due.
    if (order.swapThroughMs >= until) continue
    const rollovers = present(run.rollovers.get(order.instrumentId), 'rollovers of a due instrument')
    const done = chargeSwaps(s, order, rollovers, memo, events)
    booked += done.rollovers
    if (done.booked) charged.add(s.account(order.userId))
  }
  if (run.walks.length === 0) {
    s.rolloverRun = undefined
    // No rollover within 8 days of any instrument (all closed for long): look again in a day.
    s.nextRolloverMs = Math.min(run.next, nowMs + MS_PER_DAY)
  }
  for (const account of charged) checkRisk(s, account, nowMs, events)
  return events
}

/** The instruments whose latest rollover `nowMs` has reached and not yet booked: a new run, or none. */
function beginRun(s: EngineState, nowMs: number): RolloverRun | undefined {
  if (nowMs < s.nextRolloverMs) return undefined
  const due = new Map<number, number>()
  let next = Infinity
  for (const terms of s.instruments.values()) {
    const last = lastRollover(terms, nowMs)
    if (last !== undefined && last > (s.rolledThrough.get(terms.id) ?? -Infinity)) due.set(terms.id, last)
    next = Math.min(next, nextRollover(terms, nowMs) ?? Infinity)
  }
  if (due.size === 0) {
    s.nextRolloverMs = Math.min(next, nowMs + MS_PER_DAY)
    return undefined
  }
  const run: RolloverRun = {
    due,
    /** Each instrument's rollovers up to now, found once for all its positions. */
    rollovers: new Map([...due].map(([id, at]) => [id, new RolloversUntil(s.terms(id), at)])),
    walks: [...due.keys()].map((instrumentId) => ({
      instrumentId,
      ids: (s.positionsOf.get(instrumentId) ?? new Set<number>()).values(),
    })),
    next,
  }
  s.rolloverRun = run
  return run
}

/**
 * What one call works out once for all the positions it charges (quotes and rates stand still
 * within a call): each currency's USD rate, a unit's swap by side and rollover, the amount of a
 * position's size, how long a rollover pays for. Each is the computation a position would make on
 * its own, on the same inputs in the same order: fewer decimals are made, never other amounts.
 */
class SwapMemo {
  private readonly rates = new Map<string, Money>()
  private readonly units = new Map<string, Money>()
  private readonly amounts = new Map<string, Money>()
  private readonly paid = new Map<string, number>()

  rateOf(s: EngineState, currency: string, orderId: number): Money {
    let rate = this.rates.get(currency)
    if (!rate) {
      // A position only opens with a rate, and quotes are never forgotten: a broken invariant.
      rate = present(s.rates.booked(currency), `no ${currency} rate for the swap of order ${orderId}`)
      this.rates.set(currency, rate)
    }
    return rate
  }

  /** The swap of `order` at rollover `at`, its exit price `price`, in USD cents. */
  amountOf(terms: InstrumentTerms, order: Order, at: number, price: number, rate: Money): Money {
    const unitKey = `${terms.id}:${order.side}:${at}:${price}`
    const key = `${unitKey}:${order.lots.toString()}:${order.contractSize}`
    let amount = this.amounts.get(key)
    if (!amount) {
      let unit = this.units.get(unitKey)
      if (!unit) {
        unit = swapPerUnit(terms.swap, terms.precision, order.side, nightsAt(terms, at), price)
        this.units.set(unitKey, unit)
      }
      amount = swapOf(unit, order, rate)
      this.amounts.set(key, amount)
    }
    return amount
  }

  paidThrough(terms: InstrumentTerms, rolloverMs: number): number {
    const key = `${terms.id}:${rolloverMs}`
    let through = this.paid.get(key)
    if (through === undefined) {
      through = paidThrough(terms, rolloverMs)
      this.paid.set(key, through)
    }
    return through
  }
}

/**
 * Books a position's swaps of the rollovers after the last it paid, up to those `until` reaches.
 * It has then paid through the end of that rollover's local day, and 12 hours at least
 * (`paidThrough`): a rollover staff move cannot charge (or credit) the same night twice. Returns
 * how many rollovers it took, and whether anything was booked.
 */
function chargeSwaps(
  s: EngineState,
  order: Order,
  until: RolloversUntil,
  memo: SwapMemo,
  events: EngineEvent[],
): { rollovers: number; booked: boolean } {
  const terms = s.terms(order.instrumentId)
  const rate = memo.rateOf(s, terms.quoteCurrency, order.id)
  const quote = s.quotes.get(order.instrumentId)
  const price = quote
    ? exitPrice(order.side, s.quoteFor(order.userId, order.instrumentId, quote))
    : order.price
  const account = s.account(order.userId)
  const bookings: Money[] = []
  const due = until.after(order.swapThroughMs)
  for (const at of due) {
    const amount = memo.amountOf(terms, order, at, price, rate)
    if (!amount.isZero()) bookings.push(amount)
  }
  const last = due.at(-1)
  if (last === undefined) return { rollovers: 0, booked: false }
  order.swapThroughMs = memo.paidThrough(terms, last)
  for (const amount of bookings) order.swap = order.swap.plus(amount)
  events.push({ type: 'swap_charged', order: { ...order } })
  for (const amount of bookings) book(s, account, LedgerType.SWAP, amount, `order:${order.id}`, events)
  return { rollovers: due.length, booked: bookings.length > 0 }
}

/**
 * Before a position closes: the rollovers it held over that the clock has not booked yet (it calls
 * every 250 ms, and a big rollover takes several calls), so that no night escapes by a quick close.
 */
export function settleSwaps(s: EngineState, order: Order, nowMs: number, events: EngineEvent[]): void {
  const terms = s.terms(order.instrumentId)
  const last = lastRollover(terms, nowMs)
  if (last !== undefined && order.swapThroughMs < last)
    chargeSwaps(s, order, new RolloversUntil(terms, last), new SwapMemo(), events)
}
