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
import { isOpenAt } from '../market/sessions.ts'
import { ZERO, feeToCents, money, toCents, toMicros, type Money } from './money.ts'
import { ExposureBook, type Valued } from './exposure-book.ts'
import { TriggerHeap, type Trigger, type TriggerKind } from './trigger-index.ts'
import type {
  CancelReason,
  CommandResult,
  EngineEvent,
  FinishedOrder,
  InstrumentTerms,
  Order,
  Quote,
  Rejection,
  RiskSettings,
} from './types.ts'

/** A quote stamped later than the command's time by more than this is "in the future": refused. */
const MAX_CLOCK_SKEW_MS = 1000
/** Index entries left behind by closes, cancels and stop edits are swept out past this many. */
const COMPACT_AFTER_STALE = 50_000

interface Account extends Valued {
  userId: number
  balance: Money
  usedMargin: Money
  holding: Set<number>
  pending: Set<number>
}

/** The four trigger heaps of one instrument. */
interface TriggerBook {
  bidUp: TriggerHeap
  bidDown: TriggerHeap
  askUp: TriggerHeap
  askDown: TriggerHeap
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
  /** Absent or 0: a market order; otherwise a pending order at this price. */
  targetPrice?: number
  nowMs: number
}

/** An account's marks now (float: shown to users, never booked). */
export interface AccountView {
  balance: number
  equity: number
  usedMargin: number
  freeMargin: number
  /** Equity / used margin x 100; Infinity with no margin used. */
  marginLevel: number
  profit: number
  positions: { id: number; mark: number; profit: number }[]
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
  private readonly conversions = new Map<string, { instrumentId: number; invert: boolean }>()
  private readonly quotes = new Map<number, Quote>()
  private readonly accounts = new Map<number, Account>()
  private readonly orders = new Map<number, Order>()
  private readonly books = new Map<number, TriggerBook>()
  private readonly exposures = new ExposureBook(
    (id) => this.quotes.get(id),
    (id) => this.rateOf(id),
  )
  /** Accounts to check for margin call and stop-out before the tick being applied returns. */
  private riskQueue: Account[] = []
  private nextOrderId: number
  private staleTriggers = 0

  constructor(
    instruments: readonly InstrumentTerms[],
    private risk: RiskSettings,
    nextOrderId = 1,
  ) {
    this.nextOrderId = nextOrderId
    this.setInstruments(instruments)
  }

  setInstruments(list: readonly InstrumentTerms[]): void {
    this.instruments.clear()
    for (const terms of list) this.instruments.set(terms.id, terms)
    this.conversions.clear()
    for (const terms of list) {
      if (terms.code.length !== 6) continue
      const base = terms.code.slice(0, 3)
      const quote = terms.code.slice(3)
      if (base === 'USD' && !this.conversions.has(quote))
        this.conversions.set(quote, { instrumentId: terms.id, invert: true })
      if (quote === 'USD' && !this.conversions.has(base))
        this.conversions.set(base, { instrumentId: terms.id, invert: false })
    }
    const convertedVia = new Map<number, number[]>()
    for (const terms of list) {
      const conversion = this.conversions.get(terms.quoteCurrency)
      if (!conversion) continue
      const ids = convertedVia.get(conversion.instrumentId) ?? []
      ids.push(terms.id)
      convertedVia.set(conversion.instrumentId, ids)
    }
    this.exposures.setConversions(convertedVia)
  }

  setRisk(risk: RiskSettings): void {
    this.risk = risk
  }

  // ---- state from outside: restore after a restart, quotes without side effects ----

  /** Registers an account (a new user, or one restored from the database). */
  addAccount(userId: number, balance: string): void {
    if (this.accounts.has(userId)) return
    this.accounts.set(userId, {
      userId,
      balance: money(balance),
      usedMargin: ZERO,
      holding: new Set(),
      pending: new Set(),
      marginCalled: false,
      queued: false,
      slot: -1,
      exposures: new Map(),
    })
    this.exposures.register(this.accounts.get(userId) as Account, Number(balance))
  }

