import { OrderStatus, Side, type TransOrder } from '@tp/contracts/light'
import type { StopKind } from '../../../../common/trading/stops.ts'

/** `drawn`: a horizontal line the user drew (drawings.ts). */
export type LineRole = 'bid' | 'ask' | 'entry' | 'pendingEntry' | 'stopLoss' | 'takeProfit' | 'drawn'

/** A horizontal price line on the chart, as the chart draws it (colours come from the role). */
export interface PriceLineSpec {
  id: string
  role: LineRole
  price: number
  title: string
}

/** What a dragged line moves: a stop or target, or a pending order's price. */
export type DragRole = StopKind | 'pendingEntry'

/** A line a finger may drag: a position's stop or target, or any line of a pending order. */
export interface DraggableLine extends PriceLineSpec {
  role: DragRole
  order: TransOrder
}

export interface LineTexts {
  /** "Buy 0.10" / "Sell 0.10" of a position, "Buy limit 0.10"-like of a pending order. */
  entry(order: TransOrder): string
  stopLoss: string
  /** A stop-loss that a trailing stop moves. */
  trailingStop: string
  takeProfit: string
}

export const isDraggable = (line: PriceLineSpec): line is DraggableLine => 'order' in line

/**
 * The lines of the user's orders on one instrument: each position's entry, stop-loss and
 * take-profit, and each pending order's asked price and stops. All but a position's entry can be
 * moved (set_stop_price for a position, modify_pending for a pending order): `DraggableLine`s.
 */
export function orderLines(
  orders: readonly TransOrder[],
  instrumentId: number,
  texts: LineTexts,
): PriceLineSpec[] {
  const lines: PriceLineSpec[] = []
  for (const order of orders) {
    if (order.ForexId !== instrumentId) continue
    const holding = order.Status === OrderStatus.Holding
    if (!holding && order.Status !== OrderStatus.Pending) continue
    const entry = holding ? order.Price : order.OriginPrice || order.Price
    const id = `${order.Id}-entry`
    if (entry > 0 && holding) lines.push({ id, role: 'entry', price: entry, title: texts.entry(order) })
    else if (entry > 0) {
      const line: DraggableLine = { id, role: 'pendingEntry', price: entry, title: texts.entry(order), order }
      lines.push(line)
    }
    const stops: [StopKind, number][] = [
      ['stopLoss', order.TargetLossPrice],
      ['takeProfit', order.TargetProfitPrice],
    ]
    for (const [kind, price] of stops) {
      if (!(price > 0)) continue
      const title = kind === 'stopLoss' && order.TrailingStop > 0 ? texts.trailingStop : texts[kind]
      const stop: DraggableLine = { id: `${order.Id}-${kind}`, role: kind, price, title, order }
      lines.push(stop)
    }
  }
  return lines
}

/** Spread in points (one point = 10^-precision), or null without both prices. */
export function spreadPoints(bid: number, ask: number, precision: number): number | null {
  if (!(bid > 0) || !(ask > 0)) return null
  return Math.round((ask - bid) * 10 ** precision)
}

export const isBuy = (order: TransOrder) => order.OrderType === Side.Buy
