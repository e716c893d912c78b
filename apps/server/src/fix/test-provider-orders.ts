import type { IExecutionReport, INewOrderSingle, IOrderStatusRequest } from './jspurefix.ts'

/** How the test provider answers the next orders: fill them whole, fill half and cancel the rest, or reject them. */
export type FillMode = 'fill' | 'partial' | 'reject'

interface TestOrder {
  orderId: string
  clOrdId: string
  symbol: string
  side: string
  quantity: number
  filled: number
  averagePrice: number
  /** FIX OrdStatus: 2 filled, 4 cancelled, 8 rejected. */
  status: string
}

/** A test provider's order that was filled (what a test checks the platform booked). */
export interface TestFill {
  clOrdId: string
  symbol: string
  side: 'buy' | 'sell'
  quantity: number
  price: number
}

/**
 * The test provider's orders (issue 28): market orders, immediate or cancel, filled at its own quote
 * (a buy at the ask), half filled and the rest cancelled, or rejected, as it is told. A ClOrdID it
 * already has is refused as a duplicate (a real provider does the same): a client that sends an
 * order again must ask its status first. It can be told to lose its next reports, as a cut
 * connection would.
 */
export class TestOrderDesk {
  private readonly orders = new Map<string, TestOrder>()
  private readonly fills: TestFill[] = []
  private mode: FillMode = 'fill'
  private toLose = 0
  private execs = 0

  constructor(
    private readonly quoteOf: (symbol: string) => { bid: number; ask: number } | undefined,
    private readonly clock: () => number,
  ) {}

  setMode(mode: FillMode): void {
    this.mode = mode
  }

  /** The next `count` reports are not sent (the orders are filled all the same). */
  loseReports(count: number): void {
    this.toLose = count
  }

  filled(): readonly TestFill[] {
    return this.fills
  }

  order(request: INewOrderSingle): Partial<IExecutionReport>[] {
    const symbol = request.Instrument?.Symbol ?? ''
    const quantity = Number(request.OrderQtyData?.OrderQty ?? 0)
    if (this.orders.has(request.ClOrdID))
      return this.lost([
        this.rejectOf(request.ClOrdID, symbol, request.Side, quantity, 'duplicate ClOrdID', 6),
      ])
    const order: TestOrder = {
      orderId: `T${this.orders.size + 1}`,
      clOrdId: request.ClOrdID,
      symbol,
      side: request.Side,
      quantity,
      filled: 0,
      averagePrice: 0,
      status: '8',
    }
    this.orders.set(order.clOrdId, order)
    const quote = this.quoteOf(symbol)
    if (!quote || !(quantity > 0) || this.mode === 'reject')
      return this.lost([
        this.report(order, '8', {
          Text: quote ? 'no liquidity' : `unknown symbol ${symbol}`,
          OrdRejReason: 0,
        }),
      ])
    const price = request.Side === '1' ? quote.ask : quote.bid
    const part = this.mode === 'partial' ? Number((quantity / 2).toFixed(6)) : quantity
    const reports: Partial<IExecutionReport>[] = []
    if (part > 0) {
      order.filled = part
      order.averagePrice = price
      order.status = part === quantity ? '2' : '1'
      this.fills.push({
        clOrdId: order.clOrdId,
        symbol,
        side: request.Side === '1' ? 'buy' : 'sell',
        quantity: part,
        price,
      })
      reports.push(this.report(order, 'F', { LastQty: part, LastPx: price }))
    }
    if (order.filled < quantity) {
      order.status = '4'
      reports.push(this.report(order, '4', { Text: 'the rest could not be filled' }))
    }
    return this.lost(reports)
  }

  orderStatus(request: IOrderStatusRequest): Partial<IExecutionReport> {
    const order = this.orders.get(request.ClOrdID)
    if (!order)
      return this.rejectOf(
        request.ClOrdID,
        request.Instrument?.Symbol ?? '',
        request.Side,
        0,
        'unknown order',
        5,
        'I',
      )
    return this.report(order, 'I', {})
  }

  private lost(reports: Partial<IExecutionReport>[]): Partial<IExecutionReport>[] {
    const dropped = Math.min(this.toLose, reports.length)
    this.toLose -= dropped
    return reports.slice(dropped)
  }

  private report(
    order: TestOrder,
    execType: string,
    extra: Partial<IExecutionReport>,
  ): Partial<IExecutionReport> {
    return {
      OrderID: order.orderId,
      ClOrdID: order.clOrdId,
      ExecID: `E${++this.execs}`,
      ExecType: execType,
      OrdStatus: order.status,
      Instrument: { Symbol: order.symbol },
      Side: order.side,
      OrderQtyData: { OrderQty: order.quantity },
      LeavesQty: order.status === '1' ? order.quantity - order.filled : 0,
      CumQty: order.filled,
      AvgPx: order.averagePrice,
      TransactTime: new Date(this.clock()),
      ...extra,
    }
  }

  private rejectOf(
    clOrdId: string,
    symbol: string,
    side: string,
    quantity: number,
    text: string,
    reason: number,
    execType = '8',
  ): Partial<IExecutionReport> {
    return {
      OrderID: 'NONE',
      ClOrdID: clOrdId,
      ExecID: `E${++this.execs}`,
      ExecType: execType,
      OrdStatus: '8',
      OrdRejReason: reason,
      Instrument: { Symbol: symbol },
      Side: side,
      OrderQtyData: { OrderQty: quantity },
      LeavesQty: 0,
      CumQty: 0,
      AvgPx: 0,
      Text: text,
      TransactTime: new Date(this.clock()),
    }
  }
}
