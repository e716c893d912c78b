import { ExpiryType, OrderStatus, type TransOrder } from '@tp/contracts/light'
import { failed, invalid, valid, type Checked } from '../../../../common/trading/problem.ts'
import { checkStop, checkStopPair, exitPrice } from '../../../../common/trading/stops.ts'
import type { ExpiryParams } from '../../../../common/trading/expiry.ts'
import type { PendingTerms } from '../../../../common/trading/orders-api.ts'
import type { DraggableLine } from './trade-lines.ts'

/** What a drop asks the server for: a position's new stops, or a pending order's new terms. */
export type LineMove =
  { kind: 'stops'; stopLoss: number; takeProfit: number } | { kind: 'pending'; terms: PendingTerms }

const text = (price: number, precision: number) => (price > 0 ? price.toFixed(precision) : '')

/** A pending order's expiry as it is: its time, or none (a drag changes its price, not its expiry). */
export function keptExpiry(order: TransOrder): ExpiryParams {
  return order.ExpireTimeHandler
    ? { expire_type: ExpiryType.Specified, expire_time: order.ExpireTimeHandler }
    : { expire_type: ExpiryType.GoodTillCancelled }
}

/**
 * The order's terms once `line` is dropped at `price`, checked by the shared stop rules (stops.ts): a position's stop
 * against the price it closes at now; a pending order's stops against its (maybe new) price.
 */
export function movedTerms(
  line: DraggableLine,
  price: number,
  precision: number,
  quote: { bid: number; ask: number },
): Checked<LineMove> {
  const { order, role } = line
  if (!(price > 0)) return invalid('orderForm.errors.priceRequired')
  if (order.Status !== OrderStatus.Pending) {
    if (role === 'pendingEntry') return invalid('orderForm.errors.priceRequired')
    const rules = { side: order.OrderType, reference: exitPrice(order.OrderType, quote), precision }
    const checked = checkStop(role, text(price, precision), rules)
    if (!checked.ok) return failed(checked.problem)
    return valid({
      kind: 'stops',
      stopLoss: role === 'stopLoss' ? checked.value : order.TargetLossPrice,
      takeProfit: role === 'takeProfit' ? checked.value : order.TargetProfitPrice,
    })
  }
  const target = role === 'pendingEntry' ? price : order.OriginPrice
  const stopLoss = role === 'stopLoss' ? price : order.TargetLossPrice
  const takeProfit = role === 'takeProfit' ? price : order.TargetProfitPrice
  const stops = checkStopPair(text(stopLoss, precision), text(takeProfit, precision), {
    side: order.OrderType,
    reference: target,
    precision,
  })
  if (!stops.ok) return failed(stops.problem)
  return valid({
    kind: 'pending',
    terms: {
      target_price: target,
      stop_loss_price: stops.value.stopLoss,
      target_profit_price: stops.value.takeProfit,
      ...keptExpiry(order),
    },
  })
}
