import { LedgerType, OrderStatus } from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import { EURUSD, SATURDAY, T0, asJson, buy, makeEngine, mustOpen, sell, tick } from './test-fixtures.ts'
import type { EngineEvent, FinishedOrder, Order } from './types.ts'
import type { PendingChange } from './engine.ts'

/*
 * Issue 13, order management: a pending order's price, stops and expiry can be changed; an order
 * with an expiry ends at that instant with the status Expired, never filling at or after it.
 */

const expired = (events: readonly EngineEvent[]): FinishedOrder[] =>
  events.flatMap((e) => (e.type === 'order_cancelled' && e.reason === 'expired' ? [e.order] : []))
const opened = (events: readonly EngineEvent[]): Order[] =>
  events.flatMap((e) => (e.type === 'position_opened' ? [e.order] : []))

const change = (overrides: Partial<PendingChange> = {}): PendingChange => ({
  targetPrice: 1.0985,
  stopLoss: 0,
  takeProfit: 0,
  expiresAtMs: 0,
  ...overrides,
})

describe('changing a pending order', () => {
  it('moves its price, stops and expiry; the old price no longer fills it, the new one does', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ targetPrice: 1.099 }))
    const before = engine.order(id) as Order
    const marginBefore = before.margin
    const result = engine.modifyPending(
      1,
      id,
      change({ targetPrice: 1.0985, stopLoss: 1.098, takeProfit: 1.101, expiresAtMs: T0 + 3_600_000 }),
      T0 + 500,
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.events.map((e) => e.type)).toEqual(['pending_changed'])
    const after = engine.order(id) as Order
    expect(after).toMatchObject({
      status: OrderStatus.Pending,
      originPrice: 1.0985,
      stopLoss: 1.098,
      takeProfit: 1.101,
      expiresAtMs: T0 + 3_600_000,
    })
    // The margin estimate follows the new price: 1 lot x 100 000 x 1.0985 / 100.
    expect(after.margin.toString()).toBe('1098.5')
    expect(marginBefore.toString()).toBe('1099')

    expect(tick(engine, EURUSD, 1.0989, 1.099)).toEqual([])
    expect(engine.order(id)?.status).toBe(OrderStatus.Pending)
    const fill = opened(tick(engine, EURUSD, 1.0984, 1.0985, T0 + 2000))
    expect(fill.map((o) => [o.id, o.price, o.stopLoss, o.takeProfit, o.expiresAtMs])).toEqual([
      [id, 1.0985, 1.098, 1.101, 0],
    ])
  })

  it('a new price on the other side of the market turns a limit into a stop order', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ targetPrice: 1.099 }))
    expect(engine.modifyPending(1, id, change({ targetPrice: 1.102 }), T0 + 500).ok).toBe(true)
    expect(engine.order(id)?.entryRises).toBe(true)
    // The ask falling to the old price fills nothing; rising to the new one fills.
    expect(tick(engine, EURUSD, 1.0989, 1.099)).toEqual([])
    expect(tick(engine, EURUSD, 1.1014, 1.1015, T0 + 1500)).toEqual([])
    expect(opened(tick(engine, EURUSD, 1.1019, 1.102, T0 + 2000)).map((o) => o.price)).toEqual([1.102])
  })

  it('refuses, changing nothing: another user, a position, a bad price, stops or expiry, a dead market', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    const { id } = mustOpen(engine, sell({ targetPrice: 1.101 }))
    const position = mustOpen(engine, buy()).id
    const snapshot = asJson(engine.order(id))
    const refusals: [string, ReturnType<typeof engine.modifyPending>][] = [
      ['order_not_found', engine.modifyPending(2, id, change({ targetPrice: 1.102 }), T0)],
      ['order_not_found', engine.modifyPending(1, position, change({ targetPrice: 1.102 }), T0)],
      ['order_not_found', engine.modifyPending(1, 999_999, change({ targetPrice: 1.102 }), T0)],
      ['price_invalid', engine.modifyPending(1, id, change({ targetPrice: 1.102155 }), T0)],
      ['price_invalid', engine.modifyPending(1, id, change({ targetPrice: 0 }), T0)],
      ['price_invalid', engine.modifyPending(1, id, change({ targetPrice: Number.NaN }), T0)],
      // A sell's stop-loss lies above its price, its take-profit below.
      [
        'stop_loss_invalid',
        engine.modifyPending(1, id, change({ targetPrice: 1.102, stopLoss: 1.1015 }), T0),
      ],
      [
        'take_profit_invalid',
        engine.modifyPending(1, id, change({ targetPrice: 1.102, takeProfit: 1.103 }), T0),
      ],
      ['expiry_invalid', engine.modifyPending(1, id, change({ targetPrice: 1.102, expiresAtMs: T0 }), T0)],
      ['expiry_invalid', engine.modifyPending(1, id, change({ targetPrice: 1.102, expiresAtMs: 1.5 }), T0)],
      ['quote_stale', engine.modifyPending(1, id, change({ targetPrice: 1.102 }), T0 + 60_000)],

      ['market_closed', engine.modifyPending(1, id, change({ targetPrice: 1.102 }), SATURDAY)],
    ]
    for (const [reason, result] of refusals) expect(result).toEqual({ ok: false, reason })
    expect(asJson(engine.order(id))).toBe(snapshot)
  })

  it('refuses a change the account could no longer place, as `open` refuses a new pending order', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ targetPrice: 1.099 }))
    // 1 lot at 1:100 holds about 1 100 USD; 500 are left.
    expect(engine.adjustBalance(1, '-9500', LedgerType.STAFF_ADJUSTMENT, 'test').ok).toBe(true)
    const snapshot = asJson(engine.order(id))
    expect(engine.modifyPending(1, id, change({ targetPrice: 1.0985 }), T0)).toEqual({
      ok: false,
      reason: 'insufficient_margin',
    })
    expect(asJson(engine.order(id))).toBe(snapshot)
  })
})

