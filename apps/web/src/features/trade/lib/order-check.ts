import { Side, type Instrument, type SideValue } from '@tp/contracts/light'
import { failed, invalid, valid, type Checked } from '../../../common/trading/problem.ts'
import {
  checkPendingDistance,
  checkStop,
  exitPrice,
  marketPrice,
  parsePriceText,
} from '../../../common/trading/stops.ts'
import { checkLots, lotRules } from '../../../common/trading/lots.ts'
import {
  checkExpiry,
  GOOD_TILL_CANCELLED,
  type ExpiryDraft,
  type ExpiryParams,
} from '../../../common/trading/expiry.ts'

export type OrderKind = 'market' | 'pending'

/** What the form holds, as typed. */
export interface OrderDraft {
  side: SideValue
  kind: OrderKind
  priceText: string
  lotsText: string
  leverage: number | null
  stopLoss: { on: boolean; text: string }
  takeProfit: { on: boolean; text: string }
  /** A pending order's expiry (a market order has none). */
  expiry: ExpiryDraft
  /** A market order's maximum deviation in whole points, as typed (empty is 0: the price seen exactly). */
  deviationText: string
}

/** A market order without stop-loss or take-profit: one-tap trading and quick buy/sell. */
export function marketDraft(
  side: SideValue,
  lotsText: string,
  leverage: number | null,
  deviationText: string,
): OrderDraft {
  return {
    side,
    kind: 'market',
    priceText: '',
    lotsText,
    leverage,
    stopLoss: { on: false, text: '' },
    takeProfit: { on: false, text: '' },
    expiry: GOOD_TILL_CANCELLED,
    deviationText,
  }
}

/** The most points a deviation may be (the server's bound). */
export const MAX_DEVIATION_POINTS = 1_000_000

/** Typed deviation points: a whole number from 0 (empty is 0), or null. */
export function parseDeviation(text: string): number | null {
  const trimmed = text.trim()
  if (trimmed === '') return 0
  if (!/^\d{1,7}$/.test(trimmed)) return null
  const points = Number(trimmed)
  return points <= MAX_DEVIATION_POINTS ? points : null
}

/** The query of `GET /v1/api/forex/submit` (a pending order's expiry too). */
export interface SubmitParams extends Partial<ExpiryParams> {
  forex_id: number
  /** 1 buy, 2 sell. */
  type: SideValue
  /** Lots as text, exact. */
  cont: string
  /** 1 market, 0 pending. */
  status: 0 | 1
  target_price: number
  stop_loss_price: number
  target_profit_price: number
  multiple: number
  /**
   * A market order's price protection (decision 023): the price the user saw (the ask of a buy, the
   * bid of a sell) and the most points the fill may differ from it; beyond, the server requotes.
   */
  price?: number
  deviation?: number
}

/**
 * The form's checks of docs/product.md "Input rules", in the order a user meets them: leverage configured and chosen,
 * lots, the pending price (at least the stops level from the market) and expiry, a market order's
 * deviation, then stop-loss and take-profit (only when their boxes are ticked; else 0 is sent; at
 * least the stops level from the price they are judged against). The server checks everything again; these give the message before the
 * round trip.
 */
export function checkOrder(
  draft: OrderDraft,
  instrument: Instrument,
  quote: { bid: number; ask: number },
  nowMs = Date.now(),
): Checked<SubmitParams> {
  const options = instrument.HasForexMultiple.map((option) => option.Value)
  if (options.length === 0) return invalid('orderForm.errors.leverageNotConfigured')
  if (draft.leverage === null || !options.includes(draft.leverage))
    return invalid('orderForm.errors.noMultiple')

  const lots = checkLots(draft.lotsText, lotRules(instrument))
  if (!lots.ok) return failed(lots.problem)

  const pending = draft.kind === 'pending'
  const precision = instrument.PricePrecision
  const stopsLevel = instrument.StopsLevel || 0
  let targetPrice = 0
  if (pending) {
    if (draft.priceText.trim() === '') return invalid('orderForm.errors.priceRequired')
    const price = parsePriceText(draft.priceText, precision)
    if (price === null) return invalid('orderForm.errors.priceInvalid', { decimals: precision })
    if (price === 0) return invalid('orderForm.errors.priceRequired')
    const distance = checkPendingDistance(price, marketPrice(draft.side, quote), precision, stopsLevel)
    if (!distance.ok) return failed(distance.problem)
    targetPrice = price
  }
  const expiry = pending ? checkExpiry(draft.expiry, nowMs) : null
  if (expiry && !expiry.ok) return failed(expiry.problem)
  const deviation = pending ? 0 : parseDeviation(draft.deviationText)
  if (deviation === null) return invalid('orderForm.errors.deviationInvalid')

  const rules = {
    side: draft.side,
    reference: pending ? targetPrice : exitPrice(draft.side, quote),
    precision,
    required: true,
    stopsLevel,
  }
  let stopLoss = 0
  if (draft.stopLoss.on) {
    const checked = checkStop('stopLoss', draft.stopLoss.text, rules)
    if (!checked.ok) return failed(checked.problem)
    stopLoss = checked.value
  }
  let takeProfit = 0
  if (draft.takeProfit.on) {
    const checked = checkStop('takeProfit', draft.takeProfit.text, rules)
    if (!checked.ok) return failed(checked.problem)
    takeProfit = checked.value
  }

  return valid({
    forex_id: instrument.Id,
    type: draft.side === Side.Sell ? Side.Sell : Side.Buy,
    cont: lots.value,
    status: pending ? 0 : 1,
    target_price: targetPrice,
    stop_loss_price: stopLoss,
    target_profit_price: takeProfit,
    multiple: draft.leverage,
    ...(expiry?.ok ? expiry.value : {}),
    // The price on the button tapped, at the instrument's precision (the server checks it is on its grid).
    ...(pending ? {} : { price: Number(marketPrice(draft.side, quote).toFixed(precision)), deviation }),
  })
}

/** The price the order would open at: the entered price of a pending order, else ask to buy, bid to sell. */
export function entryPrice(
  draft: OrderDraft,
  quote: { bid: number; ask: number },
  precision: number,
): number {
  if (draft.kind === 'pending') {
    const price = parsePriceText(draft.priceText, precision)
    if (price !== null && price > 0) return price
  }
  return marketPrice(draft.side, quote)
}
