import { ClosedType, LedgerType, OrderStatus } from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import { money } from './money.ts'
import {
  EURUSD,
  T0,
  bookingRows,
  buy,
  closes,
  makeEngine,
  mustOpen,
  sell,
  terms,
  tick,
} from './test-fixtures.ts'
import type { EngineEvent, Order } from './types.ts'

/*
 * Issue 13, partial close: `close` with a number of lots closes that part of a position as its own
 * finished order (a new id, its own profit, its share of margin and fee); the rest keeps its id,
 * its fill price and its stops.
 */

const reduced = (events: readonly EngineEvent[]): Order[] =>
  events.flatMap((e) => (e.type === 'position_reduced' ? [e.order] : []))

describe('partial close', () => {
  it('closes part of a buy at the bid: the part is its own record, the rest keeps its id, price and stops', () => {
    const engine = makeEngine({ fee: { [EURUSD]: '5' }, risk: { feePerLot: true } })
    const { id } = mustOpen(engine, buy({ lots: '1', stopLoss: 1.09, takeProfit: 1.12 }))
    const opened = engine.order(id) as Order
    tick(engine, EURUSD, 1.1011, 1.1012)
    const result = engine.close(1, id, T0 + 2000, ClosedType.User, '0.3')
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const [part] = closes(result.events)
    const [rest] = reduced(result.events)
    expect(part?.id).not.toBe(id)
    expect(part).toMatchObject({
      status: OrderStatus.Closed,
      closedType: ClosedType.User,
      closePrice: 1.1011,
      price: opened.price,
      closedAtMs: T0 + 2000,
    })
    expect(part?.lots.toString()).toBe('0.3')
    // (1.1011 - 1.1001) x 0.3 lots x 100 000 = 30 USD.
    expect(part?.profit.toString()).toBe('30')
    expect(rest?.id).toBe(id)
    expect(rest?.lots.toString()).toBe('0.7')
    expect(rest).toMatchObject({ price: opened.price, stopLoss: 1.09, takeProfit: 1.12 })
    // Margin and fee are shared out exactly: the two parts add up to what the position held.
    expect(part?.margin.plus(rest?.margin ?? 0).equals(opened.margin)).toBe(true)
    expect(part?.fee.plus(rest?.fee ?? 0).equals(opened.fee)).toBe(true)
    expect(part?.margin.toString()).toBe(opened.margin.times('0.3').toString())
    expect(bookingRows(result.events)).toEqual([
      {
        userId: 1,
        type: LedgerType.TRADE_PROFIT,
        amount: '30',
        balanceAfter: '10025',
        ref: `order:${part?.id}`,
      },
    ])
    expect(engine.order(id)?.lots.toString()).toBe('0.7')
    expect(engine.ordersOf(1).map((o) => o.id)).toEqual([id])
  })

  it('closes part of a sell at the ask, and the rest then closes by its own stop for what is left', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, sell({ lots: '2', stopLoss: 1.105 }))
    tick(engine, EURUSD, 1.0989, 1.099)
    const result = engine.close(1, id, T0 + 2000, ClosedType.User, '0.5')
    if (!result.ok) throw new Error(result.reason)
    // (1.1 - 1.099) x 0.5 x 100 000 = 50 USD.
    expect(closes(result.events)[0]?.profit.toString()).toBe('50')
    const stopped = tick(engine, EURUSD, 1.105, 1.1051, T0 + 3000)
    const [last] = closes(stopped)
    expect(last).toMatchObject({ id, closedType: ClosedType.StopLoss })
    expect(last?.lots.toString()).toBe('1.5')
    expect(engine.ordersOf(1)).toEqual([])
  })

  it('takes lots equal to the whole position as a whole close, keeping the id', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ lots: '0.5' }))
    const result = engine.close(1, id, T0 + 1000, ClosedType.User, '0.50')
    if (!result.ok) throw new Error(result.reason)
    expect(closes(result.events).map((o) => o.id)).toEqual([id])
    expect(reduced(result.events)).toEqual([])
  })

  it('refuses a part off the step, under the minimum, leaving less than the minimum, or not a number, and changes nothing', () => {
    const list = [terms({ id: EURUSD, code: 'EURUSD', minLots: '0.1', lotStep: '0.05' })]
    const engine = makeEngine({ list, quotes: { [EURUSD]: [1.1, 1.1001] } })
    const { id } = mustOpen(engine, buy({ lots: '1' }))
    const before = JSON.stringify(engine.order(id))
    const balance = engine.balance(1)?.toString()
    for (const lots of ['0.07', '0.05', '0.95', '1.05', '2', '0', '-0.1', '1e-1', 'abc', '', ' 0.5', '0x1'])
      expect({ lots, result: engine.close(1, id, T0 + 1000, ClosedType.User, lots) }).toEqual({
        lots,
        result: { ok: false, reason: 'lots_invalid' },
      })
    expect(JSON.stringify(engine.order(id))).toBe(before)
    expect(engine.balance(1)?.toString()).toBe(balance)
    // The edges: the minimum itself, and leaving exactly the minimum.
    expect(engine.close(1, id, T0 + 1000, ClosedType.User, '0.1').ok).toBe(true)
    expect(engine.close(1, id, T0 + 1000, ClosedType.User, '0.8').ok).toBe(true)
    expect(engine.order(id)?.lots.toString()).toBe('0.1')
  })

  it('refuses a partial close of a pending order, of another user, and when the market is not live', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    const { id } = mustOpen(engine, buy({ lots: '1' }))
    const pending = mustOpen(engine, buy({ lots: '1', targetPrice: 1.05 })).id
    expect(engine.close(1, pending, T0 + 1000, ClosedType.User, '0.5')).toEqual({
      ok: false,
      reason: 'order_not_found',
    })
    expect(engine.close(2, id, T0 + 1000, ClosedType.User, '0.5')).toEqual({
      ok: false,
      reason: 'order_not_found',
    })
    expect(engine.close(1, id, T0 + 60_000, ClosedType.User, '0.5')).toEqual({
      ok: false,
      reason: 'quote_stale',
    })
    expect(engine.order(id)?.lots.toString()).toBe('1')
  })

  it('frees the margin of the part at once: the account holds only the rest', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ lots: '2' }))
    const before = engine.accountView(1)?.usedMargin ?? 0
    expect(engine.close(1, id, T0 + 1000, ClosedType.User, '1.5').ok).toBe(true)
    const after = engine.accountView(1)?.usedMargin ?? 0
    expect(money(after).toDecimalPlaces(6).toNumber()).toBeCloseTo(before / 4, 6)
  })
})
