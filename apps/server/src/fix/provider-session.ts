import {
  MsgType,
  type IJsFixConfig,
  type IMarketDataIncrementalRefresh,
  type IMarketDataRequest,
  type IMarketDataRequestReject,
  type IMarketDataSnapshotFullRefresh,
  type MsgView,
} from './jspurefix.ts'
import { PeerSession } from './peer-session.ts'

/** What a test provider's session asks of the provider it belongs to. */
export interface ProviderDesk {
  /** The symbol's quote now, or undefined when the provider does not quote it (unknown or told to refuse it). */
  quoteOf(symbol: string): { bid: number; ask: number } | undefined
  /** The client's user name and password on logon: true lets it in. */
  admits(user: string, password: string): boolean
  opened(session: ProviderSession): void
  closed(session: ProviderSession): void
  problem(message: string, fields: Record<string, unknown>): void
}

/**
 * A test provider's side of one client's connection (the FIX acceptor): answers MarketDataRequests
 * with a snapshot and streams incremental refreshes of the symbols asked for, and can be made to
 * misbehave the way real providers do (test-provider.ts).
 */
export class ProviderSession extends PeerSession {
  /** Symbol → the MDReqIDs it is subscribed under. */
  private readonly subscriptions = new Map<string, Set<string>>()

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
    for (const id of ids) {
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
      if (request.SubscriptionRequestType === '1') {
        const ids = this.subscriptions.get(symbol) ?? new Set<string>()
        ids.add(request.MDReqID)
        this.subscriptions.set(symbol, ids)
      }
      const snapshot: Partial<IMarketDataSnapshotFullRefresh> = {
        MDReqID: request.MDReqID,
        Instrument: { Symbol: symbol },
        MDFullGrp: [
          { MDEntryType: '0', MDEntryPx: quote.bid },
          { MDEntryType: '1', MDEntryPx: quote.ask },
        ],
      }
      this.send(MsgType.MarketDataSnapshotFullRefresh, snapshot)
    }
  }
}
