import { Side, type SideValue } from '@tp/contracts/light'

/** Half the height of the band around a line that picks it up: a fingertip, not a pixel. */
export const GRAB_ZONE_PX = 12

export interface GrabTarget {
  id: string
  /** The line's y in the chart pane, or null when it is off the price scale. */
  y: number | null
}

/** The line under a pointer at `y`: the nearest within the grab zone, or null. */
export function grabbedLine<T extends GrabTarget>(
  lines: readonly T[],
  y: number,
  zone = GRAB_ZONE_PX,
): T | null {
  let best: T | null = null
  let bestDistance = Number.POSITIVE_INFINITY
  for (const line of lines) {
    if (line.y === null) continue
    const distance = Math.abs(line.y - y)
    if (distance <= zone && distance < bestDistance) {
      best = line
      bestDistance = distance
    }
  }
  return best
}

/** Rounds to the instrument's price grid (10^-precision), where stops must lie. */
export function roundToPrecision(price: number, precision: number): number {
  return Number(price.toFixed(precision))
}

/**
 * The price at a pointer's y while dragging: y is held inside the pane (a finger past its edge does
 * not throw the line off the scale), converted by the chart, rounded to the price grid. Null when
 * the chart cannot say (no data yet) or the price would not be positive.
 */
export function priceAtPointer(
  y: number,
  paneHeight: number,
  toPrice: (y: number) => number | null,
  precision: number,
): number | null {
  const held = Math.min(Math.max(y, 0), Math.max(paneHeight - 1, 0))
  const price = toPrice(held)
  if (price === null || !Number.isFinite(price)) return null
  const rounded = roundToPrecision(price, precision)
  return rounded > 0 ? rounded : null
}

/**
 * Profit (negative: loss) in USD if a position closed at `exit`: price difference in the position's
 * favour x lots x contract size, converted from the quote currency (`usdRate` USD per unit).
 */
export function profitIfHit(
  side: SideValue,
  entry: number,
  exit: number,
  lots: number,
  contractSize: number,
  usdRate: number | null,
): number | null {
  if (usdRate === null || !(entry > 0) || !(exit > 0)) return null
  const move = side === Side.Buy ? exit - entry : entry - exit
  return move * lots * contractSize * usdRate
}
