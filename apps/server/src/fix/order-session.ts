import {
  MsgType,
  type IBusinessMessageReject,
  type IExecutionReport,
  type IJsFixConfig,
  type INewOrderSingle,
  type IOrderStatusRequest,
  type MsgView,
} from './jspurefix.ts'
import type { Execution, OrderTicket } from '../hedging/hedge-venue.ts'
import { InitiatorSession, type InitiatorEvents } from './initiator-session.ts'

/** What an order session tells its owner. Every call is guarded: nothing of the owner's can end the session. */
export interface OrderSessionEvents extends InitiatorEvents {
  /** Logged on: orders can be sent. */
  ready(): void
  /** A sequence gap: the messages in it are gone (a gap is filled, not replayed), reports among them. */
  gap(): void
  execution(report: Execution): void
  /** A business reject of one of our messages (a ClOrdID when the provider names one). */
  refused(clOrdId: string | undefined, reason: string): void
}

// FIX 4.4 values (tags 54, 40, 59, 21, 150, 39, 103).
const SIDE = { buy: '1', sell: '2' } as const
const MARKET = '1'
const IMMEDIATE_OR_CANCEL = '3'
const AUTOMATED = '1'
const EXEC_NEW = '0'
const EXEC_TRADE = 'F'
const EXEC_STATUS = 'I'
const EXEC_PARTIAL_FILL_42 = '1'
const EXEC_FILL_42 = '2'
const UNKNOWN_ORDER = 5
const DUPLICATE_ORDER = 6
const FINAL: Record<string, Execution['final']> = {
  '2': 'filled',
  '8': 'rejected',
  '4': 'cancelled',
  C: 'cancelled',
  '3': 'cancelled',
}

/**
 * One provider's order session, as a FIX 4.4 initiator (decision 051): sends hedge orders as
 * NewOrderSingle (market, immediate or cancel), asks for an order's status (OrderStatusRequest) and
 * reports every ExecutionReport. Reports sent again (PossDup) are reported too: a fill is booked
 * once by its ExecID, never dropped.
 */
export class OrderSession extends InitiatorSession {
  constructor(
    config: IJsFixConfig,
    private readonly events: OrderSessionEvents,
    private readonly now: () => number,
  ) {
    super(config, events, 'order session')
  }

  place(ticket: OrderTicket): void {
    const order: Partial<INewOrderSingle> = {
      ClOrdID: ticket.clOrdId,
      HandlInst: AUTOMATED,
      Instrument: { Symbol: ticket.symbol },
      Side: SIDE[ticket.side],
      TransactTime: new Date(this.now()),
      OrderQtyData: { OrderQty: ticket.quantity },
      OrdType: MARKET,
      TimeInForce: IMMEDIATE_OR_CANCEL,
    }
    this.send(MsgType.NewOrderSingle, order)
  }

  askStatus(ticket: OrderTicket): void {
    const request: Partial<IOrderStatusRequest> = {
      ClOrdID: ticket.clOrdId,
      Instrument: { Symbol: ticket.symbol },
      Side: SIDE[ticket.side],
    }
    this.send(MsgType.OrderStatusRequest, request)
  }

  protected override onReady(): void {
    this.guard('ready', () => this.events.ready())
  }

  protected override onApplicationMsg(msgType: string, view: MsgView): void {
    this.guard('message', () => {
      switch (msgType) {
        case MsgType.ExecutionReport:
          return this.onReport(view.toObject() as IExecutionReport)
        case MsgType.BusinessMessageReject: {
          const reject = view.toObject() as IBusinessMessageReject
          const reason = reject.Text ?? `business reject ${reject.BusinessRejectReason}`
          // A refused NewOrderSingle is a rejected order (nothing filled); a refused status request is only said.
          if (reject.RefMsgType === MsgType.NewOrderSingle && reject.BusinessRejectRefID)
            return this.events.execution({
              clOrdId: reject.BusinessRejectRefID,
              final: 'rejected',
              filledQuantity: 0,
              averagePrice: 0,
              reason,
            })
          return this.events.refused(reject.BusinessRejectRefID, reason)
        }
        default:
          this.events.problem('unexpected message from an order session', { msgType })
      }
    })
  }

  protected override sendResendRequest(lastSeq: number, receivedSeq: number): void {
    super.sendResendRequest(lastSeq, receivedSeq)
    setImmediate(() => this.guard('gap', () => this.events.gap()))
  }

  private onReport(report: IExecutionReport): void {
    const clOrdId = report.ClOrdID
    if (!clOrdId) {
      this.events.problem('an execution report without a ClOrdID', { execId: report.ExecID })
      return
    }
    const execution: Execution = {
      clOrdId,
      // Missing (a provider that leaves out a required field): the owner counts the report's own trade.
      filledQuantity: report.CumQty === undefined ? Number.NaN : Number(report.CumQty),
      averagePrice: Number(report.AvgPx ?? 0),
      reason: report.Text ?? '',
      ...(report.Side === SIDE.buy && { side: 'buy' as const }),
      ...(report.Side === SIDE.sell && { side: 'sell' as const }),
      ...(report.Instrument?.Symbol && { symbol: report.Instrument.Symbol }),
    }
    const trade =
      report.ExecType === EXEC_TRADE ||
      report.ExecType === EXEC_PARTIAL_FILL_42 ||
      report.ExecType === EXEC_FILL_42
    if (trade) {
      const quantity = Number(report.LastQty)
      const price = Number(report.LastPx)
      // Without a usable trade the report's totals and status still count.
      if (quantity > 0 && price > 0) execution.fill = { execId: report.ExecID, quantity, price }
      else
        this.events.problem('a fill without a usable quantity or price', { clOrdId, execId: report.ExecID })
    }
    if (report.ExecType === EXEC_STATUS && report.OrdRejReason === UNKNOWN_ORDER) execution.unknown = true
    else if (report.OrdRejReason === DUPLICATE_ORDER) execution.duplicate = true
    else {
      const final = FINAL[report.OrdStatus]
      if (final) execution.final = final
      else if (report.ExecType === EXEC_NEW || report.ExecType === EXEC_STATUS || trade)
        execution.working = true
    }
    this.events.execution(execution)
  }
}
