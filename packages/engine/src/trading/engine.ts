import { Decimal } from 'decimal.js'
import {
  ClosedType,
  LedgerType,
  MarginMode,
  OrderStatus,
  Side,
  type ClosedTypeValue,
  type LedgerTypeValue,
  type SideValue,
} from '@tp/contracts'
import { ZERO, feeToCents, money, toCents, toMicros, type Money } from './money.ts'
import { ExposureBook, type BookPosition, type Valued } from './exposure-book.ts'
import {
  checkStops,
  entryPrice,
  exitPrice,
  fromPoints,
  isFrozen,
  isOnGrid,
  isOnPriceGrid,
  isPrice,
  isQuote,
  parseAmount,
  parseDecimal,
  parseLots,
  pointsApart,
  stopsFarEnough,
  toPoints,
} from './order-rules.ts'
import type { Trigger } from './trigger-index.ts'
import { TriggerBooks } from './trigger-books.ts'
import { AlertBook, type PriceAlert } from './alert-book.ts'
import { UsdRates } from './usd-rates.ts'
import { HouseLimits } from './house-limits.ts'
import {
  RolloversUntil,
  lastRollover,
  nextRollover,
  paidThrough,
  nightsAt,
  swapOf,
  swapPerUnit,
} from './swaps.ts'
import type {
  CancelReason,
  CommandResult,
  EngineEvent,
  FinishedOrder,
  InstrumentTerms,
  Order,
  Quote,
  Rejection,
  RejectionDetail,
  RiskSettings,
} from './types.ts'

/**
 * Live orders (pending and open) one account may hold: every tick may have to fill or close all of
 * them at once, and the single writer must never be stalled by one client.
 */
export const MAX_LIVE_ORDERS = 200
/** A quote stamped later than the command's time by more than this is "in the future": refused. */
const MAX_CLOCK_SKEW_MS = 1000
/** A day: the rollover clock looks again at least this often. */
const MS_PER_DAY = 86_400_000
/** Active price alerts one user may keep. */
export const MAX_ALERTS_PER_USER = 100
/**
 * Rollovers (one ledger row each, at most) one `rolloverDue` call books, a position's catch-up
 * whole: about 20 ms of work and a commit of that many rows; the rest follow on the next calls.
 */
export const MAX_ROLLOVER_ROWS = 2000

/**
 * What practice accounts may ask the single writer to do on every tick (issue 22, decision 027):
 * anyone can open one, so their live trailing stops (each moves on every favourable quote) and price
 * alerts are bounded per account and in total, so that no number of them can delay a real account's
 * tick. Real accounts keep their own limits (MAX_ALERTS_PER_USER, MAX_LIVE_ORDERS).
 */
export const DEMO_LIMITS = {
  trailingPerAccount: 10,
  trailingTotal: 2_000,
  alertsPerAccount: 10,
  alertsTotal: 2_000,
  /**
   * Live orders (positions and pending) of all demo accounts together: each position is revalued on
   * every tick of its instrument, so their number, not only their trailing stops, is the demo load.
   */
  liveOrdersTotal: 20_000,
  /**
   * Demo triggers (stops, entries, trailing moves) one quote acts on, after every real one: the
   * nearest first; the rest stay indexed and fire on a later quote that still reaches them. Bounds a
   * tick's demo work (a close is tens of microseconds) whatever the demo accounts set up.
   */
  triggersPerTick: 100,
} as const
/** The nearest trailing stop, in points (and never nearer than the spread). */
export const MIN_TRAILING_POINTS = 10
/** The widest trailing stop, in points. */
export const MAX_TRAILING_POINTS = 10_000_000

interface Account extends Valued {
  userId: number
  balance: Money
  /** Held for withdrawals: apart from the balance, so no trading loss can reach it. */
  frozen: Money
  holding: Set<number>
  pending: Set<number>
  /** A practice account: its positions are not the house's risk (they count in no net limit). */
  demo: boolean
}

/** A block of order ids the server reserved in its database: [next, end). */
interface IdBlock {
  next: number
  end: number
}

export interface OpenCommand {
  userId: number
  instrumentId: number
  side: SideValue
  /** Lots as an exact decimal string. */
  lots: string
  leverage: number
  /** 0: none. */
  stopLoss: number
  takeProfit: number
  /** Absent: a market order; otherwise a pending order at this price (which must be a valid price). */
  targetPrice?: number
  /** A pending order's expiry (ms, after `nowMs`); absent or 0: good till cancelled. Market orders ignore it. */
  expiresAtMs?: number
  /**
   * Price protection of a market order: the price the user saw (the ask for a buy, the bid for a
   * sell) and how many points the fill may differ from it either way (0 when absent). Beyond that
   * the order is refused with the new price ('requote'). Absent: filled at the market as it is.
   */
  seenPrice?: number
  maxDeviationPoints?: number
  nowMs: number
}

/** A pending order's new terms: all of them, as `open` takes them (0: no stop, no expiry). */
export interface PendingChange {
  targetPrice: number
  stopLoss: number
  takeProfit: number
  expiresAtMs: number
}

/** A position's marks now: the price it would close at, its profit and its own margin, in USD. */
export interface PositionMark {
  mark: number
  profit: number
  /** The position's margin at the current price (its margin at open in fixed margin mode). */
  margin: number
}

/** An account's marks now (float: shown to users, never booked). */
export interface AccountView {
  userId: number
  balance: number
  equity: number
  /** Margin used now: revalued at current prices, hedged positions holding their larger side. */
  usedMargin: number
  freeMargin: number
  /** Equity / used margin x 100; Infinity with no margin used. */
  marginLevel: number
  profit: number
  positions: ({ id: number } & PositionMark)[]
}

/**
 * The trading engine: accounts, positions, pending orders and the trigger index, in memory, with no
 * IO, clock or randomness (ARCHITECTURE.md). Commands and ticks return events; the server persists
 * them and never changes engine state another way. Booked amounts are exact decimals; marks are
 * floats.
 */
export class TradingEngine {
  private readonly instruments = new Map<number, InstrumentTerms>()
  /** For each quote currency other than USD: the instrument that prices it and whether to invert. */
  private readonly rates = new UsdRates((id) => this.quotes.get(id))
  private readonly quotes = new Map<number, Quote>()
  private readonly accounts = new Map<number, Account>()
  private readonly orders = new Map<number, Order>()
  private readonly triggers = new TriggerBooks(
    (id) => this.orders.get(id),
    (order) => this.accounts.get(order.userId)?.demo === true,
  )
  private readonly alerts = new AlertBook()
  private readonly exposures = new ExposureBook(
    (id) => this.quotes.get(id),
    (id) => this.rateOf(id),
  )
  /** The real clients' net lots per instrument, against the house's limits. */
  private readonly house = new HouseLimits()
  /** Accounts to check for margin call and stop-out before the tick being applied returns. */
  private riskQueue: Account[] = []
  /** Order ids granted by the server, oldest block first. */
  private idBlocks: IdBlock[] = []
  /** Demo accounts' positions that had a trailing stop when set (pruned when counted): DEMO_LIMITS. */
  private readonly demoTrailing = new Set<number>()
  /** Demo accounts' alerts as added (pruned when counted): DEMO_LIMITS. */
  private readonly demoAlerts = new Set<number>()
  /** The demo accounts, whose live orders together DEMO_LIMITS.liveOrdersTotal bounds. */
  private readonly demoAccounts = new Set<Account>()
  /** Per instrument: the latest rollover every position of it has been charged at. */
  private readonly rolledThrough = new Map<number, number>()
  /** No rollover of any instrument is due before this instant (0: look again). */
  private nextRolloverMs = 0

  constructor(
    instruments: readonly InstrumentTerms[],
    private risk: RiskSettings,
  ) {
    this.setInstruments(instruments)
  }

