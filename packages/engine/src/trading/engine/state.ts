/** The engine's memory: every map and index the commands, the tick path and the bookings share. */
import type { Money } from '../money.ts'
import { ExposureBook, type Valued } from '../exposure-book.ts'
import { TriggerBooks } from '../trigger-books.ts'
import { AlertBook } from '../alert-book.ts'
import { UsdRates } from '../usd-rates.ts'
import { HouseLimits } from '../house-limits.ts'
import { markupOffsets, PriceGroups } from '../price-groups.ts'
import type { RolloversUntil } from '../swaps.ts'
import { CopyBook, DEFAULT_COPY_SETTINGS, type CopySettings } from '../copy-book.ts'
import type {
  CommandResult,
  InstrumentTerms,
  Order,
  Quote,
  Rejection,
  RejectionDetail,
  RiskSettings,
} from '../types.ts'
import { present } from './assert.ts'

/** A quote stamped later than the command's time by more than this is "in the future": refused. */
const MAX_CLOCK_SKEW_MS = 1000

export interface Account extends Valued {
  userId: number
  balance: Money
  /** Held for withdrawals: apart from the balance, so no trading loss can reach it. */
  frozen: Money
  holding: Set<number>
  pending: Set<number>
  /** A practice account: its positions are not the house's risk (they count in no net limit). */
  demo: boolean
}

/**
 * A rollover booked call after call: the instruments due (their latest rollover) and, per
 * instrument, a live iterator over its positions (a Set's iterator skips ids deleted meanwhile).
 */
export interface RolloverRun {
  due: Map<number, number>
  rollovers: Map<number, RolloversUntil>
  walks: { instrumentId: number; ids: Iterator<number> }[]
  /** The earliest next rollover of any instrument, as found when the run began. */
  next: number
}

/** A block of order ids the server reserved in its database: [next, end). */
interface IdBlock {
  next: number
  end: number
}

/**
 * All engine state, in memory. The functions of the engine's files take it as their first argument;
 * `TradingEngine` owns one and is the only way in from outside.
 */
export class EngineState {
  readonly instruments = new Map<number, InstrumentTerms>()
  readonly quotes = new Map<number, Quote>()
  /** Instruments no price source quotes now (every liquidity provider gone): closed until the next quote. */
  readonly halted = new Set<number>()
  /** For each quote currency other than USD: the instrument that prices it and whether to invert. */
  readonly rates = new UsdRates((id) => this.quotes.get(id))
  readonly accounts = new Map<number, Account>()
  readonly orders = new Map<number, Order>()
  /** Client groups and their markups: who sees which price (decision 052; setPricing in pricing.ts). */
  pricing = new PriceGroups()
  readonly triggers = new TriggerBooks(
    (id) => this.orders.get(id),
    (order) => this.accounts.get(order.userId)?.demo === true,
    (instrumentId) => this.terms(instrumentId).precision,
    (order) => this.pricing.pointsOf(order.userId, order.instrumentId),
  )
  readonly alerts = new AlertBook()
  readonly exposures = new ExposureBook<Account>(
    (id) => this.quotes.get(id),
    (id) => this.instruments.get(id)?.quoteCurrency,
    (currency) => this.rates.mark(currency),
    (account, instrumentId) =>
      markupOffsets(this.pricing.pointsOf(account.userId, instrumentId), this.terms(instrumentId).precision),
  )
  /** The real clients' net lots per instrument, against the house's limits. */
  readonly house = new HouseLimits()
  /** Order ids granted by the server, oldest block first. */
  idBlocks: IdBlock[] = []
  /** Demo accounts' positions that had a trailing stop when set (pruned when counted): DEMO_LIMITS. */
  readonly demoTrailing = new Set<number>()
  /** Demo accounts' alerts as added (pruned when counted): DEMO_LIMITS. */
  readonly demoAlerts = new Set<number>()
  /** The demo accounts, whose live orders together DEMO_LIMITS.liveOrdersTotal bounds. */
  readonly demoAccounts = new Set<Account>()
  /** The open positions of each instrument (ids): a rollover walks only those of the instruments due. */
  readonly positionsOf = new Map<number, Set<number>>()
  /** Per instrument: the latest rollover every position of it has been charged at. */
  readonly rolledThrough = new Map<number, number>()
  /** No rollover of any instrument is due before this instant (0: look again). */
  nextRolloverMs = 0
  /** A rollover being booked over several calls (rollover.ts), or none. */
  rolloverRun: RolloverRun | undefined = undefined
  /** Who follows whom, and which positions copy which (decision 053; mirror.ts). */
  readonly copies = new CopyBook()
  copySettings: CopySettings = DEFAULT_COPY_SETTINGS

