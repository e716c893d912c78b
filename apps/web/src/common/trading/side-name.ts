import { PendingType, Side, type TransOrder } from '@tp/contracts/light'

/**
 * The message key of an order's side as traders name it: Buy or Sell, and for a pending order (or
 * one cancelled or expired before it filled) Buy Limit, Sell Limit, Buy Stop or Sell Stop.
 */
export function sideKey(order: Pick<TransOrder, 'OrderType' | 'PendingType'>): string {
  const buy = order.OrderType === Side.Buy
  if (order.PendingType === PendingType.Limit) return buy ? 'orders.buyLimit' : 'orders.sellLimit'
  if (order.PendingType === PendingType.Stop) return buy ? 'orders.buyStop' : 'orders.sellStop'
  return buy ? 'orderForm.buy' : 'orderForm.sell'
}
