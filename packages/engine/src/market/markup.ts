import { toPoints } from '../trading/order-rules.ts'
import { roundPrice } from './candles.ts'

/**
 * The house's markup on a price source's quote (issue 28: how a B-book broker earns on a liquidity
 * provider's prices): `markupPoints` points wider, half off the bid and half on the ask (an odd
 * point on the ask), on the instrument's grid. Example: markedQuote({ bid: 1.1, ask: 1.1001 }, 3, 5)
 * is { bid: 1.09999, ask: 1.10012 }.
 */
export function markedQuote<Q extends { bid: number; ask: number }>(
  quote: Q,
  markupPoints: number,
  precision: number,
): Q {
  if (markupPoints <= 0) return quote
  const point = 10 ** -precision
  const [below, above] = markupSplit(markupPoints)
  return {
    ...quote,
    bid: roundPrice(quote.bid - below * point, precision),
    ask: roundPrice(quote.ask + above * point, precision),
  }
}

/** A quote's spread in whole points of its instrument. Example: spreadPoints({ bid: 1.1, ask: 1.10012 }, 5) is 12. */
export const spreadPoints = (quote: { bid: number; ask: number }, precision: number): number =>
  toPoints(quote.ask - quote.bid, precision)

/** A markup's points off the bid and on the ask (an odd point on the ask). Example: markupSplit(5) is [2, 3]. */
export function markupSplit(points: number): [below: number, above: number] {
  const below = Math.floor(points / 2)
  return [below, points - below]
}