  /**
   * Puts back a live order read from the database (its account must be added first, and the quotes
   * primed: a pending order waits on the side of its target the current price is on).
   */
  restoreOrder(order: Order): void {
    const account = this.accounts.get(order.userId)
    if (!account) throw new Error(`restoreOrder: no account ${order.userId}`)
    this.nextOrderId = Math.max(this.nextOrderId, order.id + 1)
    this.orders.set(order.id, { ...order })
    if (order.status === OrderStatus.Pending) {
      account.pending.add(order.id)
      this.indexEntry(order)
    } else {
      this.attachPosition(account, order)
    }
  }

  /** Sets the last quote without firing anything (on start; the next tick evaluates). */
  primeQuote(instrumentId: number, quote: Quote): void {
    this.quotes.set(instrumentId, quote)
  }

  /** Order ids are the engine's; after a restart it continues past every id ever stored. */
  reserveOrderIds(nextOrderId: number): void {
    this.nextOrderId = Math.max(this.nextOrderId, nextOrderId)
  }

  // ---- commands ----

  /** A market order (no target price) or a pending order (with one). */
  open(command: OpenCommand): CommandResult {
    const account = this.accounts.get(command.userId)
    if (!account) return reject('account_not_found')
    const terms = this.instruments.get(command.instrumentId)
    if (!terms) return reject('instrument_not_found')
    const quote = this.quotes.get(terms.id)
    if (!isOpenAt(terms.sessions, command.nowMs)) return reject('market_closed')
    if (!quote || !this.isFresh(quote, command.nowMs)) return reject('quote_stale')
    const rate = this.bookedRateToUsd(terms.quoteCurrency)
    if (rate === undefined) return reject('no_conversion_rate')
    const lots = parseLots(command.lots, terms)
    if (!lots) return reject('lots_invalid')
    if (!terms.leverage.includes(command.leverage)) return reject('leverage_invalid')

    const pending = command.targetPrice !== undefined && command.targetPrice !== 0
    if (
      pending &&
      !(isPrice(command.targetPrice) && isOnGrid(command.targetPrice as number, terms.precision))
    )
      return reject('price_invalid')
    const entry = pending
      ? (command.targetPrice as number)
      : command.side === Side.Buy
        ? quote.ask
        : quote.bid
    // Stops are checked against the price the position would close at: now, or at the pending entry.
    const exitReference = pending ? entry : command.side === Side.Buy ? quote.bid : quote.ask
    const stops = checkStops(
      command.side,
      command.stopLoss,
      command.takeProfit,
      exitReference,
      terms.precision,
    )
    if (stops) return reject(stops)

    const margin = this.marginFor(terms, lots, entry, command.leverage, rate)
    const fee = this.feeFor(terms, lots, margin)
    if (!this.canAfford(account, margin, fee)) return reject('insufficient_margin')

    const order: Order = {
      id: this.nextOrderId++,
      userId: account.userId,
      instrumentId: terms.id,
      side: command.side,
      lots,
      leverage: command.leverage,
      status: pending ? OrderStatus.Pending : OrderStatus.Holding,
      originPrice: pending ? entry : command.side === Side.Buy ? quote.ask : quote.bid,
      price: 0,
      margin: ZERO,
      fee: ZERO,
      stopLoss: command.stopLoss,
      takeProfit: command.takeProfit,
      stopsVersion: 0,
      // A buy fills at the ask, a sell at the bid: the order waits for that price to rise or fall to it.
      entryRises: pending && entry > (command.side === Side.Buy ? quote.ask : quote.bid),
      placedAtMs: command.nowMs,
      openedAtMs: 0,
    }
    const events: EngineEvent[] = []
    if (pending) {
      this.orders.set(order.id, order)
      account.pending.add(order.id)
      this.indexEntry(order)
      events.push({ type: 'order_placed', order: { ...order } })
    } else {
      this.fill(account, order, entry, margin, fee, command.nowMs, events)
    }
    return { ok: true, events, orderId: order.id }
  }

