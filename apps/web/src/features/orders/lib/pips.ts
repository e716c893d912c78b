import { OrderStatus, type TransOrder } from '@tp/contracts/light'
import { profitPips } from '@tp/engine/rules'
import { formatSignedAmount } from '../../../common/lib/money.ts'

/**
 * A closed position's move in pips, by the rule the statement uses (packages/engine/src/rules/pips.ts):
 * its open and close price on its instrument's digits. Undefined for anything but a closed position.
 */
export function closedPips(order: TransOrder): string | undefined {
  const digits = order.ForexTradeLists?.PricePrecision
  if (order.Status !== OrderStatus.Closed || digits === undefined) return undefined
  if (!(order.Price > 0) || !(order.UpdatePrice > 0)) return undefined
  return profitPips(order.OrderType, order.Price, order.UpdatePrice, digits)
}

/** Pips with their sign, in the reader's figures, keeping the tenth a fractional pip has: +12.2, -125, 0. */
export function formatPips(pips: string): string {
  const decimals = pips.includes('.') ? 1 : 0
  return formatSignedAmount(pips, decimals)
}
