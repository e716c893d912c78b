import { describe, expect, it } from 'vitest'
import type { TradingEngine } from './engine.ts'
import { DEMO_LIMITS } from './engine.ts'
import { EURUSD, T0, buy, closes, makeEngine, mustOpen, tick } from './test-fixtures.ts'
import { OrderStatus } from '@tp/contracts'

/*
 * Issue 22, item 14: practice accounts (anyone can open one) cannot load the single writer with
 * trailing stops and alerts: at most DEMO_LIMITS per account and in total, translated refusals; a
 * real account is never refused for them (decision 027).
 */

function withDemos(count: number): TradingEngine {
  const engine = makeEngine({ accounts: { 1: '100000' } })
  for (let id = 1000; id < 1000 + count; id++) engine.addAccount(id, '100000', false, '0', true)
  return engine
}

/** Opens `count` positions of a user and sets a trailing stop on each; the last result. */
function trail(engine: TradingEngine, userId: number, count: number) {
  let last
  for (let i = 0; i < count; i++) {
    const { id } = mustOpen(engine, buy({ userId, lots: '0.01' }))
    last = engine.setTrailing(userId, id, 50, T0)
  }
  return last
}

describe('demo accounts: bounded trailing stops and alerts', () => {
  it('limits a demo account to DEMO_LIMITS.trailingPerAccount trailing stops, a real one not', () => {
    const engine = withDemos(1)
    expect(trail(engine, 1000, DEMO_LIMITS.trailingPerAccount)?.ok).toBe(true)
    expect(trail(engine, 1000, 1)).toEqual({
      ok: false,
      reason: 'demo_trailing_limit',
      detail: { max: DEMO_LIMITS.trailingPerAccount },
    })
    expect(trail(engine, 1, DEMO_LIMITS.trailingPerAccount + 5)?.ok).toBe(true)
  })

  it('frees room when a trailing stop is removed or its position closes; a change of distance is no new one', () => {
    const engine = withDemos(1)
    trail(engine, 1000, DEMO_LIMITS.trailingPerAccount)
    const [first, second, third] = engine.ordersOf(1000)
    expect(engine.setTrailing(1000, first!.id, 80, T0).ok).toBe(true)
    expect(engine.setTrailing(1000, first!.id, 0, T0).ok).toBe(true)
    expect(engine.close(1000, second!.id, T0).ok).toBe(true)
    expect(trail(engine, 1000, 2)?.ok).toBe(true)
    expect(trail(engine, 1000, 1)).toMatchObject({ ok: false, reason: 'demo_trailing_limit' })
    expect(third).toBeDefined()
  })

  it('limits all demo accounts together, and never a real account', () => {
    const accounts = DEMO_LIMITS.trailingTotal / DEMO_LIMITS.trailingPerAccount
    const engine = withDemos(accounts + 1)
    for (let i = 0; i < accounts; i++)
      expect(trail(engine, 1000 + i, DEMO_LIMITS.trailingPerAccount)?.ok).toBe(true)
    expect(trail(engine, 1000 + accounts, 1)).toEqual({ ok: false, reason: 'demo_capacity' })
    expect(trail(engine, 1, 1)?.ok).toBe(true)
  })

  it('limits demo alerts per account and in total, and never a real account', () => {
    const accounts = DEMO_LIMITS.alertsTotal / DEMO_LIMITS.alertsPerAccount
    const engine = withDemos(accounts + 1)
    const alert = (userId: number) => engine.addAlert(userId, EURUSD, true, 1.2, T0)
    const firstId = (alert(1000) as { orderId: number }).orderId
    for (let i = 1; i < DEMO_LIMITS.alertsPerAccount; i++) expect(alert(1000).ok).toBe(true)
    expect(alert(1000)).toEqual({
      ok: false,
      reason: 'demo_alert_limit',
      detail: { max: DEMO_LIMITS.alertsPerAccount },
    })
    for (let user = 1001; user < 1000 + accounts; user++)
      for (let i = 0; i < DEMO_LIMITS.alertsPerAccount; i++) expect(alert(user).ok).toBe(true)
    expect(alert(1000 + accounts)).toEqual({ ok: false, reason: 'demo_capacity' })
    for (let i = 0; i < 50; i++) expect(alert(1).ok).toBe(true)
    // One removed frees its place.
    expect(engine.removeAlert(1000, firstId, T0).ok).toBe(true)
    expect(alert(1000 + accounts).ok).toBe(true)
  })

  it('limits all demo accounts’ live orders together, pending ones included, and never a real account', () => {
    const perAccount = 200
    const accounts = DEMO_LIMITS.liveOrdersTotal / perAccount
    const engine = withDemos(accounts + 1)
    const open = (userId: number, targetPrice?: number) =>
      engine.open(buy({ userId, lots: '0.01', ...(targetPrice === undefined ? {} : { targetPrice }) }))
    for (let i = 0; i < accounts; i++)
      for (let k = 0; k < perAccount; k++) expect(open(1000 + i, k % 2 ? 1.0 : undefined).ok).toBe(true)
    expect(open(1000 + accounts)).toEqual({ ok: false, reason: 'demo_capacity' })
    expect(open(1000 + accounts, 1.0)).toEqual({ ok: false, reason: 'demo_capacity' })
    expect(open(1).ok).toBe(true)
    // A closed position frees its place.
    const [first] = engine.ordersOf(1000).filter((o) => o.status === OrderStatus.Holding)
    expect(engine.close(1000, first!.id, T0).ok).toBe(true)
    expect(open(1000 + accounts).ok).toBe(true)
  })
})

