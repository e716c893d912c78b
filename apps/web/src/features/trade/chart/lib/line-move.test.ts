import { OrderStatus, Side, type TransOrder } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { movedTerms } from './line-move.ts'
import type { DraggableLine } from './trade-lines.ts'

const quote = { bid: 1.1, ask: 1.1002 }
const order = (over: Partial<TransOrder>): TransOrder =>
  ({
    Id: 1,
    OrderType: Side.Buy,
    Status: OrderStatus.Pending,
    OriginPrice: 1.09,
    Price: 0,
    TargetLossPrice: 1.08,
    TargetProfitPrice: 1.12,
    ExpireTimeHandler: '',
    ...over,
  }) as TransOrder
const line = (role: DraggableLine['role'], over: Partial<TransOrder> = {}): DraggableLine => ({
  id: 'x',
  role,
  price: 0,
  title: '',
  order: order(over),
})

describe('moving an order line', () => {
  it("moves a pending order's price, keeping its stops and expiry", () => {
    const moved = movedTerms(
      line('pendingEntry', { ExpireTimeHandler: '2026-12-01 10:00:00' }),
      1.095,
      5,
      quote,
    )
    expect(moved).toEqual({
      ok: true,
      value: {
        kind: 'pending',
        terms: {
          target_price: 1.095,
          stop_loss_price: 1.08,
          target_profit_price: 1.12,
          expire_type: 2,
          expire_time: '2026-12-01 10:00:00',
        },
      },
    })
  })

  it("moves a pending order's stop against its price, not the market", () => {
    const moved = movedTerms(line('stopLoss'), 1.085, 5, quote)
    expect(moved).toMatchObject({
      ok: true,
      value: { kind: 'pending', terms: { target_price: 1.09, stop_loss_price: 1.085, expire_type: 0 } },
    })
    // A buy's stop-loss must stay below its price.
    expect(movedTerms(line('stopLoss'), 1.091, 5, quote)).toMatchObject({
      ok: false,
      problem: { key: 'stops.stopLossBelow' },
    })
    // Moving the price under its stop-loss is refused the same way.
    expect(movedTerms(line('pendingEntry'), 1.079, 5, quote)).toMatchObject({
      ok: false,
      problem: { key: 'stops.stopLossBelow' },
    })
  })

  it("moves a position's stop against the price it closes at now", () => {
    const position = { Status: OrderStatus.Holding, Price: 1.09 }
    expect(movedTerms(line('takeProfit', position), 1.105, 5, quote)).toEqual({
      ok: true,
      value: { kind: 'stops', stopLoss: 1.08, takeProfit: 1.105 },
    })
    expect(movedTerms(line('takeProfit', position), 1.0999, 5, quote)).toMatchObject({ ok: false })
  })
})
