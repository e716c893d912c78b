import {
  MsgTag,
  MsgType,
  type IJsFixConfig,
  type IMarketDataIncrementalRefresh,
  type IMarketDataRequest,
  type IMarketDataRequestReject,
  type IMarketDataSnapshotFullRefresh,
  type IMDIncGrp,
  type MsgView,
} from './jspurefix.ts'
import type { Depth } from '../market/market-data.ts'
import { InitiatorSession, type InitiatorEvents } from './initiator-session.ts'

/** What a price session tells its owner. Every call is guarded: nothing of the owner's can end the session. */
export interface PriceSessionEvents extends InitiatorEvents {
  /** Logged on; the subscriptions are sent. */
  ready(): void
  /**
   * A provider symbol's top of book after a message, with the message's SendingTime, and its book
   * when the session asks for depth (levels best first, as the provider sent them).
   */
  quote(symbol: string, bid: number, ask: number, sentMs: number, depth?: Depth): void
  /** A market data message arrived (a sign of life, even when it moved no price). */
  heard(): void
  /** The provider will not quote a symbol (MarketDataRequestReject, or its entries deleted). */
  withdrawn(symbol: string, reason: string): void
}

// FIX 4.4 values used here (tag 263, 269, 279).
const SNAPSHOT_AND_UPDATES = '1'
const UNSUBSCRIBE = '2'
const BID = '0'
const OFFER = '1'
const NEW = '0'
const CHANGE = '1'
const DELETE = '2'
const FULL_REFRESH = 0
const INCREMENTAL = 1

interface Book {
  bid?: number
  ask?: number
  depth?: Depth
}

/**
 * One provider's price session, as a FIX 4.4 initiator (decision 050): on every logon it asks for
 * each symbol's top of book (MarketDataRequest, snapshot and incremental updates, one MDReqID per
 * symbol so a refusal names one symbol), folds snapshots (W) and incremental refreshes (X) into each
 * symbol's bid and ask, and reports a quote when both are known. A sequence gap asks for every
 * snapshot again (a price in the gap is never re-applied: a re-sent, PossDup price is old by then).
 */
export class PriceSession extends InitiatorSession {
  private readonly books = new Map<string, Book>()
  /** MDReqID → symbol of the current subscriptions (older ids' messages are ignored). */
  private readonly requests = new Map<string, string>()
  private round = 0

  constructor(
    config: IJsFixConfig,
    private readonly symbols: readonly string[],
    private readonly events: PriceSessionEvents,
    /** Levels of depth asked for: 1 is the top of book, updated incrementally; more come as full refreshes. */
    private readonly depth = 1,
  ) {
    super(config, events, 'price session')
  }

  protected override onReady(): void {
    this.guard('ready', () => {
      this.requestAll()
      this.events.ready()
    })
  }

  protected override onApplicationMsg(msgType: string, view: MsgView): void {
    this.guard('message', () => {
      // A re-sent price is old by the time it arrives again: the snapshot asked for after the gap has
      // the current one.
      if (view.getTyped(MsgTag.PossDupFlag) === true) return
      switch (msgType) {
        case MsgType.MarketDataSnapshotFullRefresh:
          return this.onSnapshot(view.toObject() as IMarketDataSnapshotFullRefresh, this.sentMs(view))
        case MsgType.MarketDataIncrementalRefresh:
          return this.onIncrement(view.toObject() as IMarketDataIncrementalRefresh, this.sentMs(view))
        case MsgType.MarketDataRequestReject:
          return this.onReject(view.toObject() as IMarketDataRequestReject)
        default:
          this.events.problem('unexpected message from a price session', { msgType })
      }
    })
  }

  protected override sendResendRequest(lastSeq: number, receivedSeq: number): void {
    super.sendResendRequest(lastSeq, receivedSeq)
    // Prices in the gap are lost (providers gap-fill market data): every snapshot again.
    setImmediate(() => this.guard('resubscribe', () => this.requestAll()))
  }

  private requestAll(): void {
    const previous = [...this.requests.keys()]
    this.requests.clear()
    this.books.clear()
    for (const id of previous) this.send(MsgType.MarketDataRequest, this.request(id, UNSUBSCRIBE))
    this.round++
    for (const symbol of this.symbols) {
      const id = `${symbol}:${this.round}`
      this.requests.set(id, symbol)
      this.send(MsgType.MarketDataRequest, this.request(id, SNAPSHOT_AND_UPDATES))
    }
  }

