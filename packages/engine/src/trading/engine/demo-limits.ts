/** DEMO_LIMITS checked where demo work is created: trailing stops, alerts, live orders (decision 027). */
import { OrderStatus } from '@tp/contracts'
import type { CommandResult } from '../types.ts'
import { DEMO_LIMITS } from './limits.ts'
import { reject, type EngineState } from './state.ts'

/** Whether a demo account may set one more trailing stop; the refusal if not. */
export function demoTrailingLimit(s: EngineState, userId: number): CommandResult | undefined {
  let mine = 0
  for (const id of s.demoTrailing) {
    const order = s.orders.get(id)
    if (!order || order.status !== OrderStatus.Holding || order.trailingPoints === 0)
      s.demoTrailing.delete(id)
    else if (order.userId === userId) mine++
  }
  if (mine >= DEMO_LIMITS.trailingPerAccount)
    return reject('demo_trailing_limit', { max: DEMO_LIMITS.trailingPerAccount })
  if (s.demoTrailing.size >= DEMO_LIMITS.trailingTotal) return reject('demo_capacity')
  return undefined
}

/** Whether a demo account may add one more price alert; the refusal if not. */
export function demoAlertLimit(s: EngineState, userId: number): CommandResult | undefined {
  for (const id of s.demoAlerts) if (!s.alerts.get(id)) s.demoAlerts.delete(id)
  if (s.alerts.countOf(userId) >= DEMO_LIMITS.alertsPerAccount)
    return reject('demo_alert_limit', { max: DEMO_LIMITS.alertsPerAccount })
  if (s.demoAlerts.size >= DEMO_LIMITS.alertsTotal) return reject('demo_capacity')
  return undefined
}

/** Whether all demo accounts' live orders (positions and pending) leave room for one more. */
export function demoOrdersFull(s: EngineState): boolean {
  let live = 0
  for (const account of s.demoAccounts) live += account.pending.size + account.holding.size
  return live >= DEMO_LIMITS.liveOrdersTotal
}