  /**
   * The catalogue, disabled instruments included: their live orders stay closable and fire their
   * stops at live quotes, but nothing new opens on them. Terms may change while the engine runs
   * (staff edit the catalogue); held positions keep the margin and fee they were booked with.
   */
  setInstruments(list: readonly InstrumentTerms[]): void {
    this.instruments.clear()
    for (const terms of list) this.instruments.set(terms.id, terms)
    this.exposures.setConversions(this.rates.setInstruments(list))
    // Rollover times may have changed.
    this.nextRolloverMs = 0
  }

  setRisk(risk: RiskSettings): void {
    this.risk = risk
  }

  riskSettings(): RiskSettings {
    return this.risk
  }

  // ---- state from outside: restore after a restart, quotes without side effects ----

  /**
   * Registers an account (a new user, or one restored from the database with its margin-call state).
   * A demo account's positions are no risk of the house's: they count in no net exposure limit.
   */
  addAccount(userId: number, balance: string, marginCalled = false, frozen = '0', demo = false): void {
    if (this.accounts.has(userId)) return
    this.accounts.set(userId, {
      userId,
      balance: money(balance),
      frozen: money(frozen),
      holding: new Set(),
      pending: new Set(),
      demo,
      marginCalled,
      queued: false,
      slot: -1,
      exposures: new Map(),
    })
    const account = this.accounts.get(userId) as Account
    this.exposures.register(account, Number(balance))
    if (demo) this.demoAccounts.add(account)
  }

  /**
   * Puts back a live order read from the database (its account must be added first, and the quotes
   * primed: a pending order waits on the side of its target the current price is on).
   */
  restoreOrder(order: Order): void {
    const account = this.accounts.get(order.userId)
    if (!account) throw new Error(`restoreOrder: no account ${order.userId}`)
    if (!this.instruments.has(order.instrumentId))
      throw new Error(`restoreOrder: order ${order.id} of unknown instrument ${order.instrumentId}`)
    this.orders.set(order.id, { ...order })
    if (order.status === OrderStatus.Pending) {
      account.pending.add(order.id)
      this.triggers.addEntry(order)
      this.triggers.addExpiry(order)
    } else {
      this.attachPosition(account, order)
      if (account.demo && order.trailingPoints > 0) this.demoTrailing.add(order.id)
    }
  }

  /** Puts back an active price alert read from the database (its account need not be loaded). */
  restoreAlert(alert: PriceAlert): void {
    this.alerts.add({ ...alert })
    if (this.accounts.get(alert.userId)?.demo) this.demoAlerts.add(alert.id)
  }

  /** Sets the last quote without firing anything (on start; the next tick evaluates). */
  primeQuote(instrumentId: number, quote: Quote): void {
    this.quotes.set(instrumentId, quote)
  }

  /**
   * Grants the ids [first, first + count) for new orders (the server reserves them in its database,
   * so ids never repeat across restarts or servers). Example: grantOrderIds(1001, 1000).
   */
  grantOrderIds(first: number, count: number): void {
    if (!(Number.isSafeInteger(first) && first > 0 && Number.isSafeInteger(count) && count > 0))
      throw new Error(`grantOrderIds: bad block ${first} + ${count}`)
    this.idBlocks.push({ next: first, end: first + count })
  }

  /** How many granted order ids are left: the server grants more before they run out. */
  orderIdsLeft(): number {
    return this.idBlocks.reduce((sum, block) => sum + block.end - block.next, 0)
  }

  // ---- commands ----

  /** A market order (no target price) or a pending order (with one). */
  open(command: OpenCommand): CommandResult {
    const account = this.accounts.get(command.userId)
    if (!account) return reject('account_not_found')
    const terms = this.instruments.get(command.instrumentId)
    if (!terms || !terms.enabled) return reject('instrument_not_found')
    const quote = this.quotes.get(terms.id)
    if (!terms.calendar.isOpenAt(command.nowMs)) return reject('market_closed')
    if (!quote || !this.isFresh(quote, command.nowMs)) return reject('quote_stale')
    const rate = this.rates.booked(terms.quoteCurrency)
    if (rate === undefined) return reject('no_conversion_rate')
    if (account.pending.size + account.holding.size >= MAX_LIVE_ORDERS) return reject('too_many_orders')
    if (account.demo && this.demoLiveOrders() >= DEMO_LIMITS.liveOrdersTotal) return reject('demo_capacity')
    const lots = parseLots(command.lots, terms)
    if (!lots) return reject('lots_invalid')
    if (!terms.leverage.includes(command.leverage)) return reject('leverage_invalid')

    const pending = command.targetPrice !== undefined
    if (
      pending &&
      !(isPrice(command.targetPrice) && isOnGrid(command.targetPrice as number, terms.precision))
    )
      return reject('price_invalid')
    const expiresAtMs = pending ? (command.expiresAtMs ?? 0) : 0
    if (!isExpiry(expiresAtMs, command.nowMs)) return reject('expiry_invalid')
    const entry = pending ? (command.targetPrice as number) : entryPrice(command.side, quote)
    if (!pending && command.seenPrice !== undefined) {
      const requote = this.requote(terms, command, quote)
      if (requote) return requote
    }
    // A pending price nearer the market than the stops level would fill almost at once.
    if (pending && pointsApart(entry, entryPrice(command.side, quote), terms.precision) < terms.stopsLevel)
      return reject('price_too_close', { points: terms.stopsLevel })
    // Stops are checked against the price the position would close at: now, or at the pending entry.
    const exitReference = pending ? entry : exitPrice(command.side, quote)
    const stops = this.checkNewStops(terms, command.side, command.stopLoss, command.takeProfit, exitReference)
    if (stops) return stops
    // A pending order reserves nothing; its margin is the estimate at its target (WIRE.md).
    const booked = { contractSize: terms.contractSize, marginMode: terms.marginMode }
    const margin = this.marginFor(booked, lots, entry, command.leverage, rate)
    const fee = this.feeFor(terms, lots, margin)
    const position = {
      instrumentId: terms.id,
      side: command.side,
      lots,
      leverage: command.leverage,
      ...booked,
    }
    if (!this.canAfford(account, position, fee)) return reject('insufficient_margin')
    // After the margin check: an account that cannot pay for an order learns nothing of the house's net.
    const limit = this.house.check(
      terms,
      account,
      this.sideLots(account, terms.id, command.side),
      command.side,
      lots,
      this.sideLots(account, terms.id, opposite(command.side), false),
    )
    if (limit) return reject(limit.reason, limit.detail)

    const order: Order = {
      id: this.takeOrderId(),
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
    }
    const events: EngineEvent[] = []
    if (pending) {
      this.orders.set(order.id, order)
      account.pending.add(order.id)
      this.triggers.addEntry(order)
      this.triggers.addExpiry(order)
      events.push({ type: 'order_placed', order: { ...order } })
    } else {
      this.fill(account, order, entry, margin, fee, command.nowMs, events)
    }
    return { ok: true, events, orderId: order.id }
  }

  /**
   * Cancels a pending order of the user's; refused ('order_frozen') while its price is within the
   * freeze level of a live market, about to fill.
   */
  cancel(userId: number, orderId: number, nowMs: number): CommandResult {
    const order = this.livePending(userId, orderId, nowMs)
    if (!order) return reject('order_not_found')
    if (this.pendingFrozen(order, nowMs)) return reject('order_frozen')
    const events: EngineEvent[] = []
    this.cancelPending(order, 'user', nowMs, events)
    return { ok: true, events }
  }

