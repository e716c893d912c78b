import { OrderStatus, Side, type TransOrder } from '@tp/contracts/light'
import { closeByLots, closeByProfit } from '@tp/engine/rules'

/**
 * MT5's "close by" on the phone (docs/decisions/037-close-by.md): which positions a position can be
 * closed by, and what the close would do, by the rule the engine books with (@tp/engine/rules).
 */

/** The open positions of the other side of `order`'s instrument, oldest first. */
export function oppositePositions(order: TransOrder, positions: readonly TransOrder[]): TransOrder[] {
  return positions
    .filter(
      (p) =>
        p.Id !== order.Id &&
        p.ForexId === order.ForexId &&
        p.OrderType !== order.OrderType &&
        p.Status === OrderStatus.Holding,
    )
    .sort((a, b) => a.Id - b.Id)
}

export interface CloseByPreview {
  /** Lots closed on each side, as text ("0.4"). */
  lots: string
  /** What the two records book together in USD (2 decimals); null without a conversion rate. */
  profit: string | null
  /** The position that stays open with what is left of it; null when both close whole. */
  rest: { id: number; lots: string } | null
}

/**
 * Closing `order` by `by`: the smaller lots close on both, at `by`'s open price and its own, so the
 * pair earns (sell's open - buy's open) x lots x contract size, converted at `usdRate` (USD per unit
 * of the quote currency, the live mid the server converts with; it may move before the call lands).
 * Example: a buy of 1 lot at 1.0851 by a sell of 0.4 at 1.0860: 0.4 lots, 36.00, 0.6 of the buy left.
 */
export function closeByPreview(order: TransOrder, by: TransOrder, usdRate: number | null): CloseByPreview {
  const [long, short] = order.OrderType === Side.Buy ? [order, by] : [by, order]
  const lots = closeByLots(String(long.Quantity), String(short.Quantity))
  const larger = long.Quantity > short.Quantity ? long : short.Quantity > long.Quantity ? short : null
  const profit =
    usdRate === null
      ? null
      : closeByProfit(long.Price, short.Price, lots, order.ForexContNum, usdRate).toFixed(2)
  return {
    lots: lots.toString(),
    profit,
    rest: larger && { id: larger.Id, lots: lots.negated().plus(String(larger.Quantity)).toString() },
  }
}
