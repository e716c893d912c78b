import { OrderStatus, Side, type TransOrder } from '@tp/contracts'
import type { StopKind } from '../../../../shared/trading/stops.ts'

export type LineRole = 'bid' | 'ask' | 'entry' | 'pendingEntry' | 'stopLoss' | 'takeProfit'

/** A horizontal price line on the chart, as the chart draws it (colours come from the role). */
export interface PriceLineSpec {
  id: string
  role: LineRole
  price: number
  title: string
}

/** A stop or target line of an open position: the lines a finger may drag. */
export interface StopLine extends PriceLineSpec {
  role: StopKind
  order: TransOrder
}

export interface LineTexts {
  /** "Buy 0.10" / "Sell 0.10" of a position, "Buy limit 0.10"-like of a pending order. */
  entry(order: TransOrder): string
  stopLoss: string
  takeProfit: string
}

export const isStopLine = (line: PriceLineSpec): line is StopLine =>
  (line.role === 'stopLoss' || line.role === 'takeProfit') && 'order' in line

/**
 * The lines of the user's orders on one instrument: each position's entry, stop-loss and
 * take-profit, and each pending order's asked price and stops. Only a position's stops can be
 * moved (the server's set_stop_price takes open positions only), so only they are `StopLine`s.
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
    if (entry > 0)
      lines.push({
        id: `${order.Id}-entry`,
        role: holding ? 'entry' : 'pendingEntry',
        price: entry,
        title: texts.entry(order),
      })
    const stops: [StopKind, number][] = [
      ['stopLoss', order.TargetLossPrice],
      ['takeProfit', order.TargetProfitPrice],
    ]
    for (const [kind, price] of stops) {
      if (!(price > 0)) continue
      const id = `${order.Id}-${kind}`
      if (holding) {
        const stop: StopLine = { id, role: kind, price, title: texts[kind], order }
        lines.push(stop)
      } else lines.push({ id, role: kind, price, title: texts[kind] })
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