describe('pending order expiry', () => {
  it('a market order ignores an expiry; a pending order refuses one not after now', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ expiresAtMs: T0 + 1000 }))
    expect(engine.order(id)).toMatchObject({ status: OrderStatus.Holding, expiresAtMs: 0 })
    for (const expiresAtMs of [T0, T0 - 1, Number.NaN, T0 + 0.5, -5])
      expect(engine.open(buy({ targetPrice: 1.099, expiresAtMs }))).toEqual({
        ok: false,
        reason: 'expiry_invalid',
      })
  })

  it('fills at a quote one millisecond before the expiry', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ targetPrice: 1.099, expiresAtMs: T0 + 5000 }))
    const fill = opened(tick(engine, EURUSD, 1.0989, 1.099, T0 + 4999))
    expect(fill.map((o) => [o.id, o.expiresAtMs])).toEqual([[id, 0]])
    expect(engine.expireDue(T0 + 10_000)).toEqual([])
    expect(engine.order(id)?.status).toBe(OrderStatus.Holding)
  })

  it('expires at the exact instant: a quote at the expiry that reaches the price fills nothing', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ targetPrice: 1.099, expiresAtMs: T0 + 5000 }))
    expect(tick(engine, EURUSD, 1.0994, 1.0995, T0 + 4999)).toEqual([])
    const events = tick(engine, EURUSD, 1.0989, 1.099, T0 + 5000)
    expect(events.map((e) => e.type)).toEqual(['order_cancelled'])
    expect(expired(events)).toMatchObject([
      { id, status: OrderStatus.Expired, closedAtMs: T0 + 5000, expiresAtMs: T0 + 5000 },
    ])
    expect(engine.order(id)).toBeUndefined()
    expect(engine.ordersOf(1)).toEqual([])
  })

  it('expires by the clock alone, once, with no quote; only orders whose time has come', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    const early = mustOpen(engine, buy({ targetPrice: 1.099, expiresAtMs: T0 + 5000 })).id
    const late = mustOpen(engine, sell({ userId: 2, targetPrice: 1.102, expiresAtMs: T0 + 9000 })).id
    const forever = mustOpen(engine, buy({ targetPrice: 1.098 })).id
    expect(engine.expireDue(T0 + 4999)).toEqual([])
    expect(expired(engine.expireDue(SATURDAY)).map((o) => o.id)).toEqual([early, late])
    expect(engine.expireDue(SATURDAY + 1)).toEqual([])
    expect(engine.ordersOf(1).map((o) => o.id)).toEqual([forever])
  })

  it('an order past its expiry can be neither cancelled nor changed, even before the clock says so', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ targetPrice: 1.099, expiresAtMs: T0 + 5000 }))
    expect(engine.cancel(1, id, T0 + 5000)).toEqual({ ok: false, reason: 'order_not_found' })
    expect(engine.modifyPending(1, id, change({ targetPrice: 1.0985 }), T0 + 5000)).toEqual({
      ok: false,
      reason: 'order_not_found',
    })
    expect(expired(engine.expireDue(T0 + 5000)).map((o) => o.id)).toEqual([id])
  })

  it('a change of expiry replaces the old one: later, or none', () => {
    const engine = makeEngine()
    const later = mustOpen(engine, buy({ targetPrice: 1.099, expiresAtMs: T0 + 5000 })).id
    const never = mustOpen(engine, buy({ targetPrice: 1.0985, expiresAtMs: T0 + 5000 })).id
    expect(
      engine.modifyPending(1, later, change({ targetPrice: 1.099, expiresAtMs: T0 + 8000 }), T0).ok,
    ).toBe(true)
    expect(engine.modifyPending(1, never, change({ targetPrice: 1.0985 }), T0).ok).toBe(true)
    expect(engine.expireDue(T0 + 7999)).toEqual([])
    expect(expired(engine.expireDue(T0 + 8000)).map((o) => o.id)).toEqual([later])
    expect(engine.expireDue(T0 + 1_000_000_000)).toEqual([])
    expect(engine.order(never)?.status).toBe(OrderStatus.Pending)
  })

  it('survives a restart: a restored pending order expires at its time', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ targetPrice: 1.099, expiresAtMs: T0 + 5000 }))
    const rebuilt = makeEngine()
    rebuilt.restoreOrder(engine.order(id) as Order)
    expect(rebuilt.expireDue(T0 + 4999)).toEqual([])
    expect(expired(rebuilt.expireDue(T0 + 5000)).map((o) => o.id)).toEqual([id])
  })
})