  /**
   * New terms of a pending order: its price, stops and expiry, checked as `open` checks them (the
   * stops against the new price). The market must be live: which side of the price the order waits
   * on is judged by the quote. Its margin estimate follows the new price (WIRE.md).
   */
  modifyPending(userId: number, orderId: number, change: PendingChange, nowMs: number): CommandResult {
    const order = this.livePending(userId, orderId, nowMs)
    if (!order) return reject('order_not_found')
    const terms = this.instruments.get(order.instrumentId) as InstrumentTerms
    const live = this.liveQuote(order.instrumentId, nowMs)
    if (typeof live === 'string') return reject(live)
    if (this.pendingFrozen(order, nowMs)) return reject('order_frozen')
    const { targetPrice, stopLoss, takeProfit, expiresAtMs } = change
    if (!(isPrice(targetPrice) && isOnGrid(targetPrice, terms.precision))) return reject('price_invalid')
    if (!isExpiry(expiresAtMs, nowMs)) return reject('expiry_invalid')
    if (pointsApart(targetPrice, entryPrice(order.side, live), terms.precision) < terms.stopsLevel)
      return reject('price_too_close', { points: terms.stopsLevel })
    const stops = this.checkNewStops(terms, order.side, stopLoss, takeProfit, targetPrice)
    if (stops) return stops
    const rate = this.rates.booked(terms.quoteCurrency)
    if (rate === undefined) return reject('no_conversion_rate')
    // As `open` checks a new pending order: its fill checks again, at the fill's price.
    const margin = this.marginFor(order, order.lots, targetPrice, order.leverage, rate)
    const account = this.accounts.get(userId) as Account
    if (!this.canAfford(account, order, this.feeFor(terms, order.lots, margin)))
      return reject('insufficient_margin')
    order.originPrice = targetPrice
    order.entryRises = targetPrice > entryPrice(order.side, live)
    order.margin = margin
    // The entry and the expiry (if any) of the old version go stale.
    order.stopLoss = stopLoss
    order.takeProfit = takeProfit
    order.expiresAtMs = expiresAtMs
    order.stopsVersion++
    this.triggers.addEntry(order)
    this.triggers.addExpiry(order)
    return { ok: true, events: [{ type: 'pending_changed', order: { ...order } }] }
  }

  /**
   * Expires every pending order whose expiry `nowMs` has reached (the server calls it on a timer; a
   * quote that reaches an order at or after its expiry expires it too). Returns the cancellations,
   * with the status Expired.
   */
  expireDue(nowMs: number): EngineEvent[] {
    const events: EngineEvent[] = []
    for (const trigger of this.triggers.expire(nowMs))
      if (this.triggers.isCurrent(trigger)) {
        // Ended at its expiry, also when the clock says so late (after a restart, say).
        const order = this.orders.get(trigger.orderId) as Order
        this.cancelPending(order, 'expired', order.expiresAtMs, events)
      }
    return events
  }

  /**
   * Books the swaps of every rollover `nowMs` has reached (the server calls it on a timer): each
   * open position is charged (or credited) for each rollover after the last one it paid, one ledger
   * row per position and rollover, so a restart in between charges nothing twice and misses nothing.
   * At most MAX_ROLLOVER_ROWS rollovers a call: the next calls take the rest. A swap that takes
   * an account below its levels is a margin call or a stop-out at live prices.
   */
  rolloverDue(nowMs: number): EngineEvent[] {
    if (nowMs < this.nextRolloverMs) return []
    const due = new Map<number, number>()
    let next = Infinity
    for (const terms of this.instruments.values()) {
      const last = lastRollover(terms, nowMs)
      if (last !== undefined && last > (this.rolledThrough.get(terms.id) ?? -Infinity))
        due.set(terms.id, last)
      next = Math.min(next, nextRollover(terms, nowMs) ?? Infinity)
    }
    const events: EngineEvent[] = []
    const charged = new Set<Account>()
    /** A unit's swap by instrument, side and rollover: one computation for all their positions. */
    const perUnit = new Map<string, Money>()
    /** Each instrument's rollovers up to now, found once for all its positions. */
    const rollovers = new Map([...due].map(([id, at]) => [id, new RolloversUntil(this.terms(id), at)]))
    let booked = 0
    if (due.size > 0)
      for (const order of this.orders.values()) {
        const until = due.get(order.instrumentId)
        if (until === undefined || order.status !== OrderStatus.Holding || order.swapThroughMs >= until)
          continue
        // The rest waits for the next call (the desk's clock, 250 ms later): one call stays short.
        if (booked >= MAX_ROLLOVER_ROWS) {
          for (const account of charged) this.checkRisk(account, nowMs, events)
          return events
        }
        const done = this.chargeSwaps(
          order,
          rollovers.get(order.instrumentId) as RolloversUntil,
          perUnit,
          events,
        )
        booked += done.rollovers
        if (done.booked) charged.add(this.accounts.get(order.userId) as Account)
      }
    for (const [id, at] of due) this.rolledThrough.set(id, at)
    // No rollover within 8 days of any instrument (all closed for long): look again in a day.
    this.nextRolloverMs = Math.min(next, nowMs + MS_PER_DAY)
    for (const account of charged) this.checkRisk(account, nowMs, events)
    return events
  }

  /**
   * Books a position's swaps of the rollovers after the last it paid, up to those `until` reaches.
   * It has then paid through the end of that rollover's local day, and 12 hours at least
   * (`paidThrough`): a rollover staff move cannot charge (or credit) the same night twice. Returns
   * how many rollovers it took, and whether anything was booked.
   */
  private chargeSwaps(
    order: Order,
    until: RolloversUntil,
    perUnit: Map<string, Money>,
    events: EngineEvent[],
  ): { rollovers: number; booked: boolean } {
    const terms = this.instruments.get(order.instrumentId) as InstrumentTerms
    const rate = this.rates.booked(terms.quoteCurrency)
    // A position only opens with a rate, and quotes are never forgotten: this is a broken invariant.
    if (rate === undefined)
      throw new Error(`no ${terms.quoteCurrency} rate for the swap of order ${order.id}`)
    const quote = this.quotes.get(order.instrumentId)
    const price = quote ? exitPrice(order.side, quote) : order.price
    const account = this.accounts.get(order.userId) as Account
    const bookings: Money[] = []
    const due = until.after(order.swapThroughMs)
    for (const at of due) {
      const key = `${terms.id}:${order.side}:${at}:${price}`
      let unit = perUnit.get(key)
      if (!unit) {
        unit = swapPerUnit(terms.swap, terms.precision, order.side, nightsAt(terms, at), price)
        perUnit.set(key, unit)
      }
      const amount = swapOf(unit, order, rate)
      if (!amount.isZero()) bookings.push(amount)
    }
    if (due.length === 0) return { rollovers: 0, booked: false }
    order.swapThroughMs = paidThrough(terms, due.at(-1) as number)
    for (const amount of bookings) order.swap = order.swap.plus(amount)
    events.push({ type: 'swap_charged', order: { ...order } })
    for (const amount of bookings) this.book(account, LedgerType.SWAP, amount, `order:${order.id}`, events)
    return { rollovers: due.length, booked: bookings.length > 0 }
  }

  /**
   * Before a position closes: the rollovers it held over that the clock has not booked yet (it calls
   * every 250 ms, and a big rollover takes several calls), so that no night escapes by a quick close.
   */
  private settleSwaps(order: Order, nowMs: number, events: EngineEvent[]): void {
    const terms = this.terms(order.instrumentId)
    const last = lastRollover(terms, nowMs)
    if (last !== undefined && order.swapThroughMs < last)
      this.chargeSwaps(order, new RolloversUntil(terms, last), new Map(), events)
  }

