import {
  ClosedType,
  OrderStatus,
  type BalanceAnswer,
  type ForexTradeMessage,
  type MyDealAnswer,
  type TransOrder,
} from '@tp/contracts/light'
import { formatDateTime } from '../../../common/lib/datetime.ts'
import { formatAmount, formatSignedAmount } from '../../../common/lib/money.ts'
import { DEAL_TABS, type DealTab } from '../../../common/trading/orders-api.ts'

/** `?type=` of /order: 1 holding, 0 pending, 3 history; anything else opens Holding. */
export function parseTab(raw: string | null): DealTab {
  const value = Number(raw)
  return raw !== null && raw !== '' && (DEAL_TABS as readonly number[]).includes(value)
    ? (value as DealTab)
    : 1
}

/**
 * The orders of all loaded pages, once each (a list that grew while paging repeats a record on the
 * next page), without those the socket reported closed since.
 */
export function flattenDeals(pages: readonly MyDealAnswer[], closed: ReadonlySet<number>): TransOrder[] {
  const seen = new Set<number>()
  const out: TransOrder[] = []
  for (const page of pages) {
    for (const order of page.data) {
      if (seen.has(order.Id) || closed.has(order.Id)) continue
      seen.add(order.Id)
      out.push(order)
    }
  }
  return out
}

/** A FOREX_TRADE item: a whole order (docs/wire.md), or, from servers before issue 8, its id, mark and profit. */
export type LiveMark = Pick<TransOrder, 'Id' | 'UpdatePrice' | 'FactProfits'> & Partial<TransOrder>

/**
 * A holding order with its live mark and profit from FOREX_TRADE, when there is one. The items
 * may be the three fields or whole orders (as `my_deal` returns them, docs/wire.md); from a whole order
 * the margin, which follows the market, is taken too, the stops, which a trailing stop moves, and
 * the swap, which each rollover adds to.
 * Nothing else is: the list's own row stays.
 */
export function withLiveMark(order: TransOrder, live: ReadonlyMap<number, LiveMark>): TransOrder {
  const mark = order.Status === OrderStatus.Holding ? live.get(order.Id) : undefined
  if (!mark) return order
  const margin = mark.CautionMoney
  const stops =
    typeof mark.TargetLossPrice === 'number' && typeof mark.TargetProfitPrice === 'number'
      ? {
          TargetLossPrice: mark.TargetLossPrice,
          TargetProfitPrice: mark.TargetProfitPrice,
          TrailingStop: mark.TrailingStop ?? order.TrailingStop,
        }
      : {}
  return {
    ...order,
    UpdatePrice: mark.UpdatePrice,
    FactProfits: mark.FactProfits,
    ...(typeof margin === 'string' ? { CautionMoney: margin } : {}),
    ...(typeof mark.Swap === 'string' ? { Swap: mark.Swap } : {}),
    ...stops,
  }
}

export function liveMarks(
  message: { TransOrder: readonly LiveMark[] } | null,
): ReadonlyMap<number, LiveMark> {
  return new Map((message?.TransOrder ?? []).map((mark) => [mark.Id, mark]))
}

/** Profit with its sign, 2 decimals as money is shown (docs/product.md "Limits"): +1.25, -0.30, 0.00, in the reader's locale. */
export function formatProfit(value: string | number): string {
  return formatSignedAmount(typeof value === 'number' ? value.toFixed(6) : value, 2)
}

/** Colour class of a profit: up, down or flat. */
export function profitDirection(value: string): 'up' | 'down' | 'flat' {
  const number = Number(value)
  return !Number.isFinite(number) || number === 0 ? 'flat' : number > 0 ? 'up' : 'down'
}

/**
 * A wire time ("YYYY-MM-DD HH:mm:ss", UTC) in the phone's time zone, written as the user's language
 * writes dates and times (common/lib/datetime.ts); "" stays "".
 */
export function localTime(wire: string): string {
  return formatDateTime(wire)
}

/** How a finished order ended, as a translation key (`orders.closedBy` takes the other position's `id`). */
export function outcomeKey(order: TransOrder): string {
  if (order.Status === OrderStatus.Cancelled) return 'orders.cancelled'
  if (order.Status === OrderStatus.Expired) return 'orders.expired'
  switch (order.ClosedType) {
    case ClosedType.StopOut:
      return 'orders.closedStopOut'
    case ClosedType.TakeProfit:
      return 'orders.closedTakeProfit'
    case ClosedType.StopLoss:
      return 'orders.closedStopLoss'
    case ClosedType.Staff:
      return 'orders.closedStaff'
    // "Closed by #123": the caller passes the other position's id (`CloseById`) as `id`.
    case ClosedType.CloseBy:
      return 'orders.closedBy'
    case ClosedType.Copy:
      return 'orders.closedCopy'
    case ClosedType.CopyStop:
      return 'orders.closedCopyStop'
    default:
      return 'orders.closedUser'
  }
}

/** The account summary as shown, in USD: balance and amounts 2 decimals, margin and profit 6 (docs/product.md "Limits"). */
export interface AccountFigures {
  balance: string
  equity: string
  margin: string
  freeMargin: string
  level: string
  profit: string
}

/**
 * The summary from `getBalance`, with the live figures of the last FOREX_TRADE over it. The
 * balance is always getBalance's (the available balance, rounded to 2 decimals by the server): the
 * socket's `Balance` is the ledger balance before frozen amounts, and the screen fetches getBalance
 * again whenever that changes.
 */
export function accountFigures(
  balance: BalanceAnswer | undefined,
  live: ForexTradeMessage | null,
): AccountFigures {
  const equity = live ? live.Equity : balance?.equity
  const margin = live ? live.CautionMoneyAll : balance?.margin
  const freeMargin = live
    ? (Number(live.Equity) - Number(live.CautionMoneyAll)).toFixed(6)
    : balance?.free_margin
  const level = live ? live.HazardRate : balance?.margin_level
  const profit = live ? live.ProfitsTotal : balance?.profit
  return {
    balance: formatAmount(balance?.balance, 2),
    equity: formatAmount(equity, 2),
    margin: formatAmount(margin, 2),
    freeMargin: formatAmount(freeMargin, 2),
    level:
      level === null || level === undefined || !Number.isFinite(level)
        ? '--'
        : // Cut, not rounded, as the margin-call warning shows it: 99.996 is not yet 100.00 %.
          `${formatAmount(level.toFixed(6), 2)}%`,
    profit: profit === undefined ? '--' : formatProfit(profit),
  }
}