describe('demo accounts: bounded work a quote does for them', () => {
  it('a quote acts on every real trigger and on at most DEMO_LIMITS.triggersPerTick demo ones; the rest wait for a later quote that still reaches them', () => {
    const engine = withDemos(2)
    const perDemo = DEMO_LIMITS.triggersPerTick * 0.8
    const real = DEMO_LIMITS.triggersPerTick + 50
    const demoIds: number[] = []
    for (const userId of [1000, 1001])
      for (let i = 0; i < perDemo; i++)
        demoIds.push(mustOpen(engine, buy({ userId, lots: '0.01', stopLoss: 1.09 })).id)
    for (let i = 0; i < real; i++) mustOpen(engine, buy({ lots: '0.01', stopLoss: 1.09 }))
    const closedBy = (events: ReturnType<typeof tick>) => {
      const users = closes(events).map((o) => o.userId)
      return { real: users.filter((u) => u === 1).length, demo: users.filter((u) => u >= 1000).length }
    }
    // The crash: every real stop closes, the nearest demo ones up to the budget.
    expect(closedBy(tick(engine, EURUSD, 1.089, 1.0891, T0 + 1000))).toEqual({
      real,
      demo: DEMO_LIMITS.triggersPerTick,
    })
    // A quote back above the stops fires nothing: those left are not reached.
    expect(closedBy(tick(engine, EURUSD, 1.0905, 1.0906, T0 + 2000))).toEqual({ real: 0, demo: 0 })
    // The next quote that reaches them closes the rest (at its own price).
    const rest = tick(engine, EURUSD, 1.0895, 1.0896, T0 + 3000)
    expect(closedBy(rest)).toEqual({ real: 0, demo: 2 * perDemo - DEMO_LIMITS.triggersPerTick })
    expect(closes(rest).every((o) => o.closePrice === 1.0895)).toBe(true)
    expect(demoIds.every((id) => engine.order(id) === undefined)).toBe(true)
  })

  it('moves every demo trailing stop on a quote whose demo budget another tier used up (decision 052)', () => {
    const engine = withDemos(2)
    // Demo 1001 sees a markup of 2 points: its triggers are in a tier of their own.
    engine.setPricing(new Map([[1001, 'wide']]), [{ group: 'wide', instrumentId: EURUSD, points: 2 }])
    for (let i = 0; i < DEMO_LIMITS.triggersPerTick; i++)
      mustOpen(engine, buy({ userId: 1000, lots: '0.01', takeProfit: 1.1005 }))
    const { id } = mustOpen(engine, buy({ userId: 1001, lots: '0.01' }))
    // Its bid is 1.09999: 50 points below is 1.09949.
    expect(engine.setTrailing(1001, id, 50, T0).ok).toBe(true)
    // Up past every take-profit of 1000 (the whole budget) and past the trailing stop's peak.
    const events = tick(engine, EURUSD, 1.1006, 1.1007, T0 + 1000)
    expect(closes(events)).toHaveLength(DEMO_LIMITS.triggersPerTick)
    expect(engine.order(id)?.stopLoss).toBe(1.10009)
  })
})
