import { Side, type SideValue } from '@tp/contracts/light'
import type { StopKind } from '../../../../common/trading/stops.ts'
import { roundHalfUp } from '../../../../common/trading/order-estimate.ts'

/** Decimals a price may have; a bad setting is clamped rather than crashing the ticket. */
const MAX_PRECISION = 10

const decimalsOf = (precision: number) =>
  Number.isInteger(precision) ? Math.min(Math.max(precision, 0), MAX_PRECISION) : 2

/**
 * One point: the smallest price step of the instrument (10^-precision), as MetaTrader counts
 * stop distances: 1.08412 -> 0.00001, 67,012.50 -> 0.01.
 */
export function pointSize(precision: number): number {
  return Number(`1e-${decimalsOf(precision)}`)
}

/**
 * +1 when the stop lies above the entry, -1 below: a buy's stop-loss and a sell's take-profit are
 * below it, a buy's take-profit and a sell's stop-loss above.
 */
function directionOf(kind: StopKind, side: SideValue): 1 | -1 {
  const buy = side === Side.Buy
  return (kind === 'stopLoss') === buy ? -1 : 1
}

/**
 * The stop's price `points` away from the entry, on the side where the stop belongs, to the
 * instrument's precision. Null when there is no entry price or the distance is not a count of points.
 */
export function stopPriceFromPoints(
  kind: StopKind,
  side: SideValue,
  entry: number,
  points: number,
  precision: number,
): number | null {
  if (!(entry > 0) || !Number.isInteger(points) || points <= 0) return null
  const decimals = decimalsOf(precision)
  // Counted in whole points so that 1.08412 - 150 points is 1.08262 exactly, not 1.0826199999.
  const entryPoints = Math.round(entry * 10 ** decimals)
  const price = (entryPoints + directionOf(kind, side) * points) / 10 ** decimals
  return price > 0 ? roundHalfUp(price, decimals) : null
}

/**
 * How many points the stop's price is from the entry, counted towards where the stop belongs: a
 * stop on the wrong side of the entry gives a negative count. Null without an entry or a price.
 */
export function pointsFromStopPrice(
  kind: StopKind,
  side: SideValue,
  entry: number,
  price: number,
  precision: number,
): number | null {
  if (!(entry > 0) || !(price > 0)) return null
  const decimals = decimalsOf(precision)
  const distance = Math.round(price * 10 ** decimals) - Math.round(entry * 10 ** decimals)
  return directionOf(kind, side) * distance
}

/**
 * The profit (negative: loss) in US dollars of `lots` opened at `entry` and closed at `exit`:
 * price difference x lots x contract size in the quote currency, times the quote currency's USD
 * rate (usdRateOf, as the margin estimate converts). Fees are not in it. Two decimals, half up.
 * Null when the rate or a price is unknown.
 */
export function profitInUsd(
  side: SideValue,
  entry: number,
  exit: number,
  lots: number,
  contractSize: number,
  usdRate: number | null,
): number | null {
  if (!(entry > 0) || !(exit > 0) || !(lots > 0) || !(contractSize > 0) || usdRate === null) return null
  const sign = side === Side.Buy ? 1 : -1
  const result = roundHalfUp(sign * (exit - entry) * lots * contractSize * usdRate, 2)
  // -0 shows as "-0.00"; a stop at the entry is neither.
  return result === 0 ? 0 : result
}
