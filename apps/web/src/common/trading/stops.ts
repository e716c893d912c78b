import { Side, type SideValue } from '@tp/contracts/light'
import { pointsApart, stopOnItsSide, type StopKind } from '@tp/engine/rules'
import { formatPrice } from '../market/format.ts'
import { failed, invalid, valid, type Checked } from './problem.ts'

const PRICE_TEXT = /^\d{1,12}(?:\.(\d{1,12}))?$/

/**
 * A typed price: '' is 0 (none); otherwise a plain decimal of 0 or more with at most `decimals`
 * decimals (trailing zeros do not count: "1.50" has one): a price on the instrument's grid.
 * Anything else (a sign, letters, "1e5") is null.
 */
export function parsePriceText(text: string, decimals: number): number | null {
  const trimmed = text.trim()
  if (trimmed === '') return 0
  const match = PRICE_TEXT.exec(trimmed)
  if (!match) return null
  if ((match[1] ?? '').replace(/0+$/, '').length > decimals) return null
  return Number(trimmed)
}

export type { StopKind }

export interface StopRules {
  side: SideValue
  /**
   * The price the stops are judged against (the engine's `reference`): the price the position closes at
   * now (bid for a buy, ask for a sell) or, for a pending order, its entry price. NaN skips the check.
   */
  reference: number
  precision: number
  /** The order form's box is ticked: an empty field is a missing price, not "none". */
  required?: boolean
  /**
   * The instrument's stops level (`StopsLevel`, points of 10^-precision): the nearest a stop may be
   * to the reference; the engine refuses nearer ones (`stops_too_close`). 0 or absent: any.
   */
  stopsLevel?: number
}

const MESSAGES = {
  stopLoss: {
    required: 'stops.stopLossRequired',
    invalid: 'stops.stopLossInvalid',
    buy: 'stops.stopLossBelow',
    sell: 'stops.stopLossAbove',
    near: 'stops.stopLossTooClose',
  },
  takeProfit: {
    required: 'stops.takeProfitRequired',
    invalid: 'stops.takeProfitInvalid',
    buy: 'stops.takeProfitAbove',
    sell: 'stops.takeProfitBelow',
    near: 'stops.takeProfitTooClose',
  },
} as const

/** A stops level as the messages state it: the points and the price distance they make (50, "0.50"). */
export const levelValues = (points: number, precision: number) => ({
  points,
  distance: formatPrice(points / 10 ** precision, precision),
})

/**
 * A stop-loss or take-profit as typed: the level to send (0 = none) or the message to show. A buy's
 * stop-loss lies below the reference and its take-profit above; a sell's the other way round; and
 * each lies at least the stops level from it.
 */
export function checkStop(kind: StopKind, text: string, rules: StopRules): Checked<number> {
  const messages = MESSAGES[kind]
  if (rules.required && text.trim() === '') return invalid(messages.required)
  const value = parsePriceText(text, rules.precision)
  if (value === null) return invalid(messages.invalid, { decimals: rules.precision })
  if (value === 0 || !(rules.reference > 0)) return valid(value)
  const buy = rules.side === Side.Buy
  const price = formatPrice(rules.reference, rules.precision)
  if (!stopOnItsSide(kind, rules.side, value, rules.reference))
    return invalid(buy ? messages.buy : messages.sell, { price })
  const level = rules.stopsLevel ?? 0
  if (level > 0 && pointsApart(value, rules.reference, rules.precision) < level)
    return invalid(messages.near, { ...levelValues(level, rules.precision), price })
  return valid(value)
}

/**
 * A pending order's price against the market (the ask for a buy, the bid for a sell): at least the stops level away, or it would fill almost at once (`price_too_close`).
 */
export function checkPendingDistance(
  price: number,
  market: number,
  precision: number,
  stopsLevel: number,
): Checked<number> {
  if (!(stopsLevel > 0 && market > 0) || pointsApart(price, market, precision) >= stopsLevel)
    return valid(price)
  return invalid('orderForm.errors.priceTooClose', {
    ...levelValues(stopsLevel, precision),
    price: formatPrice(market, precision),
  })
}

/** A stop-loss and a take-profit as typed (empty or 0: none), checked against the same rules. */
export function checkStopPair(
  stopLoss: string,
  takeProfit: string,
  rules: StopRules,
): Checked<{ stopLoss: number; takeProfit: number }> {
  const sl = checkStop('stopLoss', stopLoss, rules)
  if (!sl.ok) return failed(sl.problem)
  const tp = checkStop('takeProfit', takeProfit, rules)
  if (!tp.ok) return failed(tp.problem)
  return valid({ stopLoss: sl.value, takeProfit: tp.value })
}

/** The price a market order of `side` opens at: the ask for a buy, the bid for a sell. */
export function marketPrice(side: SideValue, quote: { bid: number; ask: number }): number {
  return side === Side.Buy ? quote.ask : quote.bid
}

/** The price a position of `side` closes at: the bid for a buy, the ask for a sell. */
export function exitPrice(side: SideValue, quote: { bid: number; ask: number }): number {
  return side === Side.Buy ? quote.bid : quote.ask
}
