import { AlertDirection, type AlertDirectionValue } from '@tp/contracts/light'
import { alertAhead } from '@tp/engine/rules'
import { invalid, valid, type Checked } from '../../../common/trading/problem.ts'
import { parsePriceText } from '../../../common/trading/stops.ts'

/**
 * The price of a new alert: a price on the instrument's grid, on the side of the bid its direction
 * says (the engine's alertAhead: an alert above must lie above the bid, one below, below it).
 */
export function checkAlertPrice(
  text: string,
  direction: AlertDirectionValue,
  bid: number,
  precision: number,
): Checked<number> {
  if (text.trim() === '') return invalid('alerts.errors.priceRequired')
  const price = parsePriceText(text, precision)
  if (price === null || price === 0) return invalid('orderForm.errors.priceInvalid', { decimals: precision })
  if (!alertAhead(direction === AlertDirection.Above, price, bid))
    return invalid(direction === AlertDirection.Above ? 'alerts.errors.notAbove' : 'alerts.errors.notBelow')
  return valid(price)
}