  cancel(userId: number, orderId: number, nowMs: number): CommandResult {
    const order = this.ownedOrder(userId, orderId)
    if (!order || order.status !== OrderStatus.Pending) return reject('order_not_found')
    const events: EngineEvent[] = []
    this.cancelPending(order, 'user', nowMs, events)
    return { ok: true, events }
  }

  /** Closes a position at the current price (bid for a buy, ask for a sell). */
  close(userId: number, orderId: number, nowMs: number): CommandResult {
    const order = this.ownedOrder(userId, orderId)
    if (!order || order.status !== OrderStatus.Holding) return reject('order_not_found')
    const terms = this.instruments.get(order.instrumentId) as InstrumentTerms
    const quote = this.quotes.get(order.instrumentId)
    if (!isOpenAt(terms.sessions, nowMs)) return reject('market_closed')
    if (!quote || !this.isFresh(quote, nowMs)) return reject('quote_stale')
    const events: EngineEvent[] = []
    this.closePosition(order, exitPrice(order.side, quote), ClosedType.User, nowMs, events)
    return { ok: true, events }
  }

  /** New stop-loss and take-profit of a position (0 removes one), checked against the current price. */
  setStops(userId: number, orderId: number, stopLoss: number, takeProfit: number): CommandResult {
    const order = this.ownedOrder(userId, orderId)
    if (!order || order.status !== OrderStatus.Holding) return reject('order_not_found')
    const terms = this.instruments.get(order.instrumentId) as InstrumentTerms
    const quote = this.quotes.get(order.instrumentId) as Quote
    const stops = checkStops(order.side, stopLoss, takeProfit, exitPrice(order.side, quote), terms.precision)
    if (stops) return reject(stops)
    order.stopLoss = stopLoss
    order.takeProfit = takeProfit
    order.stopsVersion++
    this.indexStops(order)
    this.noteStale(2)
    return { ok: true, events: [{ type: 'stops_changed', order: { ...order } }] }
  }

  /**
   * Sets an account's balance to `balance` (a demo reset): pending orders are cancelled and
   * positions closed at the last prices, then one booking of `type` makes up the difference.
   * `balance` is a plain decimal string, zero or more, with at most six decimals ('price_invalid').
   */
  resetAccount(userId: number, balance: string, type: LedgerTypeValue, nowMs: number): CommandResult {
    const account = this.accounts.get(userId)
    if (!account) return reject('account_not_found')
    const target = parseAmount(balance)
    if (!target || target.isNegative()) return reject('price_invalid')
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
    account.marginCalled = false
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
    if (change.isNegative() && !this.canAfford(account, ZERO, change.negated()))
      return reject('balance_insufficient')
    const events: EngineEvent[] = []
    this.book(account, type, change, ref, events)
    return { ok: true, events }
  }