  private request(id: string, type: string): Partial<IMarketDataRequest> {
    const symbol = id.slice(0, id.lastIndexOf(':'))
    return {
      MDReqID: id,
      SubscriptionRequestType: type,
      MarketDepth: this.depth,
      MDUpdateType: this.depth > 1 ? FULL_REFRESH : INCREMENTAL,
      MDReqGrp: [{ MDEntryType: BID }, { MDEntryType: OFFER }],
      InstrmtMDReqGrp: [{ Instrument: { Symbol: symbol } }],
    }
  }

  private onSnapshot(message: IMarketDataSnapshotFullRefresh, sentMs: number): void {
    const symbol = this.symbolOf(message.MDReqID, message.Instrument?.Symbol)
    if (!symbol) return
    this.events.heard()
    const levels: Depth = { bids: [], asks: [] }
    for (const entry of message.MDFullGrp ?? []) {
      const price = this.priceOf(entry.MDEntryType, entry.MDEntryPx, symbol)
      if (price === undefined) continue
      ;(entry.MDEntryType === BID ? levels.bids : levels.asks).push([price, entry.MDEntrySize ?? 0])
    }
    levels.bids.sort((a, b) => b[0] - a[0])
    levels.asks.sort((a, b) => a[0] - b[0])
    const book: Book = { bid: levels.bids[0]?.[0], ask: levels.asks[0]?.[0] }
    if (this.depth > 1)
      book.depth = { bids: levels.bids.slice(0, this.depth), asks: levels.asks.slice(0, this.depth) }
    this.books.set(symbol, book)
    this.report(symbol, book, sentMs)
  }

  private onIncrement(message: IMarketDataIncrementalRefresh, sentMs: number): void {
    this.events.heard()
    const touched = new Set<string>()
    for (const entry of message.MDIncGrp ?? []) {
      const symbol = this.symbolOf(message.MDReqID, entry.Instrument?.Symbol)
      if (!symbol) continue
      const book = this.books.get(symbol) ?? {}
      this.books.set(symbol, book)
      if (this.applyIncrement(book, entry, symbol)) touched.add(symbol)
    }
    for (const symbol of touched) this.report(symbol, this.books.get(symbol) as Book, sentMs)
  }

  private applyIncrement(book: Book, entry: IMDIncGrp, symbol: string): boolean {
    if (entry.MDUpdateAction === DELETE) {
      if (entry.MDEntryType === BID) delete book.bid
      else if (entry.MDEntryType === OFFER) delete book.ask
      else return false
      this.events.withdrawn(symbol, 'entry deleted')
      return false
    }
    if (entry.MDUpdateAction !== NEW && entry.MDUpdateAction !== CHANGE) return false
    const price = this.priceOf(entry.MDEntryType, entry.MDEntryPx, symbol)
    if (price === undefined) return false
    if (entry.MDEntryType === BID) book.bid = price
    else book.ask = price
    // A change of the top makes a book from the last full refresh wrong: it is dropped.
    delete book.depth
    return true
  }

  /** A bid's or an offer's price; undefined for another entry type, or one without a usable price. */
  private priceOf(type: string | undefined, price: number | undefined, symbol: string): number | undefined {
    if (type !== BID && type !== OFFER) return undefined
    if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) {
      this.events.problem('a price entry without a usable price', { symbol, type })
      return undefined
    }
    return price
  }

  private report(symbol: string, book: Book, sentMs: number): void {
    if (book.bid !== undefined && book.ask !== undefined)
      this.events.quote(symbol, book.bid, book.ask, sentMs, book.depth)
  }

  private onReject(message: IMarketDataRequestReject): void {
    const symbol = this.requests.get(message.MDReqID)
    if (!symbol) return
    this.requests.delete(message.MDReqID)
    this.books.delete(symbol)
    this.events.withdrawn(symbol, message.Text ?? `refused (${message.MDReqRejReason ?? 'no reason'})`)
  }

  /** The symbol an entry is of: its own Instrument, else its subscription's; undefined for an old or unknown subscription. */
  private symbolOf(requestId: string | undefined, symbol: string | undefined): string | undefined {
    if (requestId !== undefined) {
      const subscribed = this.requests.get(requestId)
      if (!subscribed) return undefined
      return symbol ?? subscribed
    }
    return symbol && this.symbols.includes(symbol) ? symbol : undefined
  }

  private sentMs(view: MsgView): number {
    const sent = view.getTyped(MsgTag.SendingTime)
    return sent instanceof Date ? sent.getTime() : Number.NaN
  }
}