  constructor(public risk: RiskSettings) {}

  /** The account of a live order or of a queued check: the engine registered it first. */
  account(userId: number): Account {
    return present(this.accounts.get(userId), `no account ${userId}`)
  }

  /** A live order the caller found in an index or an account's sets (its trailed stop as it is now). */
  order(orderId: number): Order {
    return this.current(present(this.orders.get(orderId), `no live order ${orderId}`))
  }

  /**
   * The order with its stop-loss brought up to date: a trailed stop is its trailing group's
   * (trailing-groups.ts), written into the order only when someone reads it.
   */
  current(order: Order): Order {
    const trailed = this.triggers.trailedStopOf(order)
    if (trailed !== undefined) order.stopLoss = trailed
    return order
  }

  /** The terms of an instrument the engine trades (a caller that holds one of its orders knows it exists). */
  terms(instrumentId: number): InstrumentTerms {
    return present(this.instruments.get(instrumentId), `no instrument ${instrumentId}`)
  }

  isFresh(quote: Quote, nowMs: number): boolean {
    return nowMs - quote.timeMs <= this.risk.maxQuoteAgeMs && quote.timeMs <= nowMs + MAX_CLOCK_SKEW_MS
  }

  /**
   * The quote of an instrument as `userId` trades it (the house's, widened by the user's client
   * group's markup) if its market is live at `nowMs` (open, quoted and fresh); else why not.
   */
  liveQuote(instrumentId: number, nowMs: number, userId: number): Quote | 'market_closed' | 'quote_stale' {
    if (!this.terms(instrumentId).calendar.isOpenAt(nowMs) || this.halted.has(instrumentId))
      return 'market_closed'
    const quote = this.quotes.get(instrumentId)
    return quote && this.isFresh(quote, nowMs) ? this.quoteFor(userId, instrumentId, quote) : 'quote_stale'
  }

  /** A quote of the instrument as `userId` sees it: the one home of "which price is this client's". */
  quoteFor(userId: number, instrumentId: number, quote: Quote): Quote {
    return this.pricing.quoteFor(userId, instrumentId, quote, this.terms(instrumentId).precision)
  }

  /** How many granted ids are left. */
  idsLeft(): number {
    return this.idBlocks.reduce((sum, block) => sum + block.end - block.next, 0)
  }

  takeOrderId(): number {
    // The server grants ids before it runs commands: running out is a bug, not a refusal.
    const block = present(this.idBlocks[0], 'no order ids granted')
    const id = block.next++
    if (block.next === block.end) this.idBlocks.shift()
    return id
  }

  /** An order of the user's, or undefined (another user's order is as good as none). */
  ownedOrder(userId: number, orderId: number): Order | undefined {
    const order = this.orders.get(orderId)
    return order && order.userId === userId ? this.current(order) : undefined
  }

  /** Queues an account for a margin-call and stop-out check before the tick being applied returns. */
  queueRisk(account: Account): void {
    this.exposures.queue(account)
  }
}

export const reject = (reason: Rejection, detail?: RejectionDetail): CommandResult =>
  detail ? { ok: false, reason, detail } : { ok: false, reason }