  /**
   * A new quote: fires the pending entries, stops and targets it reaches (at this quote: a gap fills
   * at the first new price), then checks the margin of every account it moves.
   */
  applyTick(instrumentId: number, quote: Quote): EngineEvent[] {
    if (!this.instruments.has(instrumentId) || !isQuote(quote)) return []
    const previous = this.quotes.get(instrumentId)
    if (previous && quote.timeMs < previous.timeMs) return []
    this.quotes.set(instrumentId, quote)
    const events: EngineEvent[] = []
    // A quote outside the instrument's sessions (a replayed file, a feed's stray update) moves marks
    // but fires nothing: nobody could trade at it.
    const terms = this.instruments.get(instrumentId) as InstrumentTerms
    if (!isOpenAt(terms.sessions, quote.timeMs)) {
      this.exposures.revalue(instrumentId)
      return events
    }
    const book = this.books.get(instrumentId)
    // A fill can add stops the same quote already reaches: repeat until nothing fires. Closes queue
    // their accounts for a risk check: a realized loss may leave the other positions under water.
    for (
      let fired = book ? this.fire(book, quote) : [];
      fired.length > 0;
      fired = this.fire(book as TriggerBook, quote)
    )
      for (const trigger of fired) this.act(trigger, quote, events)
    // Then every account this quote moves is revalued in O(1) and queued only when near a level.
    const levels = { marginCall: this.risk.marginCallLevel, stopOut: this.risk.stopOutLevel }
    this.exposures.revalue(instrumentId, levels, this.riskQueue as Valued[])
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

  hasAccount(userId: number): boolean {
    return this.accounts.has(userId)
  }

  balance(userId: number): Money | undefined {
    return this.accounts.get(userId)?.balance
  }

  /** Every account's booked balance and held margin (for invariants and audits). */
  *accountTotals(): Generator<{ userId: number; balance: Money; usedMargin: Money; positions: number }> {
    for (const a of this.accounts.values())
      yield { userId: a.userId, balance: a.balance, usedMargin: a.usedMargin, positions: a.holding.size }
  }

  /** Current mark (exit price) and profit in USD of a position. */
  markOf(order: Order): { mark: number; profit: number } {
    const quote = this.quotes.get(order.instrumentId)
    const terms = this.instruments.get(order.instrumentId)
    if (!quote || !terms || order.status !== OrderStatus.Holding) return { mark: 0, profit: 0 }
    const mark = exitPrice(order.side, quote)
    const units = order.lots.toNumber() * Number(terms.contractSize)
    const diff = order.side === Side.Buy ? mark - order.price : order.price - mark
    return { mark, profit: diff * units * (this.rateToUsd(terms.quoteCurrency) ?? 0) }
  }

  accountView(userId: number): AccountView | undefined {
    const account = this.accounts.get(userId)
    if (!account) return undefined
    const positions = [...account.holding].map((id) => ({ id, ...this.markOf(this.orders.get(id) as Order) }))
    const profit = positions.reduce((sum, p) => sum + p.profit, 0)
    const balance = account.balance.toNumber()
    const usedMargin = account.usedMargin.toNumber()
    const equity = balance + profit
    return {
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

  /** USD per unit of `currency` at the current mid price, or undefined without a quote for it (marks). */
  private rateToUsd(currency: string): number | undefined {
    if (currency === 'USD') return 1
    const conversion = this.conversions.get(currency)
    const quote = conversion && this.quotes.get(conversion.instrumentId)
    if (!conversion || !quote) return undefined
    const mid = (quote.bid + quote.ask) / 2
    return conversion.invert ? 1 / mid : mid
  }

  /**
   * The same rate as exact money, for booked amounts (margin, profit). The float mid carries binary
   * noise (1.0 and 1.0001 give 1.0000499999999999, not 1.00005) that would tip half-cent ties the
   * wrong way; the decimal mid of the two prices does not. An inverted rate has 40 digits.
   */
  private bookedRateToUsd(currency: string): Money | undefined {
    if (currency === 'USD') return money(1)
    const conversion = this.conversions.get(currency)
    const quote = conversion && this.quotes.get(conversion.instrumentId)
    if (!conversion || !quote) return undefined
    const mid = money(quote.bid).plus(quote.ask).div(2)
    return conversion.invert ? money(1).div(mid) : mid
  }

  /** Margin = lots x contract size x price / leverage, in USD; fixed mode: lots x contract size. */
  private marginFor(
    terms: InstrumentTerms,
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

  /** Whether the account can hold `margin` more and pay `fee` with free margin left at zero or above. */
  private canAfford(account: Account, margin: Money, fee: Money): boolean {
    if (account.balance.lessThan(fee)) return false
    const free = this.exposures.freeMargin(account)
    return free - fee.toNumber() - margin.toNumber() >= -1e-9
  }

  private ownedOrder(userId: number, orderId: number): Order | undefined {
    const order = this.orders.get(orderId)
    return order && order.userId === userId ? order : undefined
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
    this.orders.set(order.id, order)
    account.pending.delete(order.id)
    this.attachPosition(account, order)
    events.push({ type: 'position_opened', order: { ...order } })
    if (!fee.isZero()) this.book(account, LedgerType.TRADE_FEE, fee.negated(), `order:${order.id}`, events)
  }

  /** Adds a holding order to its account's margin and exposure, and indexes its stops. */
  private attachPosition(account: Account, order: Order): void {
    account.holding.add(order.id)
    account.usedMargin = account.usedMargin.plus(order.margin)
    this.exposures.setMargin(account, account.usedMargin.toNumber())
    this.exposures.change(account, order.instrumentId, order.side, this.unitsOf(order), order.price, 1)
    this.indexStops(order)
  }

  private detachPosition(account: Account, order: Order): void {
    account.holding.delete(order.id)
    account.usedMargin = account.usedMargin.minus(order.margin)
    this.exposures.setMargin(account, account.usedMargin.toNumber())
    this.exposures.change(account, order.instrumentId, order.side, this.unitsOf(order), order.price, -1)
    this.orders.delete(order.id)
    this.noteStale(2)
  }

  private unitsOf(order: Order): number {
    const terms = this.instruments.get(order.instrumentId) as InstrumentTerms
    return order.lots.toNumber() * Number(terms.contractSize)
  }

  /** USD per unit of an instrument's quote currency (float, for marks). */
  private rateOf(instrumentId: number): number | undefined {
    const terms = this.instruments.get(instrumentId)
    return terms && this.rateToUsd(terms.quoteCurrency)
  }

  private queueRisk(account: Account): void {
    if (account.queued) return
    account.queued = true
    this.riskQueue.push(account)
  }

  private book(
    account: Account,
    type: LedgerTypeValue,
    amount: Money,
    ref: string,
    events: EngineEvent[],
  ): void {
    account.balance = account.balance.plus(amount)
    this.exposures.setBalance(account, account.balance.toNumber())
    events.push({
      type: 'booked',
      booking: { userId: account.userId, type, amount, balanceAfter: account.balance, ref },
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
    const terms = this.instruments.get(order.instrumentId) as InstrumentTerms
    const rate = this.bookedRateToUsd(terms.quoteCurrency)
    // A position only opens with a rate, and quotes are never forgotten: this is a broken invariant.
    if (rate === undefined) throw new Error(`no ${terms.quoteCurrency} rate to close order ${order.id}`)
    const diff = order.side === Side.Buy ? money(price).minus(order.price) : money(order.price).minus(price)
    const profit = toCents(diff.times(order.lots).times(terms.contractSize).times(rate))
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
    const shortfall = account.balance.plus(profit)
    // Negative balance protection: the house covers what the loss takes below zero, booked first so
    // that no row leaves a negative balance.
    if (shortfall.isNegative()) this.book(account, LedgerType.WRITE_OFF, shortfall.negated(), ref, events)
    if (!profit.isZero()) this.book(account, LedgerType.TRADE_PROFIT, profit, ref, events)
  }

  private cancelPending(order: Order, reason: CancelReason, nowMs: number, events: EngineEvent[]): void {
    const account = this.accounts.get(order.userId) as Account
    account.pending.delete(order.id)
    this.orders.delete(order.id)
    this.noteStale(1)
    const finished: FinishedOrder = {
      ...order,
      status: OrderStatus.Cancelled,
      closePrice: 0,
      profit: ZERO,
      closedType: 0,
      closedAtMs: nowMs,
    }
    events.push({ type: 'order_cancelled', order: finished, reason })
  }

  private bookOf(instrumentId: number): TriggerBook {
    let book = this.books.get(instrumentId)
    if (!book) {
      book = {
        bidUp: new TriggerHeap('up'),
        bidDown: new TriggerHeap('down'),
        askUp: new TriggerHeap('up'),
        askDown: new TriggerHeap('down'),
      }
      this.books.set(instrumentId, book)
    }
    return book
  }

  /**
   * A pending order fires when the price it fills at reaches its target from the side it was placed
   * on: a buy (filled at the ask) placed below the ask waits for the ask to fall to it, above for it
   * to rise; a sell likewise on the bid.
   */
  private indexEntry(order: Order): void {
    const book = this.bookOf(order.instrumentId)
    const trigger: Trigger = {
      level: order.originPrice,
      orderId: order.id,
      kind: 'entry',
      version: order.stopsVersion,
    }
    if (order.side === Side.Buy) (order.entryRises ? book.askUp : book.askDown).add(trigger)
    else (order.entryRises ? book.bidUp : book.bidDown).add(trigger)
  }

  /** A buy closes at the bid: its stop fires when the bid falls to it, its target when it rises. */
  private indexStops(order: Order): void {
    const book = this.bookOf(order.instrumentId)
    const add = (heap: TriggerHeap, level: number, kind: TriggerKind) => {
      if (level > 0) heap.add({ level, orderId: order.id, kind, version: order.stopsVersion })
    }
    if (order.side === Side.Buy) {
      add(book.bidDown, order.stopLoss, 'stop_loss')
      add(book.bidUp, order.takeProfit, 'take_profit')
    } else {
      add(book.askUp, order.stopLoss, 'stop_loss')
      add(book.askDown, order.takeProfit, 'take_profit')
    }
  }

  /** Everything the quote reaches, in order id order (the same state always fires the same way). */
  private fire(book: TriggerBook, quote: Quote): Trigger[] {
    const fired = [
      ...book.bidDown.fire(quote.bid),
      ...book.bidUp.fire(quote.bid),
      ...book.askUp.fire(quote.ask),
      ...book.askDown.fire(quote.ask),
    ]
    return fired.sort((a, b) => a.orderId - b.orderId || a.kind.localeCompare(b.kind))
  }

  /** Whether an index entry still describes its order (orders change; entries are only added). */
  private isLive(trigger: Trigger): boolean {
    const order = this.orders.get(trigger.orderId)
    if (!order || order.stopsVersion !== trigger.version) return false
    if (trigger.kind === 'entry')
      return order.status === OrderStatus.Pending && order.originPrice === trigger.level
    const level = trigger.kind === 'stop_loss' ? order.stopLoss : order.takeProfit
    return order.status === OrderStatus.Holding && level === trigger.level
  }

  private act(trigger: Trigger, quote: Quote, events: EngineEvent[]): void {
    if (!this.isLive(trigger)) return
    const order = this.orders.get(trigger.orderId) as Order
    if (trigger.kind === 'entry') return this.fillPending(order, quote, events)
    const closedType = trigger.kind === 'stop_loss' ? ClosedType.StopLoss : ClosedType.TakeProfit
    this.closePosition(order, exitPrice(order.side, quote), closedType, quote.timeMs, events)
    this.queueRisk(this.accounts.get(order.userId) as Account)
  }

  /** Counts index entries made stale; sweeps every heap once there are many. */
  private noteStale(count: number): void {
    this.staleTriggers += count
    if (this.staleTriggers < COMPACT_AFTER_STALE) return
    this.staleTriggers = 0
    for (const book of this.books.values())
      for (const heap of [book.bidUp, book.bidDown, book.askUp, book.askDown])
        heap.compact((t) => this.isLive(t))
  }

  private fillPending(order: Order, quote: Quote, events: EngineEvent[]): void {
    const account = this.accounts.get(order.userId) as Account
    const terms = this.instruments.get(order.instrumentId) as InstrumentTerms
    const price = order.side === Side.Buy ? quote.ask : quote.bid
    const rate = this.bookedRateToUsd(terms.quoteCurrency)
    const margin =
      rate === undefined ? undefined : this.marginFor(terms, order.lots, price, order.leverage, rate)
    const fee = margin && this.feeFor(terms, order.lots, margin)
    if (!margin || !fee || !this.canAfford(account, margin, fee))
      return this.cancelPending(order, 'no_margin', quote.timeMs, events)
    this.fill(account, order, price, margin, fee, quote.timeMs, events)
  }

  /** Margin call once per fall below its level; at stop-out, closes the most losing position until safe. */
  private checkRisk(account: Account, nowMs: number, events: EngineEvent[]): void {
    let level = this.exposures.level(account)
    const userId = account.userId
    if (level >= this.risk.marginCallLevel) {
      account.marginCalled = false
      return
    }
    if (level >= this.risk.stopOutLevel) {
      if (!account.marginCalled) events.push({ type: 'margin_call', userId, level })
      account.marginCalled = true
      return
    }
    events.push({ type: 'stop_out', userId, level })
    while (level < this.risk.stopOutLevel && account.holding.size > 0) {
      let worst: { order: Order; profit: number } | undefined
      for (const id of account.holding) {
        const order = this.orders.get(id) as Order
        const { profit } = this.markOf(order)
        if (!worst || profit < worst.profit) worst = { order, profit }
      }
      const order = (worst as { order: Order }).order
      const quote = this.quotes.get(order.instrumentId) as Quote
      this.closePosition(order, exitPrice(order.side, quote), ClosedType.StopOut, nowMs, events)
      level = this.exposures.level(account)
    }
    account.marginCalled = level < this.risk.marginCallLevel
  }
}

/** A usable quote: finite prices with 0 < bid <= ask. */
const isQuote = (quote: Quote) =>
  Number.isFinite(quote.bid) &&
  Number.isFinite(quote.ask) &&
  Number.isFinite(quote.timeMs) &&
  quote.bid > 0 &&
  quote.ask >= quote.bid

const reject = (reason: Rejection): CommandResult => ({ ok: false, reason })

/** The price a position closes at: a buy sells at the bid, a sell buys back at the ask. */
const exitPrice = (side: SideValue, quote: Quote) => (side === Side.Buy ? quote.bid : quote.ask)

/** Prices above this are refused: nothing trades there, and orders store prices as numeric(24, 10). */
export const MAX_PRICE = 1e12

const isPrice = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value < MAX_PRICE

/** Whether a price has no more decimals than the instrument quotes. */
const isOnGrid = (price: number, precision: number) => money(price).decimalPlaces() <= precision

/**
 * A plain decimal string: an optional minus, digits, optionally a point and digits. decimal.js alone
 * would also take "NaN", "Infinity", exponents, hexadecimal ("0x10") and digit separators ("1_0").
 */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/

/** An amount of money (at most six decimals, the ledger's scale) as exact money; undefined otherwise. */
function parseAmount(text: string): Money | undefined {
  if (!PLAIN_DECIMAL.test(text)) return undefined
  const amount = money(text)
  return amount.decimalPlaces() <= 6 ? amount : undefined
}

/** Lots within the instrument's bounds and on its step, as exact money; undefined otherwise. */
function parseLots(text: string, terms: InstrumentTerms): Money | undefined {
  if (!PLAIN_DECIMAL.test(text)) return undefined
  const lots = money(text)
  if (lots.lessThan(terms.minLots) || lots.greaterThan(terms.maxLots)) return undefined
  return lots.mod(terms.lotStep).isZero() ? lots : undefined
}

/**
 * Stops against the price a position closes at (`exit`): a buy's stop-loss below it and take-profit
 * above it, a sell's the other way round; 0 means none.
 */
function checkStops(
  side: SideValue,
  stopLoss: number,
  takeProfit: number,
  exit: number,
  precision: number,
): Rejection | undefined {
  const valid = (value: number) => value === 0 || (isPrice(value) && isOnGrid(value, precision))
  if (!valid(stopLoss)) return 'stop_loss_invalid'
  if (!valid(takeProfit)) return 'take_profit_invalid'
  const below = (value: number) => value === 0 || value < exit
  const above = (value: number) => value === 0 || value > exit
  if (!(side === Side.Buy ? below(stopLoss) : above(stopLoss))) return 'stop_loss_invalid'
  if (!(side === Side.Buy ? above(takeProfit) : below(takeProfit))) return 'take_profit_invalid'
  return undefined
}