  /**
   * Closes a position at the current price (bid for a buy, ask for a sell), whole or, with `lots`,
   * in part: the part on the instrument's lot step, at least its minimum, and leaving at least the
   * minimum open (docs/decisions/018-partial-close.md). The account is checked after: closing one
   * side of a hedge can raise the margin the other side holds. Staff closing a position on the
   * user's behalf pass `ClosedType.Staff`; the rules are the user's own.
   */
  close(
    userId: number,
    orderId: number,
    nowMs: number,
    by: typeof ClosedType.User | typeof ClosedType.Staff = ClosedType.User,
    lots?: string,
  ): CommandResult {
    const order = this.ownedOrder(userId, orderId)
    if (!order || order.status !== OrderStatus.Holding) return reject('order_not_found')
    const part = lots === undefined ? undefined : this.partToClose(order, lots)
    if (part === 'invalid') return reject('lots_invalid')
    const live = this.liveQuote(order.instrumentId, nowMs)
    if (typeof live === 'string') return reject(live)
    const events: EngineEvent[] = []
    if (part) this.closePart(order, part, exitPrice(order.side, live), by, nowMs, events)
    else this.closePosition(order, exitPrice(order.side, live), by, nowMs, events)
    this.checkRisk(this.accounts.get(userId) as Account, nowMs, events)
    return { ok: true, events }
  }

  /** The lots of a partial close; undefined when they are the whole position. */
  private partToClose(order: Order, lots: string): Money | undefined | 'invalid' {
    const asked = parseDecimal(lots)
    if (asked?.equals(order.lots)) return undefined
    const terms = this.instruments.get(order.instrumentId) as InstrumentTerms
    const part = parseLots(lots, { ...terms, maxLots: order.lots.toString() })
    if (!part || order.lots.minus(part).lessThan(terms.minLots)) return 'invalid'
    return part
  }

  /**
   * New stop-loss and take-profit of a position (0 removes one), checked against the current price,
   * which must be live: a stale or closed market says nothing about where the price is.
   */
  setStops(
    userId: number,
    orderId: number,
    stopLoss: number,
    takeProfit: number,
    nowMs: number,
  ): CommandResult {
    const order = this.ownedOrder(userId, orderId)
    if (!order || order.status !== OrderStatus.Holding) return reject('order_not_found')
    const terms = this.instruments.get(order.instrumentId) as InstrumentTerms
    const live = this.liveQuote(order.instrumentId, nowMs)
    if (typeof live === 'string') return reject(live)
    if (this.stopsFrozen(order, terms, live)) return reject('order_frozen')
    const stops = this.checkNewStops(terms, order.side, stopLoss, takeProfit, exitPrice(order.side, live))
    if (stops) return stops
    order.stopLoss = stopLoss
    order.takeProfit = takeProfit
    // A trailing stop moves the stop-loss: without one, it has nothing to move.
    if (stopLoss === 0) order.trailingPoints = 0
    this.reindexStops(order)
    return { ok: true, events: [{ type: 'stops_changed', order: { ...order } }] }
  }

