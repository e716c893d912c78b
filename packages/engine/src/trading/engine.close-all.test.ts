import { ClosedType, OrderStatus, Side } from '@tp/contracts'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  EURUSD,
  T0,
  USDJPY,
  XAUUSD,
  bookingRows,
  buy,
  closes,
  makeEngine,
  mustOpen,
  sell,
  tick,
} from './test-fixtures.ts'
import type { CloseAllPick } from './engine.ts'
import type { Order } from './types.ts'

/*
 * Issue 25, close all (MT5's "close all / profitable / losing", the family's batch_Close_by_type):
 * one command that closes each position it picks at its own live price, and books exactly what
 * closing them one by one books.
 */

const INSTRUMENTS = [EURUSD, USDJPY, XAUUSD]
const LATER = T0 + 2000

describe('close all', () => {
  it('books what closing each picked position one by one books, in one command', () => {
    const position = fc.record({
      instrument: fc.constantFrom(...INSTRUMENTS),
      side: fc.constantFrom(Side.Buy, Side.Sell),
      lots: fc.constantFrom('0.01', '0.05', '0.1'),
    })
    const pick = fc.record(
      {
        instrumentId: fc.constantFrom(...INSTRUMENTS),
        side: fc.constantFrom(Side.Buy, Side.Sell),
        result: fc.constantFrom('profitable' as const, 'losing' as const),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(fc.array(position, { minLength: 1, maxLength: 8 }), pick, (positions, chosen) => {
        const [all, each] = [makeEngine(), makeEngine()]
        for (const engine of [all, each])
          for (const p of positions)
            mustOpen(engine, (p.side === Side.Buy ? buy : sell)({ instrumentId: p.instrument, lots: p.lots }))
        for (const engine of [all, each]) {
          tick(engine, EURUSD, 1.1004, 1.1005, T0 + 1000)
          tick(engine, USDJPY, 159.9, 159.91, T0 + 1000)
          tick(engine, XAUUSD, 2001, 2001.5, T0 + 1000)
        }
        const picked = each.ordersOf(1).filter((o) => picks(each, o, chosen))
        const result = all.closeAll(1, chosen as CloseAllPick, LATER)
        if (picked.length === 0) {
          expect(result).toMatchObject({ ok: false, reason: 'no_positions' })
          return
        }
        expect(result.ok).toBe(true)
        if (!result.ok) return
        const oneByOne = picked.flatMap((o) => {
          const closed = each.close(1, o.id, LATER)
          return closed.ok ? closed.events : []
        })
        expect(closes(result.events).map((o) => o.id)).toEqual(picked.map((o) => o.id))
        expect(bookingRows(result.events)).toEqual(bookingRows(oneByOne))
        expect(all.balance(1)?.toString()).toBe(each.balance(1)?.toString())
        expect(all.ordersOf(1).map((o) => o.id)).toEqual(each.ordersOf(1).map((o) => o.id))
        expect(closes(result.events).every((o) => o.closedType === ClosedType.User)).toBe(true)
      }),
      { numRuns: 200 },
    )
  })

  it('leaves a position whose quote is stale open, counts it, and refuses when none can close', () => {
    const engine = makeEngine()
    const euro = mustOpen(engine, buy()).id
    const gold = mustOpen(engine, sell({ instrumentId: XAUUSD, lots: '0.1' })).id
    // Only EURUSD's quote is live a minute later.
    tick(engine, EURUSD, 1.1, 1.1001, T0 + 60_000)
    const result = engine.closeAll(1, {}, T0 + 60_000)
    expect(result).toMatchObject({ ok: true, detail: { left: 1 } })
    expect(engine.order(euro)).toBeUndefined()
    expect(engine.order(gold)?.status).toBe(OrderStatus.Holding)
    expect(engine.closeAll(1, {}, T0 + 60_000)).toMatchObject({ ok: false, reason: 'quote_stale' })
    expect(engine.closeAll(2, {}, T0 + 60_000)).toMatchObject({ ok: false, reason: 'no_positions' })
  })
})

/** Whether `pick` takes `order`, judged as the one-by-one engine sees it (holding positions only). */
function picks(engine: ReturnType<typeof makeEngine>, order: Order, pick: CloseAllPick): boolean {
  if (order.status !== OrderStatus.Holding) return false
  if (pick.instrumentId !== undefined && order.instrumentId !== pick.instrumentId) return false
  if (pick.side !== undefined && order.side !== pick.side) return false
  if (pick.result === undefined) return true
  const { profit } = engine.markOf(order)
  return pick.result === 'profitable' ? profit > 0 : profit < 0
}
