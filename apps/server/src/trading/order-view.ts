import {
  OrderStatus,
  PendingType,
  Side,
  pendingTypeOf,
  type ForexTradeMessage,
  type Instrument,
  type LanguageCode,
  type TransOrder,
} from '@tp/contracts'
import type { AccountView, Order, TradingEngine } from '@tp/engine'
import type { MarketData } from '../market/market-data.ts'
import { asStored, type StoredOrder } from './stored-orders.ts'

/** Orders that are, or were until they ended without filling, pending orders. */
const WAS_PENDING = new Set<number>([OrderStatus.Pending, OrderStatus.Cancelled, OrderStatus.Expired])

/** "YYYY-MM-DD HH:mm:ss" in UTC, or "" for no time. */
export function wireTime(ms: number): string {
  return ms ? new Date(ms).toISOString().slice(0, 19).replace('T', ' ') : ''
}

/** A float mark as 6-decimal money text (never "-0.000000"). */
export function markText(value: number): string {
  const text = value.toFixed(6)
  return text === '-0.000000' ? '0.000000' : text
}

/**
 * An order as `my_deal` shows it. A holding order carries its live mark, profit and margin (margin
 * follows the market; `OriginCautionMoney` is what it took at open); a pending one the price it
 * would fill at now and the margin it will take at its target; a finished one its close price and
 * booked profit. Its instrument's `NameShowTrans` is in `lang` when the caller has one.
 */
export function transOrder(
  order: StoredOrder,
  engine: TradingEngine,
  market: MarketData,
  nowMs: number,
  lang?: LanguageCode,
): TransOrder {
  const def = market.instrument(order.instrumentId)
  // The client's own quote (its group's markup), the one its pending order waits on.
  const quote = engine.quoteFor(order.userId, order.instrumentId)
  let updatePrice = order.closePrice
  let profit = order.profit.toFixed(6)
  let margin = order.margin.toFixed(6)
  if (order.status === OrderStatus.Holding) {
    const mark = engine.markOf(order)
    updatePrice = mark.mark
    profit = markText(mark.profit)
    margin = markText(mark.margin)
  } else if (order.status === OrderStatus.Pending) {
    updatePrice = quote ? (order.side === Side.Buy ? quote.ask : quote.bid) : 0
  }
  return {
    Id: order.id,
    UserId: order.userId,
    ForexId: order.instrumentId,
    OrderType: order.side,
    Quantity: order.lots.toNumber(),
    Price: order.price,
    OriginPrice: order.originPrice,
    UpdatePrice: updatePrice,
    Status: order.status,
    Multiple: order.leverage,
    CautionMoney: margin,
    OriginCautionMoney: order.margin.toFixed(6),
    FactProfits: profit,
    TradeFee: order.fee.toFixed(6),
    TargetProfitPrice: order.takeProfit,
    TargetLossPrice: order.stopLoss,
    ClosedType: order.closedType,
    CloseById: order.closedById,
    CreateTimeHandler: wireTime(order.placedAtMs),
    CompleteTimeHandler: wireTime(order.closedAtMs),
    CompleteTime: wireTime(order.closedAtMs),
    ForexContNum: Number(order.contractSize),
    ExpireTimeHandler: wireTime(order.expiresAtMs),
    PendingType: WAS_PENDING.has(order.status)
      ? pendingTypeOf(order.side, order.entryRises)
      : PendingType.None,
    TrailingStop: order.trailingPoints,
    Swap: order.swap.toFixed(6),
    FollowId: order.followId,
    // Disabled instruments stay in the market (priced, but out of the lists): absent only for a deleted row.
    // The instrument at the client's own price, as the row's UpdatePrice (decision 052).
    ForexTradeLists: (def && market.view(def, nowMs, lang, engine.clientGroupOf(order.userId))) as Instrument,
  }
}

/** Margin level in percent to 2 decimals (`HazardRate`, `hazard_rate`); null with no margin used. */
export const marginLevelPercent = (view: AccountView): number | null =>
  Number.isFinite(view.marginLevel) ? Math.round(view.marginLevel * 100) / 100 : null

/** The margin the orders took when they opened, summed (`OriginCautionMoneyTotal`). */
export const originMargin = (orders: readonly Order[]): number =>
  orders.reduce((sum, o) => sum + o.margin.toNumber(), 0)

/**
 * The `FOREX_TRADE` message of an account now: its marks, and each open position as a whole order,
 * as `my_deal` lists it (docs/wire.md: some clients replace their rows with these items).
 */
export function forexTradeMessage(
  view: AccountView,
  engine: TradingEngine,
  market: MarketData,
  nowMs: number,
): ForexTradeMessage {
  const positions = engine.ordersOf(view.userId).filter((o) => o.status === OrderStatus.Holding)
  return {
    type: 'FOREX_TRADE',
    HazardRate: marginLevelPercent(view),
    CautionMoneyAll: markText(view.usedMargin),
    ProfitsTotal: markText(view.profit),
    OriginCautionMoneyTotal: markText(originMargin(positions)),
    TransOrder: positions.reverse().map((o) => transOrder(asStored(o), engine, market, nowMs)),
    Balance: markText(view.balance),
    Equity: markText(view.equity),
  }
}
