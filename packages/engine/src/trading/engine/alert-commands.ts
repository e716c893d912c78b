/** Price alerts: added (bounded per user, and for demo accounts by DEMO_LIMITS) and removed. */
import type { PriceAlert } from '../alert-book.ts'
import { isOnGrid, isPrice } from '../order-rules.ts'
import { alertAhead } from '../../rules/alerts.ts'
import type { CommandResult } from '../types.ts'
import { demoAlertLimit } from './demo-limits.ts'
import { MAX_ALERTS_PER_USER } from './limits.ts'
import { reject, type EngineState } from './state.ts'

/**
 * A price alert on an instrument: it fires once, when the bid reaches `price` (rising to it when
 * `above`, else falling to it). Refused when the bid is there already ('alert_reached'), past
 * MAX_ALERTS_PER_USER active alerts, or off the instrument's price grid.
 */
export function addAlert(
  s: EngineState,
  userId: number,
  instrumentId: number,
  above: boolean,
  price: number,
  nowMs: number,
): CommandResult {
  const account = s.accounts.get(userId)
  if (!account) return reject('account_not_found')
  const terms = s.instruments.get(instrumentId)
  if (!terms || !terms.enabled) return reject('instrument_not_found')
  if (!(isPrice(price) && isOnGrid(price, terms.precision))) return reject('price_invalid')
  if (s.alerts.countOf(userId) >= MAX_ALERTS_PER_USER) return reject('too_many_alerts')
  if (account.demo) {
    const limit = demoAlertLimit(s, userId)
    if (limit) return limit
  }
  const quote = s.quotes.get(instrumentId)
  if (quote && !alertAhead(above, price, quote.bid)) return reject('alert_reached')
  const alert: PriceAlert = { id: s.takeOrderId(), userId, instrumentId, above, price, createdAtMs: nowMs }
  s.alerts.add(alert)
  if (account.demo) s.demoAlerts.add(alert.id)
  return { ok: true, events: [{ type: 'alert_added', alert: { ...alert } }], orderId: alert.id }
}

export function removeAlert(s: EngineState, userId: number, alertId: number, nowMs: number): CommandResult {
  const alert = s.alerts.get(alertId)
  if (alert?.userId !== userId) return reject('alert_not_found')
  s.alerts.remove(alertId)
  return { ok: true, events: [{ type: 'alert_removed', alert, timeMs: nowMs }] }
}
