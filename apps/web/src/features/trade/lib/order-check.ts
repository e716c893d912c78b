import { Side, type Instrument, type SideValue } from '@tp/contracts'
import { failed, invalid, valid, type Checked } from '../../../shared/trading/problem.ts'
import { checkStop, exitPrice, parsePriceText } from '../../../shared/trading/stops.ts'
import { checkLots, lotRules } from '../../../shared/trading/lots.ts'
import {
  checkExpiry,
  GOOD_TILL_CANCELLED,
  type ExpiryDraft,
  type ExpiryParams,
} from '../../../shared/trading/expiry.ts'

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
}

/** A market order without stop-loss or take-profit: one-tap trading and quick buy/sell. */
export function marketDraft(side: SideValue, lotsText: string, leverage: number | null): OrderDraft {
  return {
    side,
    kind: 'market',
    priceText: '',
    lotsText,
    leverage,
    stopLoss: { on: false, text: '' },
    takeProfit: { on: false, text: '' },
    expiry: GOOD_TILL_CANCELLED,
  }
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
}

/**
 * The form's checks of SPEC.md 5, in the order a user meets them: leverage configured and chosen,
 * lots, the pending price and expiry, then stop-loss and take-profit (only when their boxes are
 * ticked; else 0 is sent). The server checks everything again; these give the message before the
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
  let targetPrice = 0
  if (pending) {
    if (draft.priceText.trim() === '') return invalid('orderForm.errors.priceRequired')
    const price = parsePriceText(draft.priceText, instrument.PricePrecision)
    if (price === null)
      return invalid('orderForm.errors.priceInvalid', { decimals: instrument.PricePrecision })
    if (price === 0) return invalid('orderForm.errors.priceRequired')
    targetPrice = price
  }
  const expiry = pending ? checkExpiry(draft.expiry, nowMs) : null
  if (expiry && !expiry.ok) return failed(expiry.problem)

  const rules = {
    side: draft.side,
    reference: pending ? targetPrice : exitPrice(draft.side, quote),
    precision: instrument.PricePrecision,
    required: true,
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
  return draft.side === Side.Buy ? quote.ask : quote.bid
}
