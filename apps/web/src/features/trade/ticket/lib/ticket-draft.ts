import type { Instrument } from '@tp/contracts/light'
import { invalid, valid, type Checked } from '../../../../common/trading/problem.ts'
import { parsePriceText, type StopKind } from '../../../../common/trading/stops.ts'
import { entryPrice, type OrderDraft } from '../../lib/order-check.ts'
import { parseLots } from '../../../../common/trading/lots.ts'
import { pointsFromStopPrice, profitInUsd, stopPriceFromPoints } from './stop-points.ts'

/** Stop-loss and take-profit typed as prices, or as points from the entry price. */
export type StopUnit = 'price' | 'points'

/** The ticket as typed: the order form's draft, with the stops in `stopUnit`. */
export interface TicketDraft extends OrderDraft {
  stopUnit: StopUnit
}

interface Quote {
  bid: number
  ask: number
}

const POINTS_TEXT = /^\d{1,9}$/

/** Typed points: a whole count above 0, or null. */
export function parsePoints(text: string): number | null {
  const trimmed = text.trim()
  if (!POINTS_TEXT.test(trimmed)) return null
  const points = Number(trimmed)
  return points > 0 ? points : null
}

const STOP_FIELDS = { stopLoss: 'stopLoss', takeProfit: 'takeProfit' } as const satisfies Record<
  StopKind,
  keyof OrderDraft
>

/** The price a stop stands for: the typed price, or the points counted from the entry. */
export function stopPriceOf(
  kind: StopKind,
  draft: TicketDraft,
  quote: Quote,
  precision: number,
): number | null {
  const stop = draft[STOP_FIELDS[kind]]
  if (!stop.on) return null
  if (draft.stopUnit === 'price') {
    const price = parsePriceText(stop.text, precision)
    return price !== null && price > 0 ? price : null
  }
  const points = parsePoints(stop.text)
  if (points === null) return null
  return stopPriceFromPoints(kind, draft.side, entryPrice(draft, quote, precision), points, precision)
}

/**
 * The draft as the order check reads it, stops in prices: points are counted from the entry price
 * at this moment (the ask or bid of a market order, the typed price of a pending one), so a
 * market order's stops follow the quote until it is sent. Points that are not a whole count above
 * 0 are refused here, with a message of their own.
 */
export function toOrderDraft(draft: TicketDraft, quote: Quote, precision: number): Checked<OrderDraft> {
  const { stopUnit, ...order } = draft
  if (stopUnit === 'price') return valid(order)
  const converted: OrderDraft = { ...order }
  for (const kind of ['stopLoss', 'takeProfit'] as const) {
    const stop = draft[kind]
    if (!stop.on) continue
    if (parsePoints(stop.text) === null)
      return invalid(kind === 'stopLoss' ? 'ticket.errors.stopLossPoints' : 'ticket.errors.takeProfitPoints')
    const price = stopPriceOf(kind, draft, quote, precision)
    // Points beyond the price itself (a stop-loss below 0): the check refuses the price as typed.
    converted[kind] = { on: true, text: price === null ? '0' : price.toFixed(precision) }
  }
  return valid(converted)
}

/**
 * The draft with its stops in the other unit, each typed value converted at the current entry
 * price (a value that does not convert is kept out rather than turned into a wrong one).
 */
export function withStopUnit(
  draft: TicketDraft,
  unit: StopUnit,
  quote: Quote,
  precision: number,
): TicketDraft {
  if (draft.stopUnit === unit) return draft
  const entry = entryPrice(draft, quote, precision)
  const convert = (kind: StopKind) => {
    const stop = draft[kind]
    if (stop.text.trim() === '') return stop
    if (unit === 'points') {
      const price = parsePriceText(stop.text, precision)
      const points =
        price !== null && price > 0 ? pointsFromStopPrice(kind, draft.side, entry, price, precision) : null
      return { ...stop, text: points !== null && points > 0 ? String(points) : '' }
    }
    const price = stopPriceOf(kind, draft, quote, precision)
    return { ...stop, text: price === null ? '' : price.toFixed(precision) }
  }
  return { ...draft, stopLoss: convert('stopLoss'), takeProfit: convert('takeProfit'), stopUnit: unit }
}

/** What a stop means, shown beside it: its price, its distance in points and the P/L in USD if hit. */
export interface StopPreview {
  price: number | null
  points: number | null
  profit: number | null
}

export function previewStop(
  kind: StopKind,
  draft: TicketDraft,
  quote: Quote,
  instrument: Instrument,
  usdRate: number | null,
): StopPreview {
  const precision = instrument.PricePrecision
  const price = stopPriceOf(kind, draft, quote, precision)
  if (price === null) return { price: null, points: null, profit: null }
  const entry = entryPrice(draft, quote, precision)
  const lots = parseLots(draft.lotsText) ?? 0
  return {
    price,
    points: pointsFromStopPrice(kind, draft.side, entry, price, precision),
    profit: profitInUsd(draft.side, entry, price, lots, instrument.ForexContNum, usdRate),
  }
}