  /**
   * A trailing stop of `points` on a position (0 removes it). The stop-loss moves at once to the
   * price it closes at less the distance (plus, for a sell), unless it is already nearer; from then
   * on each quote in the position's favour moves it along, never back.
   */
  setTrailing(userId: number, orderId: number, points: number, nowMs: number): CommandResult {
    const order = this.ownedOrder(userId, orderId)
    if (!order || order.status !== OrderStatus.Holding) return reject('order_not_found')
    if (!(
      Number.isSafeInteger(points) &&
      (points === 0 || points >= MIN_TRAILING_POINTS) &&
      points <= MAX_TRAILING_POINTS
    ))
      return reject('trailing_invalid')
    const terms = this.instruments.get(order.instrumentId) as InstrumentTerms
    const account = this.accounts.get(userId) as Account
    if (points > 0 && order.trailingPoints === 0 && account.demo) {
      const limit = this.demoTrailingLimit(userId)
      if (limit) return limit
    }
    if (points > 0) {
      const live = this.liveQuote(order.instrumentId, nowMs)
      if (typeof live === 'string') return reject(live)
      if (this.stopsFrozen(order, terms, live)) return reject('order_frozen')
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
    if (points > 0 && account.demo) this.demoTrailing.add(order.id)
    this.reindexStops(order)
    return { ok: true, events: [{ type: 'stops_changed', order: { ...order } }] }
  }

  /** Whether a demo account may set one more trailing stop (DEMO_LIMITS); the refusal if not. */
  private demoTrailingLimit(userId: number): CommandResult | undefined {
    let mine = 0
    for (const id of this.demoTrailing) {
      const order = this.orders.get(id)
      if (!order || order.status !== OrderStatus.Holding || order.trailingPoints === 0)
        this.demoTrailing.delete(id)
      else if (order.userId === userId) mine++
    }
    if (mine >= DEMO_LIMITS.trailingPerAccount)
      return reject('demo_trailing_limit', { max: DEMO_LIMITS.trailingPerAccount })
    if (this.demoTrailing.size >= DEMO_LIMITS.trailingTotal) return reject('demo_capacity')
    return undefined
  }

  /** All demo accounts' live orders (positions and pending): one pass over the demo accounts. */
  private demoLiveOrders(): number {
    let live = 0
    for (const account of this.demoAccounts) live += account.pending.size + account.holding.size
    return live
  }

  /** Whether a demo account may add one more price alert (DEMO_LIMITS); the refusal if not. */
  private demoAlertLimit(userId: number): CommandResult | undefined {
    for (const id of this.demoAlerts) if (!this.alerts.get(id)) this.demoAlerts.delete(id)
    if (this.alerts.countOf(userId) >= DEMO_LIMITS.alertsPerAccount)
      return reject('demo_alert_limit', { max: DEMO_LIMITS.alertsPerAccount })
    if (this.demoAlerts.size >= DEMO_LIMITS.alertsTotal) return reject('demo_capacity')
    return undefined
  }

  /**
   * A price alert on an instrument: it fires once, when the bid reaches `price` (rising to it when
   * `above`, else falling to it). Refused when the bid is there already ('alert_reached'), past
   * MAX_ALERTS_PER_USER active alerts, or off the instrument's price grid.
   */
  addAlert(
    userId: number,
    instrumentId: number,
    above: boolean,
    price: number,
    nowMs: number,
  ): CommandResult {
    if (!this.accounts.has(userId)) return reject('account_not_found')
    const terms = this.instruments.get(instrumentId)
    if (!terms || !terms.enabled) return reject('instrument_not_found')
    if (!(isPrice(price) && isOnGrid(price, terms.precision))) return reject('price_invalid')
    if (this.alerts.countOf(userId) >= MAX_ALERTS_PER_USER) return reject('too_many_alerts')
    const demo = (this.accounts.get(userId) as Account).demo
    if (demo) {
      const limit = this.demoAlertLimit(userId)
      if (limit) return limit
    }
    const quote = this.quotes.get(instrumentId)
    if (quote && (above ? quote.bid >= price : quote.bid <= price)) return reject('alert_reached')
    const alert: PriceAlert = {
      id: this.takeOrderId(),
      userId,
      instrumentId,
      above,
      price,
      createdAtMs: nowMs,
    }
    this.alerts.add(alert)
    if (demo) this.demoAlerts.add(alert.id)
    return { ok: true, events: [{ type: 'alert_added', alert: { ...alert } }], orderId: alert.id }
  }

  removeAlert(userId: number, alertId: number, nowMs: number): CommandResult {
    if (this.alerts.get(alertId)?.userId !== userId) return reject('alert_not_found')
    const alert = this.alerts.remove(alertId) as PriceAlert
    return { ok: true, events: [{ type: 'alert_removed', alert, timeMs: nowMs }] }
  }

  /** Active price alerts (tests, the bench). */
  alertCount(): number {
    return this.alerts.size
  }

  /**
   * Sets an account's balance to `balance` (a demo reset): pending orders are cancelled and
   * positions closed at live prices, then one booking of `type` makes up the difference. Refused
   * ('market_closed', 'quote_stale') while any position's market is not live: nothing closes at a
   * stale price. `balance` is a plain decimal string, zero or more, at most six decimals.
   */
  resetAccount(userId: number, balance: string, type: LedgerTypeValue, nowMs: number): CommandResult {
    const account = this.accounts.get(userId)
    if (!account) return reject('account_not_found')
    const target = parseAmount(balance)
    if (!target || target.isNegative()) return reject('price_invalid')
    for (const id of account.holding) {
      const live = this.liveQuote((this.orders.get(id) as Order).instrumentId, nowMs)
      if (typeof live === 'string') return reject(live)
    }
    const events: EngineEvent[] = []
    for (const id of [...account.pending])
      this.cancelPending(this.orders.get(id) as Order, 'reset', nowMs, events)
    for (const id of [...account.holding]) {
      const order = this.orders.get(id) as Order
      const quote = this.quotes.get(order.instrumentId) as Quote
      this.closePosition(order, exitPrice(order.side, quote), ClosedType.User, nowMs, events)
    }
    const difference = target.minus(account.balance)
    if (!difference.isZero()) this.book(account, type, difference, `reset:${nowMs}`, events)
    this.setMarginCalled(account, false, Infinity, events)
    return { ok: true, events }
  }

  /**
   * A deposit, withdrawal or staff adjustment. `amount` is a plain decimal string, not zero, with at
   * most six decimals ('price_invalid'). A debit may not take free margin below zero.
   */
  adjustBalance(userId: number, amount: string, type: LedgerTypeValue, ref: string): CommandResult {
    const account = this.accounts.get(userId)
    if (!account) return reject('account_not_found')
    const change = parseAmount(amount)
    if (!change || change.isZero()) return reject('price_invalid')
    if (change.isNegative() && !this.canAfford(account, undefined, change.negated()))
      return reject('balance_insufficient')
    const events: EngineEvent[] = []
    this.book(account, type, change, ref, events)
    return { ok: true, events }
  }

  /**
   * Moves `amount` from the balance to the frozen balance (a withdrawal request): only free margin
   * can be frozen, so money that holds positions cannot leave. 'withdraw_above_available' otherwise,
   * with what can be withdrawn (`amount`).
   * Example: freeze(7, '100.00', 'withdrawal:12').
   */
  freeze(userId: number, amount: string, ref: string): CommandResult {
    return this.moveFrozen(userId, amount, ref, 'freeze')
  }

  /** Returns frozen money to the balance (a withdrawal rejected). */
  release(userId: number, amount: string, ref: string): CommandResult {
    return this.moveFrozen(userId, amount, ref, 'release')
  }

  /** Books frozen money out of the account (a withdrawal paid). */
  payOut(userId: number, amount: string, ref: string): CommandResult {
    return this.moveFrozen(userId, amount, ref, 'pay_out')
  }

  /**
   * What `userId` can withdraw now (USD, 2 decimals, rounded down, never below 0): free margin within
   * the balance, min(balance, free margin) at the marks of the moment (the frozen balance is apart
   * already). The one home of this figure: the wallet answer shows it and `freeze` refuses above it.
   * Example: balance 698.87 with 120.40 of margin and no profit: 578.47.
   */
  withdrawable(userId: number): string | undefined {
    const account = this.accounts.get(userId)
    return account && this.withdrawableOf(account).toFixed(2)
  }

  private withdrawableOf(account: Account): Money {
    const free = money(this.exposures.freeMargin(account).toFixed(8))
    const most = Decimal.min(account.balance, free).toDecimalPlaces(2, Decimal.ROUND_DOWN)
    return most.isNegative() ? ZERO : most
  }

  private moveFrozen(userId: number, amount: string, ref: string, move: 'freeze' | 'release' | 'pay_out') {
    const account = this.accounts.get(userId)
    if (!account) return reject('account_not_found')
    const value = parseAmount(amount)
    if (!value || !value.greaterThan(0)) return reject('price_invalid')
    if (move === 'freeze' && !this.canAfford(account, undefined, value))
      return reject('withdraw_above_available', { amount: this.withdrawableOf(account).toFixed(2) })
    if (move !== 'freeze' && account.frozen.lessThan(value)) return reject('balance_insufficient')
    const events: EngineEvent[] = []
    if (move === 'freeze') this.book(account, LedgerType.FREEZE, value.negated(), ref, events, value)
    else if (move === 'release') this.book(account, LedgerType.UNFREEZE, value, ref, events, value.negated())
    else this.book(account, LedgerType.WITHDRAWAL, ZERO, ref, events, value.negated())
    return { ok: true as const, events }
  }

  /**
   * A new quote. Every account it moves is revalued first (profit and margin, O(1) each, queued for
   * a risk check only when near a level), so that fills are checked against this tick's marks; then
   * it fires the pending entries, stops and targets it reaches (at this quote: a gap fills at the
   * first new price); then the queued accounts are checked for margin call and stop-out.
   * Quotes off the instrument's price grid or older than the last one are ignored.
   */
  applyTick(instrumentId: number, quote: Quote): EngineEvent[] {
    const terms = this.instruments.get(instrumentId)
    if (!terms || !isQuote(quote)) return []
    if (!isOnPriceGrid(quote.bid, terms.precision) || !isOnPriceGrid(quote.ask, terms.precision)) return []
    const previous = this.quotes.get(instrumentId)
    if (previous && quote.timeMs < previous.timeMs) return []
    this.quotes.set(instrumentId, quote)
    const events: EngineEvent[] = []
    // A quote outside the instrument's sessions (a replayed file, a feed's stray update) moves marks
    // but fires nothing: nobody could trade at it.
    if (!terms.calendar.isOpenAt(quote.timeMs)) {
      this.exposures.revalue(instrumentId)
      return events
    }
    const levels = { marginCall: this.risk.marginCallLevel, stopOut: this.risk.stopOutLevel }
    this.exposures.revalue(instrumentId, levels, this.riskQueue as Valued[])
    for (const alert of this.alerts.fire(instrumentId, quote.bid))
      events.push({ type: 'alert_fired', alert, bid: quote.bid, ask: quote.ask, timeMs: quote.timeMs })
    // A fill can add stops the same quote already reaches: repeat until nothing fires. Closes queue
    // their accounts for a risk check: a realized loss may leave the other positions under water.
    // Real accounts' triggers first; demo accounts' at most DEMO_LIMITS.triggersPerTick a quote.
    let demoBudget = DEMO_LIMITS.triggersPerTick
    for (;;) {
      const { real, demo } = this.triggers.fire(instrumentId, quote, demoBudget)
      if (real.length === 0 && demo.length === 0) break
      demoBudget -= demo.length
      for (const trigger of real) this.act(trigger, quote, events)
      for (const trigger of demo) this.act(trigger, quote, events)
    }
    const queue = this.riskQueue
    this.riskQueue = []
    for (const account of queue) {
      account.queued = false
      this.checkRisk(account, quote.timeMs, events)
    }
    return events
  }

  // ---- queries ----

  quote(instrumentId: number): Quote | undefined {
    return this.quotes.get(instrumentId)
  }

  order(orderId: number): Order | undefined {
    return this.orders.get(orderId)
  }

  /** The live orders of an account, oldest first. */
  ordersOf(userId: number): Order[] {
    const account = this.accounts.get(userId)
    if (!account) return []
    return [...account.pending, ...account.holding]
      .sort((a, b) => a - b)
      .map((id) => this.orders.get(id) as Order)
  }

  /** The real clients' net lots on an instrument now (buys less sells; demo accounts aside). */
  netLots(instrumentId: number): Money {
    return this.house.netOf(instrumentId)
  }

  /** Whether the account is below the margin-call level since it was last checked. */
  isMarginCalled(userId: number): boolean {
    return this.accounts.get(userId)?.marginCalled ?? false
  }

  hasAccount(userId: number): boolean {
    return this.accounts.has(userId)
  }

  balance(userId: number): Money | undefined {
    return this.accounts.get(userId)?.balance
  }

  /**
   * Every account's booked balance, margin used now (float), positions and margin-call state (for
   * invariants, audits and restarts).
   */
  *accountTotals(): Generator<{
    userId: number
    balance: Money
    frozen: Money
    usedMargin: number
    positions: number
    marginCalled: boolean
    demo: boolean
  }> {
    for (const a of this.accounts.values())
      yield {
        userId: a.userId,
        balance: a.balance,
        frozen: a.frozen,
        usedMargin: this.exposures.marginOf(a),
        positions: a.holding.size,
        marginCalled: a.marginCalled,
        demo: a.demo,
      }
  }

  /** Current mark (exit price), profit and margin in USD of a position (zeros if it is not open). */
  markOf(order: Order): PositionMark {
    const quote = this.quotes.get(order.instrumentId)
    const terms = this.instruments.get(order.instrumentId)
    const rate = terms && this.rates.mark(terms.quoteCurrency)
    if (!quote || !terms || rate === undefined || order.status !== OrderStatus.Holding)
      return { mark: 0, profit: 0, margin: 0 }
    const mark = exitPrice(order.side, quote)
    const units = order.lots.toNumber() * Number(order.contractSize)
    const diff = order.side === Side.Buy ? mark - order.price : order.price - mark
    const margin =
      order.marginMode === MarginMode.Fixed
        ? order.margin.toNumber()
        : (units * entryPrice(order.side, quote) * rate) / order.leverage
    return { mark, profit: diff * units * rate, margin }
  }

  accountView(userId: number): AccountView | undefined {
    const account = this.accounts.get(userId)
    if (!account) return undefined
    const positions = [...account.holding].map((id) => ({ id, ...this.markOf(this.orders.get(id) as Order) }))
    const profit = this.exposures.profitOf(account)
    const balance = account.balance.toNumber()
    const usedMargin = this.exposures.marginOf(account)
    const equity = balance + profit
    return {
      userId,
      balance,
      equity,
      usedMargin,
      freeMargin: equity - usedMargin,
      marginLevel: usedMargin > 0 ? (equity / usedMargin) * 100 : Infinity,
      profit,
      positions,
    }
  }

  // ---- internals ----

  private isFresh(quote: Quote, nowMs: number): boolean {
    return nowMs - quote.timeMs <= this.risk.maxQuoteAgeMs && quote.timeMs <= nowMs + MAX_CLOCK_SKEW_MS
  }

  /**
   * A market order's price protection: refused with the price it would fill at now, and the quote,
   * when that is more than the allowed deviation from the price the user saw (either way).
   */
  private requote(terms: InstrumentTerms, command: OpenCommand, quote: Quote): CommandResult | undefined {
    const seen = command.seenPrice as number
    if (!(isPrice(seen) && isOnGrid(seen, terms.precision))) return reject('price_invalid')
    const allowed = command.maxDeviationPoints ?? 0
    if (!(Number.isSafeInteger(allowed) && allowed >= 0)) return reject('price_invalid')
    const price = entryPrice(command.side, quote)
    if (pointsApart(price, seen, terms.precision) <= allowed) return undefined
    return reject('requote', { price, bid: quote.bid, ask: quote.ask })
  }

  /** New stops: on the right side of `reference` (checkStops), and at least the stops level from it. */
  private checkNewStops(
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

  /** Whether a pending order's price is within the freeze level of its live market (about to fill). */
  private pendingFrozen(order: Order, nowMs: number): boolean {
    const terms = this.instruments.get(order.instrumentId) as InstrumentTerms
    const live = this.liveQuote(order.instrumentId, nowMs)
    if (typeof live === 'string') return false
    return isFrozen(order.originPrice, entryPrice(order.side, live), terms.freezeLevel, terms.precision)
  }

  /** Whether a position's stop-loss or take-profit is within the freeze level of the price it closes at. */
  private stopsFrozen(order: Order, terms: InstrumentTerms, live: Quote): boolean {
    const exit = exitPrice(order.side, live)
    return (
      isFrozen(order.stopLoss, exit, terms.freezeLevel, terms.precision) ||
      isFrozen(order.takeProfit, exit, terms.freezeLevel, terms.precision)
    )
  }

  /** The lots an account holds and waits to open on one side of an instrument (positions and pending orders). */
  private sideLots(account: Account, instrumentId: number, side: SideValue, withPending = true): Money {
    let lots = ZERO
    for (const ids of withPending ? [account.holding, account.pending] : [account.holding])
      for (const id of ids) {
        const order = this.orders.get(id) as Order
        if (order.instrumentId === instrumentId && order.side === side) lots = lots.plus(order.lots)
      }
    return lots
  }

  /** The quote of an instrument if its market is live at `nowMs` (open and fresh); else why not. */
  private liveQuote(instrumentId: number, nowMs: number): Quote | 'market_closed' | 'quote_stale' {
    const terms = this.instruments.get(instrumentId) as InstrumentTerms
    if (!terms.calendar.isOpenAt(nowMs)) return 'market_closed'
    const quote = this.quotes.get(instrumentId)
    return quote && this.isFresh(quote, nowMs) ? quote : 'quote_stale'
  }

  private takeOrderId(): number {
    const block = this.idBlocks[0]
    // The server grants ids before it runs commands: running out is a bug, not a refusal.
    if (!block) throw new Error('no order ids granted')
    const id = block.next++
    if (block.next === block.end) this.idBlocks.shift()
    return id
  }

  /** Margin = lots x contract size x price / leverage, in USD; fixed mode: lots x contract size. */
  private marginFor(
    terms: Pick<Order, 'contractSize' | 'marginMode'>,
    lots: Money,
    price: number,
    leverage: number,
    rate: Money,
  ): Money {
    const units = lots.times(terms.contractSize)
    if (terms.marginMode === MarginMode.Fixed) return toMicros(units)
    return toMicros(units.times(money(price)).div(leverage).times(rate))
  }

  private feeFor(terms: InstrumentTerms, lots: Money, margin: Money): Money {
    return feeToCents((this.risk.feePerLot ? lots : margin).times(terms.feeRate))
  }

  /**
   * Whether the account can add `position` (if any) and pay `fee` with free margin left at zero or
   * above, at the marks of the moment: the margin it adds is what its account's hedged margin grows by.
   */
  private canAfford(
    account: Account,
    position:
      Pick<Order, 'instrumentId' | 'side' | 'lots' | 'leverage' | 'contractSize' | 'marginMode'> | undefined,
    fee: Money,
  ): boolean {
    if (account.balance.lessThan(fee)) return false
    const added = position
      ? this.exposures.marginIncrease(account, position.instrumentId, {
          side: position.side,
          units: position.lots.toNumber() * Number(position.contractSize),
          leverage: position.leverage,
          fixed: position.marginMode === MarginMode.Fixed,
        })
      : 0
    return this.exposures.freeMargin(account) - fee.toNumber() - added >= -1e-9
  }

  private ownedOrder(userId: number, orderId: number): Order | undefined {
    const order = this.orders.get(orderId)
    return order && order.userId === userId ? order : undefined
  }

  /** A pending order of the user's that has not expired by `nowMs` (the timer may not have said so yet). */
  private livePending(userId: number, orderId: number, nowMs: number): Order | undefined {
    const order = this.ownedOrder(userId, orderId)
    if (!order || order.status !== OrderStatus.Pending) return undefined
    return order.expiresAtMs > 0 && order.expiresAtMs <= nowMs ? undefined : order
  }

  /** Turns an order into an open position at `price`, charging its fee. */
  private fill(
    account: Account,
    order: Order,
    price: number,
    margin: Money,
    fee: Money,
    nowMs: number,
    events: EngineEvent[],
  ) {
    order.status = OrderStatus.Holding
    order.price = price
    order.margin = margin
    order.fee = fee
    order.openedAtMs = nowMs
    // Its first night is the first rollover after it opened.
    order.swapThroughMs = nowMs
    // A position does not expire: the expiry was the pending order's (its index entry goes stale).
    order.expiresAtMs = 0
    this.orders.set(order.id, order)
    account.pending.delete(order.id)
    this.attachPosition(account, order)
    events.push({ type: 'position_opened', order: { ...order } })
    if (!fee.isZero()) this.book(account, LedgerType.TRADE_FEE, fee.negated(), `order:${order.id}`, events)
  }

  /** Adds a holding order to its account's exposure (profit and margin), and indexes its stops. */
  private attachPosition(account: Account, order: Order): void {
    account.holding.add(order.id)
    this.exposures.change(account, order.instrumentId, this.positionOf(order), 1)
    if (!account.demo) this.house.add(order.instrumentId, order.side, order.lots)
    this.triggers.addStops(order)
    this.addTrailing(order)
  }

  /**
   * After a change of a position's stops: a new version, its stops and trailing stop indexed again
   * (the old version's entries go stale).
   */
  private reindexStops(order: Order): void {
    order.stopsVersion++
    this.triggers.addStops(order)
    this.addTrailing(order)
  }

  /**
   * Indexes a trailing stop at the price that moves it by a point; with `exit` (the price it closes
   * at now), never at or before it, so that the quote being applied cannot pop it again.
   */
  private addTrailing(order: Order, exit?: number): void {
    if (order.trailingPoints <= 0) return
    const { precision } = this.instruments.get(order.instrumentId) as InstrumentTerms
    let level = trailLevel(order, precision)
    if (exit !== undefined) {
      const next = fromPoints(toPoints(exit, precision) + (order.side === Side.Buy ? 1 : -1), precision)
      level = order.side === Side.Buy ? Math.max(level, next) : Math.min(level, next)
    }
    this.triggers.addTrailing(order, level)
  }

  /**
   * A quote reached a trailing stop's level: the stop-loss follows, the distance behind. Only the
   * stop-loss and the trail are indexed again (the old stop-loss entry is stale by its level; the
   * take-profit's stands), and the version stays: a trail moves many stops on a busy market.
   */
  private trail(order: Order, quote: Quote, events: EngineEvent[]): void {
    const { precision } = this.instruments.get(order.instrumentId) as InstrumentTerms
    const exit = exitPrice(order.side, quote)
    const trailed = trailedStop(order.side, exit, order.trailingPoints, precision)
    if (isBetterStop(order.side, trailed, order.stopLoss)) {
      order.stopLoss = trailed
      this.triggers.addStopLoss(order)
      events.push({ type: 'stops_changed', order: { ...order } })
    }
    this.addTrailing(order, exit)
  }

  private detachPosition(account: Account, order: Order): void {
    account.holding.delete(order.id)
    this.exposures.change(account, order.instrumentId, this.positionOf(order), -1)
    if (!account.demo) this.house.add(order.instrumentId, order.side, order.lots.negated())
    this.orders.delete(order.id)
  }

  /** A position as the exposure book holds it, on the terms it was opened under. */
  private positionOf(order: Order): BookPosition {
    return {
      side: order.side,
      units: order.lots.toNumber() * Number(order.contractSize),
      price: order.price,
      leverage: order.leverage,
      fixed: order.marginMode === MarginMode.Fixed,
    }
  }

  /** The terms of an instrument the engine trades (a caller that holds one of its orders knows it exists). */
  private terms(instrumentId: number): InstrumentTerms {
    return this.instruments.get(instrumentId) as InstrumentTerms
  }

  /** USD per unit of an instrument's quote currency (float, for marks). */
  private rateOf(instrumentId: number): number | undefined {
    const terms = this.instruments.get(instrumentId)
    return terms && this.rates.mark(terms.quoteCurrency)
  }

  private queueRisk(account: Account): void {
    if (account.queued) return
    account.queued = true
    this.riskQueue.push(account)
  }

  /** One ledger row: `amount` onto the balance and `frozenAmount` onto the frozen balance. */
  private book(
    account: Account,
    type: LedgerTypeValue,
    amount: Money,
    ref: string,
    events: EngineEvent[],
    frozenAmount: Money = ZERO,
  ): void {
    account.balance = account.balance.plus(amount)
    account.frozen = account.frozen.plus(frozenAmount)
    if (account.frozen.isNegative()) throw new Error(`frozen balance of ${account.userId} below zero`)
    this.exposures.setBalance(account, account.balance.toNumber())
    events.push({
      type: 'booked',
      booking: {
        userId: account.userId,
        type,
        amount,
        balanceAfter: account.balance,
        frozenAmount,
        frozenAfter: account.frozen,
        ref,
      },
    })
  }

  private closePosition(
    order: Order,
    price: number,
    closedType: ClosedTypeValue,
    nowMs: number,
    events: EngineEvent[],
  ): void {
    const account = this.accounts.get(order.userId) as Account
    this.settleSwaps(order, nowMs, events)
    const profit = this.profitAt(order, order.lots, price)
    this.detachPosition(account, order)
    const finished: FinishedOrder = {
      ...order,
      status: OrderStatus.Closed,
      closePrice: price,
      profit,
      closedType,
      closedAtMs: nowMs,
    }
    events.push({ type: 'position_closed', order: finished })
    const ref = `order:${order.id}`
    // The loss is booked in full even if the balance dips below zero: the account's other positions
    // still answer for it (docs/decisions/009-dealing-desk-rules.md).
    if (!profit.isZero()) this.book(account, LedgerType.TRADE_PROFIT, profit, ref, events)
    // Negative balance protection is per account: once flat, the house writes off what it is short,
    // which is then its negative equity, and never more.
    if (account.holding.size === 0 && account.balance.isNegative())
      this.book(account, LedgerType.WRITE_OFF, account.balance.negated(), ref, events)
  }

  /**
   * Closes `part` of a position's lots at `price`. The part becomes a finished order of its own,
   * under a new id, with its share of the margin and fee and its own profit; the rest keeps the id,
   * the fill price and the stops. Shares are in micros, the rest taking what rounding leaves, so the
   * two always add up to what the position held.
   */
  private closePart(
    order: Order,
    part: Money,
    price: number,
    closedType: ClosedTypeValue,
    nowMs: number,
    events: EngineEvent[],
  ): void {
    const account = this.accounts.get(order.userId) as Account
    this.settleSwaps(order, nowMs, events)
    const share = part.div(order.lots)
    const margin = toMicros(order.margin.times(share))
    const fee = toMicros(order.fee.times(share))
    const swap = toMicros(order.swap.times(share))
    const profit = this.profitAt(order, part, price)
    const rest: Order = {
      ...order,
      lots: order.lots.minus(part),
      margin: order.margin.minus(margin),
      fee: order.fee.minus(fee),
      swap: order.swap.minus(swap),
    }
    // The exposure book holds units: out with the whole position, in with what is left.
    this.exposures.change(account, order.instrumentId, this.positionOf(order), -1)
    this.exposures.change(account, order.instrumentId, this.positionOf(rest), 1)
    if (!account.demo) this.house.add(order.instrumentId, order.side, part.negated())
    this.orders.set(order.id, rest)
    events.push({ type: 'position_reduced', order: { ...rest } })
    const closed: FinishedOrder = {
      ...order,
      id: this.takeOrderId(),
      lots: part,
      margin,
      fee,
      swap,
      status: OrderStatus.Closed,
      closePrice: price,
      profit,
      closedType,
      closedAtMs: nowMs,
    }
    events.push({ type: 'position_closed', order: closed })
    if (!profit.isZero()) this.book(account, LedgerType.TRADE_PROFIT, profit, `order:${closed.id}`, events)
  }

  /** What closing `lots` of a position at `price` earns, in USD cents (a loss is negative). */
  private profitAt(order: Order, lots: Money, price: number): Money {
    const terms = this.instruments.get(order.instrumentId) as InstrumentTerms
    const rate = this.rates.booked(terms.quoteCurrency)
    // A position only opens with a rate, and quotes are never forgotten: this is a broken invariant.
    if (rate === undefined) throw new Error(`no ${terms.quoteCurrency} rate to close order ${order.id}`)
    const diff = order.side === Side.Buy ? money(price).minus(order.price) : money(order.price).minus(price)
    return toCents(diff.times(lots).times(order.contractSize).times(rate))
  }

  /** Ends a pending order (its index entries go stale). */
  private cancelPending(order: Order, reason: CancelReason, nowMs: number, events: EngineEvent[]): void {
    const account = this.accounts.get(order.userId) as Account
    account.pending.delete(order.id)
    this.orders.delete(order.id)
    const finished: FinishedOrder = {
      ...order,
      status: reason === 'expired' ? OrderStatus.Expired : OrderStatus.Cancelled,
      closePrice: 0,
      profit: ZERO,
      closedType: 0,
      closedAtMs: nowMs,
    }
    events.push({ type: 'order_cancelled', order: finished, reason })
  }

  /** Acts on a fired trigger, unless an earlier one of the same quote has changed its order. */
  private act(trigger: Trigger, quote: Quote, events: EngineEvent[]): void {
    if (!this.triggers.isCurrent(trigger)) return
    const order = this.orders.get(trigger.orderId) as Order
    if (trigger.kind === 'entry') return this.fillPending(order, quote, events)
    if (trigger.kind === 'trailing') return this.trail(order, quote, events)
    const closedType = trigger.kind === 'stop_loss' ? ClosedType.StopLoss : ClosedType.TakeProfit
    this.closePosition(order, exitPrice(order.side, quote), closedType, quote.timeMs, events)
    this.queueRisk(this.accounts.get(order.userId) as Account)
  }

  private fillPending(order: Order, quote: Quote, events: EngineEvent[]): void {
    const account = this.accounts.get(order.userId) as Account
    const terms = this.instruments.get(order.instrumentId) as InstrumentTerms
    // Reached at or after its expiry (before the clock said so): it never fills, it expires.
    if (order.expiresAtMs > 0 && quote.timeMs >= order.expiresAtMs)
      return this.cancelPending(order, 'expired', order.expiresAtMs, events)
    // Staff disabled the instrument: it opens nothing new, a pending order's fill included.
    if (!terms.enabled) return this.cancelPending(order, 'instrument_disabled', quote.timeMs, events)
    // Its leverage is no longer offered (options cut, a lower cap): it would open above the limit.
    if (!terms.leverage.includes(order.leverage))
      return this.cancelPending(order, 'leverage_withdrawn', quote.timeMs, events)
    // The house's net limit is checked again at the fill: other clients may have filled it meanwhile.
    // (The account's own limit counted this order when it was placed.) Its own opposite positions give
    // it no room here either.
    const oppositeLots = this.sideLots(account, terms.id, opposite(order.side), false)
    if (this.house.check(terms, account, ZERO, order.side, order.lots, oppositeLots, true))
      return this.cancelPending(order, 'exposure_limit', quote.timeMs, events)
    const price = entryPrice(order.side, quote)
    const rate = this.rates.booked(terms.quoteCurrency)
    const margin =
      rate === undefined ? undefined : this.marginFor(order, order.lots, price, order.leverage, rate)
    const fee = margin && this.feeFor(terms, order.lots, margin)
    // Checked against the marks of this very tick (applyTick revalues before it fires anything).
    if (!margin || !fee || !this.canAfford(account, order, fee))
      return this.cancelPending(order, 'no_margin', quote.timeMs, events)
    this.fill(account, order, price, margin, fee, quote.timeMs, events)
  }

  /**
   * Margin call once per fall below its level. Below stop-out, closes the most losing position whose
   * market is live, again and again, until the level is back or nothing live is left: a position
   * whose market is closed or stale waits for its first fresh quote (which queues the account
   * again). Never at another instrument's old price.
   */
  private checkRisk(account: Account, nowMs: number, events: EngineEvent[]): void {
    let level = this.exposures.level(account)
    const startLevel = level
    let stoppedOut = false
    while (level < this.risk.stopOutLevel && account.holding.size > 0) {
      const worst = this.mostLosingLive(account, nowMs)
      if (!worst) break
      if (!stoppedOut) events.push({ type: 'stop_out', userId: account.userId, level: startLevel })
      stoppedOut = true
      this.closePosition(
        worst.order,
        exitPrice(worst.order.side, worst.quote),
        ClosedType.StopOut,
        nowMs,
        events,
      )
      level = this.exposures.level(account)
    }
    this.setMarginCalled(account, level < this.risk.marginCallLevel, level, events)
  }

  private mostLosingLive(account: Account, nowMs: number): { order: Order; quote: Quote } | undefined {
    let worst: { order: Order; quote: Quote; profit: number } | undefined
    for (const id of account.holding) {
      const order = this.orders.get(id) as Order
      const quote = this.liveQuote(order.instrumentId, nowMs)
      if (typeof quote === 'string') continue
      const { profit } = this.markOf(order)
      if (!worst || profit < worst.profit || (profit === worst.profit && order.id < worst.order.id))
        worst = { order, quote, profit }
    }
    return worst
  }

  /** Records a change of the margin-call state as an event (the server keeps it across restarts). */
  private setMarginCalled(account: Account, called: boolean, level: number, events: EngineEvent[]): void {
    if (account.marginCalled === called) return
    account.marginCalled = called
    const userId = account.userId
    events.push(called ? { type: 'margin_call', userId, level } : { type: 'margin_call_ended', userId })
  }
}

const reject = (reason: Rejection, detail?: RejectionDetail): CommandResult =>
  detail ? { ok: false, reason, detail } : { ok: false, reason }

/** Index entries a pending order holds: its entry, and its expiry if it has one. */
/** The other side: a buy's is sell. */
const opposite = (side: SideValue): SideValue => (side === Side.Buy ? Side.Sell : Side.Buy)

/** Where a trailing stop of `points` puts the stop-loss for an exit price: behind it by that much. */
function trailedStop(side: SideValue, exit: number, points: number, precision: number): number {
  const at = toPoints(exit, precision) + (side === Side.Buy ? -points : points)
  return fromPoints(at, precision)
}

/** Whether `candidate` is a stop nearer the price than `current` (none is the farthest). */
const isBetterStop = (side: SideValue, candidate: number, current: number) =>
  current === 0 || (side === Side.Buy ? candidate > current : candidate < current)

/** The exit price at which a trailing stop next moves: a point past its stop-loss and distance. */
function trailLevel(order: Order, precision: number): number {
  const stop = toPoints(order.stopLoss, precision)
  const step = order.trailingPoints + 1
  return fromPoints(order.side === Side.Buy ? stop + step : stop - step, precision)
}

/** An expiry: 0 (none), or a whole number of ms after `nowMs`. */
const isExpiry = (expiresAtMs: number, nowMs: number): boolean =>
  expiresAtMs === 0 || (Number.isSafeInteger(expiresAtMs) && expiresAtMs > nowMs)
