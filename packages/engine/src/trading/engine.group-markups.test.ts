import { ClosedType, OrderStatus } from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import { EURUSD, T0, buy, closes, makeEngine, mustOpen, sell, tick } from './test-fixtures.ts'
import type { TradingEngine } from './engine.ts'
import type { EngineEvent } from './types.ts'

/*
 * Issue 28, markups per client group (decision 052): a client of a group with a markup on an
 * instrument trades, is marked and has its triggers fire at the house's quote widened by it. Here
 * the group "vip" pays 4 points on EURUSD (2 off the bid, 2 on the ask); user 1 is in it, user 2 is
 * standard. The house's quote at T0 is 1.1 / 1.1001, so vip sees 1.09998 / 1.10012.
 */

const VIP = new Map([[1, 'vip']])
const MARKUP = [{ group: 'vip', instrumentId: EURUSD, points: 4 }]

function twoClients(): TradingEngine {
  const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
  expect(engine.setPricing(VIP, MARKUP)).toEqual([1])
  return engine
}

const fills = (events: readonly EngineEvent[]) =>
  events.flatMap((e) => (e.type === 'position_opened' && e.fromPending ? [e.order.price] : []))

describe('markups per client group', () => {
  it('fills a group client at its own quote and everyone else at the house quote', () => {
    const engine = twoClients()
    const vipBuy = mustOpen(engine, buy())
    const vipSell = mustOpen(engine, sell())
    const houseBuy = mustOpen(engine, buy({ userId: 2 }))
    expect(engine.order(vipBuy.id)?.price).toBe(1.10012)
    expect(engine.order(vipSell.id)?.price).toBe(1.09998)
    expect(engine.order(houseBuy.id)?.price).toBe(1.1001)
    expect(engine.quoteFor(1, EURUSD)).toMatchObject({ bid: 1.09998, ask: 1.10012 })
    expect(engine.quoteFor(2, EURUSD)).toMatchObject({ bid: 1.1, ask: 1.1001 })
    // A close is at the client's own bid too.
    const closed = engine.close(1, vipBuy.id, T0 + 10)
    expect(closed.ok && closes(closed.events)).toMatchObject([{ closePrice: 1.09998 }])
  })

  it('marks a group client at its own quote, in the view and in the margin level', () => {
    const engine = twoClients()
    const vip = mustOpen(engine, buy())
    mustOpen(engine, buy({ userId: 2 }))
    // 1 lot = 100 000 units at 1 USD a point: the vip is 14 points of spread down, the house client 10.
    expect(engine.markOf(engine.order(vip.id)!)).toMatchObject({ mark: 1.09998 })
    expect(engine.accountView(1)?.profit).toBeCloseTo(-14, 6)
    expect(engine.accountView(2)?.profit).toBeCloseTo(-10, 6)
    tick(engine, EURUSD, 1.1011, 1.1012)
    expect(engine.accountView(1)?.profit).toBeCloseTo((1.10108 - 1.10012) * 100_000, 6)
    expect(engine.accountView(2)?.profit).toBeCloseTo((1.1011 - 1.1001) * 100_000, 6)
  })

  it("fires a group client's stop at its own bid, not at the house's", () => {
    const engine = twoClients()
    const vip = mustOpen(engine, buy({ stopLoss: 1.099 }))
    const house = mustOpen(engine, buy({ userId: 2, stopLoss: 1.099 }))
    // The house bid 1.09902: the vip's bid is 1.099, its stop; the house client's is not reached.
    const closed = closes(tick(engine, EURUSD, 1.09902, 1.09912))
    expect(closed).toMatchObject([{ id: vip.id, closedType: ClosedType.StopLoss, closePrice: 1.099 }])
    expect(engine.order(house.id)?.status).toBe(OrderStatus.Holding)
  })

  it("fills a group client's pending order when its own ask reaches it", () => {
    const engine = twoClients()
    const vip = mustOpen(engine, buy({ targetPrice: 1.0995 }))
    const house = mustOpen(engine, buy({ userId: 2, targetPrice: 1.0995 }))
    // House ask 1.0995: the house client's limit fills; the vip's ask is 1.09952, above its limit.
    expect(fills(tick(engine, EURUSD, 1.0994, 1.0995))).toEqual([1.0995])
    expect(engine.order(vip.id)?.status).toBe(OrderStatus.Pending)
    expect(engine.order(house.id)?.status).toBe(OrderStatus.Holding)
    // House ask 1.09948: the vip's ask is 1.0995.
    expect(fills(tick(engine, EURUSD, 1.09938, 1.09948, T0 + 2000))).toEqual([1.0995])
    expect(engine.order(vip.id)?.status).toBe(OrderStatus.Holding)
  })

  it("trails a group client's stop on its own bid", () => {
    const engine = twoClients()
    const { id } = mustOpen(engine, buy())
    // The vip's bid is 1.09998: 50 points below is 1.09948.
    const set = engine.setTrailing(1, id, 50, T0 + 100)
    expect(set.ok).toBe(true)
    expect(engine.order(id)?.stopLoss).toBe(1.09948)
    tick(engine, EURUSD, 1.1002, 1.1003)
    expect(engine.order(id)?.stopLoss).toBe(1.09968)
    // Down to the house bid 1.0997: the vip's bid is 1.09968, its stop.
    const closed = closes(tick(engine, EURUSD, 1.0997, 1.0998, T0 + 2000))
    expect(closed).toMatchObject([{ id, closedType: ClosedType.StopLoss, closePrice: 1.09968 }])
  })

  it("re-keys a moved client's stops, pending orders and marks, and back again", () => {
    const engine = makeEngine({ accounts: { 1: '10000' } })
    const position = mustOpen(engine, buy({ stopLoss: 1.099 }))
    const pending = mustOpen(engine, sell({ targetPrice: 1.1005 }))
    expect(engine.accountView(1)?.profit).toBeCloseTo(-10, 6)
    expect(engine.setPricing(VIP, MARKUP)).toEqual([1])
    expect(engine.accountView(1)?.profit).toBeCloseTo(-12, 6)
    // The house bid 1.10052: the standard sell limit would fill, the vip's bid is 1.1005 and fills it.
    expect(fills(tick(engine, EURUSD, 1.10051, 1.10061))).toEqual([])
    expect(fills(tick(engine, EURUSD, 1.10052, 1.10062, T0 + 2000))).toEqual([1.1005])
    expect(engine.order(pending.id)?.status).toBe(OrderStatus.Holding)
    // Back to the house's price: the stop fires at the house bid again, not 2 points early.
    expect(engine.setPricing(new Map(), MARKUP)).toEqual([1])
    expect(closes(tick(engine, EURUSD, 1.09902, 1.09912, T0 + 3000))).toEqual([])
    const closed = closes(tick(engine, EURUSD, 1.099, 1.0991, T0 + 4000))
    expect(closed.map((o) => o.id)).toEqual([position.id])
  })

  it('lists a stop trailed before a move, so the moved client’s stored stop is not left behind', () => {
    const engine = makeEngine({ accounts: { 1: '10000' } })
    const { id } = mustOpen(engine, buy())
    expect(engine.setTrailing(1, id, 50, T0 + 100).ok).toBe(true)
    // Listed once (the desk stores 1.0995), then trailed up to 1.0997 by a quote not yet listed.
    engine.trailedStops(T0 + 200)
    tick(engine, EURUSD, 1.1002, 1.1003, T0 + 300)
    expect(engine.setPricing(VIP, MARKUP)).toEqual([1])
    // The next listing carries the trailed stop, to be stored.
    const listed = engine.trailedStops(T0 + 5000)
    expect(listed).toEqual([expect.objectContaining({ type: 'stop_trailed', orderId: id, stopLoss: 1.0997 })])
  })

  it('re-keys the clients of a group whose markup changed, and nobody else', () => {
    const engine = twoClients()
    const { id } = mustOpen(engine, buy({ stopLoss: 1.099 }))
    expect(engine.setPricing(VIP, MARKUP)).toEqual([])
    expect(engine.setPricing(VIP, [{ group: 'vip', instrumentId: EURUSD, points: 10 }])).toEqual([1])
    // 5 points off the bid now: the house bid 1.09905 reaches the stop.
    expect(closes(tick(engine, EURUSD, 1.09906, 1.09916)).map((o) => o.id)).toEqual([])
    expect(closes(tick(engine, EURUSD, 1.09905, 1.09915, T0 + 2000)).map((o) => o.id)).toEqual([id])
  })

  it('stops out a group client at its own marks, after a move that widens its spread', () => {
    // 1 lot at 1:100: 1 100 of margin on 1 200 of balance.
    const engine = makeEngine({ accounts: { 1: '1200' } })
    mustOpen(engine, buy({ lots: '1' }))
    const before = engine.accountView(1)!.equity
    engine.setPricing(VIP, [{ group: 'vip', instrumentId: EURUSD, points: 1200 }])
    // 600 points off the bid: 600 USD less equity, and the next tick acts on the level.
    expect(engine.accountView(1)!.equity).toBeCloseTo(before - 600, 6)
    const events = tick(engine, EURUSD, 1.1, 1.1001)
    expect(events.some((e) => e.type === 'stop_out' || e.type === 'margin_call')).toBe(true)
  })
})
