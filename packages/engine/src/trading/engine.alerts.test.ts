import { describe, expect, it } from 'vitest'
import { EURUSD, SATURDAY, T0, USDJPY, makeEngine, tick } from './test-fixtures.ts'
import { MAX_ALERTS_PER_USER } from './engine.ts'
import type { EngineEvent } from './types.ts'

/*
 * Issue 13, price alerts: above or below a price, on the bid; each fires once from the tick path.
 * EURUSD starts at bid 1.1 / ask 1.1001.
 */

const fired = (events: readonly EngineEvent[]) =>
  events.flatMap((e) => (e.type === 'alert_fired' ? [[e.alert.id, e.bid]] : []))

function mustAdd(
  engine: ReturnType<typeof makeEngine>,
  above: boolean,
  price: number,
  userId = 1,
  id = EURUSD,
) {
  const result = engine.addAlert(userId, id, above, price, T0)
  if (!result.ok) throw new Error(result.reason)
  return result.orderId as number
}

describe('price alerts', () => {
  it('fire once when the bid reaches them, from either side', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    const up = mustAdd(engine, true, 1.101)
    const down = mustAdd(engine, false, 1.099, 2)
    const far = mustAdd(engine, true, 1.2)
    expect(fired(tick(engine, EURUSD, 1.1009, 1.101, T0 + 1000))).toEqual([])
    // The ask reaching the price does not fire an alert on the bid.
    expect(fired(tick(engine, EURUSD, 1.101, 1.1011, T0 + 2000))).toEqual([[up, 1.101]])
    expect(fired(tick(engine, EURUSD, 1.102, 1.1021, T0 + 3000))).toEqual([])
    // A gap straight through: it fires at the quote that crossed it.
    expect(fired(tick(engine, EURUSD, 1.095, 1.0951, T0 + 4000))).toEqual([[down, 1.095]])
    expect(fired(tick(engine, EURUSD, 1.09, 1.0901, T0 + 5000))).toEqual([])
    expect(engine.alertCount()).toBe(1)
    expect(engine.removeAlert(1, far, T0).ok).toBe(true)
  })

  it('fire in id order when one quote reaches several; another instrument fires none', () => {
    const engine = makeEngine()
    const a = mustAdd(engine, true, 1.1005)
    const b = mustAdd(engine, true, 1.1003)
    mustAdd(engine, true, 160.5, 1, USDJPY)
    const events = tick(engine, EURUSD, 1.1006, 1.1007, T0 + 1000)
    expect(fired(events)).toEqual([
      [a, 1.1006],
      [b, 1.1006],
    ])
    expect(events.find((e) => e.type === 'alert_fired')).toMatchObject({ ask: 1.1007, timeMs: T0 + 1000 })
  })

  it('stay silent on a quote outside the session (nobody could trade at it)', () => {
    const engine = makeEngine()
    mustAdd(engine, true, 1.1005)
    expect(fired(tick(engine, EURUSD, 1.1006, 1.1007, SATURDAY))).toEqual([])
    expect(engine.alertCount()).toBe(1)
  })

  it('refuse a price already reached, off the grid, an unknown instrument, and past the limit', () => {
    const engine = makeEngine()
    expect(engine.addAlert(1, EURUSD, true, 1.1, T0)).toEqual({ ok: false, reason: 'alert_reached' })
    expect(engine.addAlert(1, EURUSD, false, 1.1001, T0)).toEqual({ ok: false, reason: 'alert_reached' })
    expect(engine.addAlert(1, EURUSD, true, 1.100001, T0)).toEqual({ ok: false, reason: 'price_invalid' })
    expect(engine.addAlert(1, EURUSD, true, -1, T0)).toEqual({ ok: false, reason: 'price_invalid' })
    expect(engine.addAlert(1, 999, true, 1.2, T0)).toEqual({ ok: false, reason: 'instrument_not_found' })
    expect(engine.addAlert(42, EURUSD, true, 1.2, T0)).toEqual({ ok: false, reason: 'account_not_found' })
    for (let i = 0; i < MAX_ALERTS_PER_USER; i++) mustAdd(engine, true, Number((1.2 + i / 10_000).toFixed(4)))
    expect(engine.addAlert(1, EURUSD, true, 1.3, T0)).toEqual({ ok: false, reason: 'too_many_alerts' })
    // A fired or removed alert frees its place.
    tick(engine, EURUSD, 1.2, 1.2001, T0 + 1000)
    expect(engine.addAlert(1, EURUSD, true, 1.3, T0).ok).toBe(true)
  })

  it('are removed by their owner only; a removed alert never fires', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    const id = mustAdd(engine, true, 1.1005)
    expect(engine.removeAlert(2, id, T0)).toEqual({ ok: false, reason: 'alert_not_found' })
    expect(engine.removeAlert(1, id, T0).ok).toBe(true)
    expect(engine.removeAlert(1, id, T0)).toEqual({ ok: false, reason: 'alert_not_found' })
    expect(fired(tick(engine, EURUSD, 1.101, 1.1011, T0 + 1000))).toEqual([])
  })

  it('survive a restart: a restored alert fires', () => {
    const engine = makeEngine()
    const id = mustAdd(engine, false, 1.0995)
    const added = engine.addAlert(1, EURUSD, true, 1.2, T0)
    const rebuilt = makeEngine()
    rebuilt.restoreAlert({
      id,
      userId: 1,
      instrumentId: EURUSD,
      above: false,
      price: 1.0995,
      createdAtMs: T0,
    })
    expect(added.ok).toBe(true)
    expect(fired(tick(rebuilt, EURUSD, 1.0995, 1.0996, T0 + 1000))).toEqual([[id, 1.0995]])
  })
})
