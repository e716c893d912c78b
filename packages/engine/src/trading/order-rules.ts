import { Side, type SideValue } from '@tp/contracts'
import { money, type Money } from './money.ts'
import type { Quote, Rejection } from './types.ts'
import { stopOnItsSide } from '../rules/stops.ts'

/*
 * The pure checks of orders and quotes: what a price, a lot size, an amount and a pair of stops
 * must look like. No state: the engine calls these before it changes anything.
 */

/** Prices above this are refused: nothing trades there, and orders store prices as numeric(24, 10). */
export const MAX_PRICE = 1e12

/** A usable quote: finite prices with 0 < bid <= ask < MAX_PRICE and a finite time. */
export const isQuote = (quote: Quote): boolean =>
  Number.isFinite(quote.bid) &&
  Number.isFinite(quote.ask) &&
  Number.isFinite(quote.timeMs) &&
  quote.bid > 0 &&
  quote.ask >= quote.bid &&
  quote.ask < MAX_PRICE

/**
 * Whether a float price sits on a grid of `precision` decimals, within float noise: the fast check
 * for every tick (isOnGrid is the exact one for prices typed by users).
 * Example: isOnPriceGrid(1.10005, 5) is true, isOnPriceGrid(1.100051, 5) is false.
 */
export function isOnPriceGrid(price: number, precision: number): boolean {
  const scaled = price * 10 ** precision
  // A relative tolerance of 1e-9 is far above float noise (~1e-16) and far below a grid step.
  return Math.abs(scaled - Math.round(scaled)) <= 1e-9 * Math.max(1, Math.abs(scaled))
}

/** The price a position closes at: a buy sells at the bid, a sell buys back at the ask. */
export const exitPrice = (side: SideValue, quote: Quote): number =>
  side === Side.Buy ? quote.bid : quote.ask

/** The price a position opens at: a buy at the ask, a sell at the bid. */
export const entryPrice = (side: SideValue, quote: Quote): number =>
  side === Side.Buy ? quote.ask : quote.bid

export const isPrice = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value < MAX_PRICE

/** Whether a price has no more decimals than the instrument quotes (exact). */
export const isOnGrid = (price: number, precision: number): boolean =>
  money(price).decimalPlaces() <= precision

/**
 * A plain decimal string: an optional minus, digits, optionally a point and digits. decimal.js alone
 * would also take "NaN", "Infinity", exponents, hexadecimal ("0x10") and digit separators ("1_0").
 */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/

/** An amount of money (at most six decimals, the ledger's scale) as exact money; undefined otherwise. */
export function parseAmount(text: string): Money | undefined {
  if (!PLAIN_DECIMAL.test(text)) return undefined
  const amount = money(text)
  return amount.decimalPlaces() <= 6 ? amount : undefined
}

/** A plain decimal (no exponent, no separators) as exact money; undefined otherwise. */
export const parseDecimal = (text: string): Money | undefined =>
  PLAIN_DECIMAL.test(text) ? money(text) : undefined

/** Lots within the bounds and on the step, as exact money; undefined otherwise. */
export function parseLots(
  text: string,
  bounds: { minLots: string; maxLots: string; lotStep: string },
): Money | undefined {
  if (!PLAIN_DECIMAL.test(text)) return undefined
  const lots = money(text)
  if (lots.lessThan(bounds.minLots) || lots.greaterThan(bounds.maxLots)) return undefined
  return lots.mod(bounds.lotStep).isZero() ? lots : undefined
}

/** A price in whole points of 10^-precision (exact for prices on the grid). Example: toPoints(1.10005, 5) is 110005. */
export const toPoints = (price: number, precision: number) => Math.round(price * 10 ** precision)

/**
 * A whole number of points as a price. Example: fromPoints(110005, 5) is 1.10005. The division is
 * correctly rounded, so it gives the double nearest the decimal, as parsing its digits would (for
 * whole points below 2^53 and precision up to 22), without a string.
 */
export const fromPoints = (points: number, precision: number) => points / 10 ** precision

/** The distance between two prices in whole points. Example: pointsApart(1.1, 1.1002, 5) is 20. */
export const pointsApart = (a: number, b: number, precision: number) =>
  Math.abs(toPoints(a, precision) - toPoints(b, precision))

/**
 * Whether each stop that is set (not 0) lies at least `level` points from `reference`: the price a
 * position closes at now, or a pending order's price (the stops level). Check the side first
 * (checkStops). Example: stopsFarEnough(1.0995, 0, 1.1, 50, 5) is true; with level 60, false.
 */
export function stopsFarEnough(
  stopLoss: number,
  takeProfit: number,
  reference: number,
  level: number,
  precision: number,
): boolean {
  const far = (stop: number) => stop === 0 || pointsApart(stop, reference, precision) >= level
  return level <= 0 || (far(stopLoss) && far(takeProfit))
}

/**
 * Whether a price is within the freeze level of the market (so near it may fire at any moment):
 * `level` 0 never freezes. Example: isFrozen(1.1003, 1.1, 5, 5) is true, isFrozen(1.1006, 1.1, 5, 5) false.
 */
export const isFrozen = (price: number, market: number, level: number, precision: number) =>
  level > 0 && price > 0 && pointsApart(price, market, precision) <= level

/**
 * Stops against the price a position closes at (`exit`): a buy's stop-loss below it and take-profit
 * above it, a sell's the other way round; 0 means none.
 */
export function checkStops(
  side: SideValue,
  stopLoss: number,
  takeProfit: number,
  exit: number,
  precision: number,
): Rejection | undefined {
  const valid = (value: number) => value === 0 || (isPrice(value) && isOnGrid(value, precision))
  if (!valid(stopLoss)) return 'stop_loss_invalid'
  if (!valid(takeProfit)) return 'take_profit_invalid'
  if (!stopOnItsSide('stopLoss', side, stopLoss, exit)) return 'stop_loss_invalid'
  if (!stopOnItsSide('takeProfit', side, takeProfit, exit)) return 'take_profit_invalid'
  return undefined
}
