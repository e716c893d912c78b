import {
  MsgType,
  type IJsFixConfig,
  type IMarketDataIncrementalRefresh,
  type IMarketDataRequest,
  type IMarketDataRequestReject,
  type IMarketDataSnapshotFullRefresh,
  type IExecutionReport,
  type INewOrderSingle,
  type IOrderStatusRequest,
  type MsgView,
} from './jspurefix.ts'
import type { Depth } from '../market/market-data.ts'
import { PeerSession } from './peer-session.ts'

/** What a test provider's session asks of the provider it belongs to. */
export interface ProviderDesk {
  /** The symbol's quote now, or undefined when the provider does not quote it (unknown or told to refuse it). */
  quoteOf(symbol: string): { bid: number; ask: number } | undefined
  /** The symbol's book of `levels` levels a side around its quote now, best first. */
  bookOf(symbol: string, levels: number): Depth | undefined
  /** A NewOrderSingle: the execution reports to send back, in order (none when told to lose them). */
  order(request: INewOrderSingle): Partial<IExecutionReport>[]
  /** An OrderStatusRequest: the order's state now (an unknown order says so). */
  orderStatus(request: IOrderStatusRequest): Partial<IExecutionReport>
  /** The client's user name and password on logon: true lets it in. */
  admits(user: string, password: string): boolean
  opened(session: ProviderSession): void
  closed(session: ProviderSession): void
  problem(message: string, fields: Record<string, unknown>): void
}

/**
 * A test provider's side of one client's connection (the FIX acceptor): answers MarketDataRequests
 * with a snapshot and streams incremental refreshes of the symbols asked for, fills orders and
 * answers status requests (the desk decides how: test-provider-orders.ts), and can be made to
 * misbehave the way real providers do (test-provider.ts).
 */
export class ProviderSession extends PeerSession {
  /** Symbol → the MDReqIDs it is subscribed under, with the levels of depth each asked for (1: top of book, incremental). */
  private readonly subscriptions = new Map<string, Map<string, number>>()

  constructor(
    config: IJsFixConfig,
    private readonly desk: ProviderDesk,
  ) {
    super(config)
  }

  /** Sends a refresh of the symbol's quote to every subscription of it. */
  quote(symbol: string, bid: number, ask: number): void {
    const ids = this.subscriptions.get(symbol)
    if (!ids) return
    for (const [id, levels] of ids) {
      if (levels > 1) {
        this.snapshot(id, symbol, levels)
        continue
      }
      const refresh: Partial<IMarketDataIncrementalRefresh> = {
        MDReqID: id,
        MDIncGrp: [
          { MDUpdateAction: '1', MDEntryType: '0', MDEntryPx: bid, Instrument: { Symbol: symbol } },
          { MDUpdateAction: '1', MDEntryType: '1', MDEntryPx: ask, Instrument: { Symbol: symbol } },
        ],
      }
      this.send(MsgType.MarketDataIncrementalRefresh, refresh)
    }
  }

  /** The next message goes out `count` sequence numbers later than it should (the client must ask for the rest). */
  skipSequence(count: number): void {
    const transmitter = this.transport?.transmitter as { msgSeqNum: number } | undefined
    if (transmitter) transmitter.msgSeqNum += count
  }

  /** Drops the connection with no logout, as a network failure would. */
  cut(): void {
    const duplex = this.transport?.duplex as { destroy?: () => void } | undefined
    duplex?.destroy?.()
  }

  protected override onLogon(_view: MsgView, user: string, password: string): boolean {
    return this.desk.admits(user ?? '', password ?? '')
  }

  protected override onReady(): void {
    this.desk.opened(this)
  }

  protected override onStopped(): void {
    this.subscriptions.clear()
    this.desk.closed(this)
  }

  protected override onApplicationMsg(msgType: string, view: MsgView): void {
    try {
      if (msgType === MsgType.MarketDataRequest) this.onRequest(view.toObject() as IMarketDataRequest)
      else if (msgType === MsgType.NewOrderSingle)
        for (const report of this.desk.order(view.toObject() as INewOrderSingle))
          this.send(MsgType.ExecutionReport, report)
      else if (msgType === MsgType.OrderStatusRequest)
        this.send(MsgType.ExecutionReport, this.desk.orderStatus(view.toObject() as IOrderStatusRequest))
      else this.desk.problem('the test provider ignores this message', { msgType })
    } catch (error) {
      this.desk.problem('test provider: a message failed', { msgType, error: (error as Error).message })
    }
  }

  private onRequest(request: IMarketDataRequest): void {
    const symbols = (request.InstrmtMDReqGrp ?? []).map((g) => g.Instrument?.Symbol ?? '')
    if (request.SubscriptionRequestType === '2') {
      for (const symbol of symbols) this.subscriptions.get(symbol)?.delete(request.MDReqID)
      return
    }
    for (const symbol of symbols) {
      const quote = this.desk.quoteOf(symbol)
      if (!quote) {
        const reject: Partial<IMarketDataRequestReject> = {
          MDReqID: request.MDReqID,
          MDReqRejReason: '0',
          Text: `unknown symbol ${symbol}`,
        }
        this.send(MsgType.MarketDataRequestReject, reject)
        continue
      }
      // Depth beyond the top comes as full refreshes (MDUpdateType 0), as the client asked.
      const levels =
        request.MarketDepth > 1 && request.MDUpdateType === 0 ? Math.min(request.MarketDepth, 20) : 1
      if (request.SubscriptionRequestType === '1') {
        const ids = this.subscriptions.get(symbol) ?? new Map<string, number>()
        ids.set(request.MDReqID, levels)
        this.subscriptions.set(symbol, ids)
      }
      this.snapshot(request.MDReqID, symbol, levels)
    }
  }

  private snapshot(id: string, symbol: string, levels: number): void {
    const book = this.desk.bookOf(symbol, levels)
    if (!book) return
    const snapshot: Partial<IMarketDataSnapshotFullRefresh> = {
      MDReqID: id,
      Instrument: { Symbol: symbol },
      MDFullGrp: [
        ...book.bids.map(([price, size]) => ({ MDEntryType: '0', MDEntryPx: price, MDEntrySize: size })),
        ...book.asks.map(([price, size]) => ({ MDEntryType: '1', MDEntryPx: price, MDEntrySize: size })),
      ],
    }
    this.send(MsgType.MarketDataSnapshotFullRefresh, snapshot)
  }
}
