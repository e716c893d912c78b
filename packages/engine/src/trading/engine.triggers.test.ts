// Engine scenarios: stop loss, take profit and pending-order triggers.
import { ClosedType, OrderStatus } from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import { money } from './money.ts'
import { EURUSD, T0, buy, closes, makeEngine, mustOpen, tick } from './test-fixtures.ts'
import type { EngineEvent } from './types.ts'
import { types, str } from './scenario-helpers.ts'
import { TRIGGERS } from './engine.triggers.table.ts'

/*
 * Hand-computed scenarios. Unless a test says otherwise: EURUSD (contract 100 000, precision 5) is at
 * bid 1.10000 / ask 1.10010, USDJPY at 159.995 / 160.005 (mid 160), GER40 (EUR, contract 1) at
 * 18000.0 / 18000.5; fees are 0; user 1 has 10 000 USD; every quote is stamped T0 (a Wednesday noon).
 */

describe('triggers', () => {
  it.each(TRIGGERS)('$name', (row) => {
    const engine = makeEngine()
    const { id, events } = mustOpen(engine, row.open)
    expect(types(events)).toEqual([row.fill === undefined ? 'position_opened' : 'order_placed'])
    let time = T0
    for (const [bid, ask] of row.quiet) expect(tick(engine, EURUSD, bid, ask, (time += 1000))).toEqual([])
    expect(engine.order(id)).toBeDefined()
    const fired = tick(engine, EURUSD, row.fire[0], row.fire[1], (time += 1000))
    expect(types(fired)).toEqual(row.types)
    if (row.fill !== undefined) {
      const opened = fired[0] as Extract<EngineEvent, { type: 'position_opened' }>
      expect(opened.order).toMatchObject({
        id,
        price: row.fill,
        status: OrderStatus.Holding,
        openedAtMs: time,
      })
      // margin at the fill price: 100 000 x fill / 100.
      expect(opened.order.margin.toNumber()).toBeCloseTo(1000 * row.fill, 9)
    }
    if (row.close) {
      const closed = closes(fired)[0]
      expect(closed).toMatchObject({
        id,
        closePrice: row.close.price,
        closedType: row.close.type,
        closedAtMs: time,
      })
      expect(str(closed?.profit ?? '')).toBe(row.close.profit)
      expect(engine.order(id)).toBeUndefined()
      expect(str(engine.balance(1) ?? '')).toBe(money(10000).plus(row.close.profit).toString())
    } else {
      expect(engine.order(id)?.status).toBe(OrderStatus.Holding)
    }
  })

  it('a pending order holds no margin until it fills, then margin at the fill price', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ targetPrice: 1.099 }))
    expect([...engine.accountTotals()][0]?.usedMargin).toBe(0)
    tick(engine, EURUSD, 1.0979, 1.098)
    // 100 000 x 1.098 / 100 = 1098
    expect(str(engine.order(id)?.margin ?? '')).toBe('1098')
    expect([...engine.accountTotals()][0]?.usedMargin).toBeCloseTo(1098, 6)
  })

  it('pending orders that fill together: the one that no longer fits is cancelled for margin', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    // Each: 0.5 lot at 1.099, margin 50 000 x 1.099 / 100 = 549.5 <= 1000 on its own.
    const a = mustOpen(engine, buy({ lots: '0.5', targetPrice: 1.099 })).id
    const b = mustOpen(engine, buy({ lots: '0.5', targetPrice: 1.099 })).id
    const events = tick(engine, EURUSD, 1.0989, 1.099)
    // After a: equity 1000 + (1.0989 - 1.099) x 50 000 = 995, free 995 - 549.5 = 445.5 < 549.5.
    expect(types(events)).toEqual(['position_opened', 'order_cancelled'])
    expect(events[0]).toMatchObject({ order: { id: a } })
    expect(events[1]).toMatchObject({ order: { id: b, status: OrderStatus.Cancelled }, reason: 'no_margin' })
    expect(engine.ordersOf(1).map((o) => o.id)).toEqual([a])
  })

  it('setStops: the old levels no longer fire, the new ones do', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ stopLoss: 1.099, takeProfit: 1.102 }))
    const changed = engine.setStops(1, id, 1.098, 1.103, T0 + 500)
    expect(changed.ok && types(changed.events)).toEqual(['stops_changed'])
    expect(engine.order(id)).toMatchObject({ stopLoss: 1.098, takeProfit: 1.103, stopsVersion: 1 })
    expect(tick(engine, EURUSD, 1.099, 1.0991, T0 + 1000)).toEqual([]) // the old stop
    expect(tick(engine, EURUSD, 1.102, 1.1021, T0 + 2000)).toEqual([]) // the old target
    const fired = tick(engine, EURUSD, 1.098, 1.0981, T0 + 3000)
    expect(closes(fired)).toMatchObject([{ id, closePrice: 1.098, closedType: ClosedType.StopLoss }])
  })

  it('setStops to 0 removes a stop; the same levels again re-arm them once', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ stopLoss: 1.099 }))
    expect(engine.setStops(1, id, 0, 0, T0 + 500).ok).toBe(true)
    expect(tick(engine, EURUSD, 1.098, 1.0981, T0 + 1000)).toEqual([])
    expect(engine.setStops(1, id, 1.097, 0, T0 + 500).ok).toBe(true)
    expect(engine.setStops(1, id, 1.097, 0, T0 + 500).ok).toBe(true)
    // Two edits to the same level: one close only.
    const fired = tick(engine, EURUSD, 1.0965, 1.0966, T0 + 2000)
    expect(types(fired)).toEqual(['position_closed', 'booked'])
  })

  it('many stop edits sweep the stale index entries and keep the live ones (compaction)', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    const { id } = mustOpen(engine, buy({ stopLoss: 1.099 }))
    const other = mustOpen(engine, buy({ userId: 2, targetPrice: 1.0985 })).id
    // Each edit leaves two stale entries (a stop-loss and a take-profit, in two heaps); each heap sweeps
    // itself once it has doubled since its last sweep (and holds 1,024 entries or more).
    const targets = [1.101, 1.102, 1.103]
    for (let i = 0; i < 25_001; i++) {
      const result = engine.setStops(1, id, i % 2 === 0 ? 1.0995 : 1.0993, targets[i % 3] as number, T0 + 500)
      if (!result.ok) throw new Error(result.reason)
    }
    // The last edit (i = 25 000): stop 1.0995, target targets[25 000 % 3 = 1] = 1.102.
    expect(engine.order(id)).toMatchObject({ stopLoss: 1.0995, takeProfit: 1.102, stopsVersion: 25_001 })
    // A peek inside (test only): the sweeps ran, so the heaps hold at most about 1,024 entries each
    // (two heaps written), not 50,000.
    const triggers = (engine as unknown as { s: { triggers: { size(id: number): number } } }).s.triggers
    expect(triggers.size(EURUSD)).toBeLessThanOrEqual(2 * 1024 + 1)
    expect(tick(engine, EURUSD, 1.0994, 1.0995, T0 + 1000).map((e) => e.type)).toEqual([
      'position_closed',
      'booked',
    ])
    // The other user's pending entry survived the sweep.
    expect(types(tick(engine, EURUSD, 1.0984, 1.0985, T0 + 2000))).toEqual(['position_opened'])
    expect(engine.order(other)?.status).toBe(OrderStatus.Holding)
  })

  it('a refused setStops keeps the old stops armed', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ stopLoss: 1.099 }))
    expect(engine.setStops(1, id, 1.1005, 0, T0 + 500)).toEqual({ ok: false, reason: 'stop_loss_invalid' })
    expect(engine.order(id)).toMatchObject({ stopLoss: 1.099, stopsVersion: 0 })
    expect(closes(tick(engine, EURUSD, 1.099, 1.0991))).toHaveLength(1)
  })
})
