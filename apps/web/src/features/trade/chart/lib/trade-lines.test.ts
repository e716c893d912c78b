import { OrderStatus, Side, type TransOrder } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { isDraggable, orderLines, spreadPoints } from './trade-lines.ts'

const order = (over: Partial<TransOrder>): TransOrder =>
  ({
    Id: 1,
    ForexId: 7,
    OrderType: Side.Buy,
    Quantity: 0.1,
    Price: 1.1,
    OriginPrice: 1.1,
    Status: OrderStatus.Holding,
    TargetLossPrice: 0,
    TargetProfitPrice: 0,
    ...over,
  }) as TransOrder

const texts = {
  entry: (o: TransOrder) => `entry ${o.Id}`,
  stopLoss: 'SL',
  trailingStop: 'TSL',
  takeProfit: 'TP',
}

describe('orderLines', () => {
  it("draws a position's entry, stop and target; only its stops can be dragged", () => {
    const lines = orderLines([order({ TargetLossPrice: 1.09, TargetProfitPrice: 1.12 })], 7, texts)
    expect(lines.map((l) => [l.id, l.role, l.price, l.title])).toEqual([
      ['1-entry', 'entry', 1.1, 'entry 1'],
      ['1-stopLoss', 'stopLoss', 1.09, 'SL'],
      ['1-takeProfit', 'takeProfit', 1.12, 'TP'],
    ])
    expect(lines.filter(isDraggable).map((l) => l.id)).toEqual(['1-stopLoss', '1-takeProfit'])
  })

  it("draws a pending order's asked price and stops, all draggable", () => {
    const pending = order({
      Id: 2,
      Status: OrderStatus.Pending,
      Price: 0,
      OriginPrice: 1.05,
      TargetLossPrice: 1.04,
    })
    const lines = orderLines([pending], 7, texts)
    expect(lines.map((l) => [l.role, l.price])).toEqual([
      ['pendingEntry', 1.05],
      ['stopLoss', 1.04],
    ])
    expect(lines.filter(isDraggable).map((l) => l.id)).toEqual(['2-entry', '2-stopLoss'])
  })

  it('names a stop-loss that a trailing stop moves', () => {
    const lines = orderLines([order({ TargetLossPrice: 1.09, TrailingStop: 50 })], 7, texts)
    expect(lines.map((l) => l.title)).toEqual(['entry 1', 'TSL'])
  })

  it('leaves out other instruments and finished orders', () => {
    const lines = orderLines([order({ ForexId: 8 }), order({ Status: OrderStatus.Closed })], 7, texts)
    expect(lines).toEqual([])
  })
})

describe('spreadPoints', () => {
  it('counts points at the precision', () => {
    expect(spreadPoints(1.08412, 1.08424, 5)).toBe(12)
    expect(spreadPoints(Number.NaN, 1, 2)).toBeNull()
  })
})
