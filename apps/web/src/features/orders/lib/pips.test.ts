import { OrderStatus, Side, type TransOrder } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { closedPips, formatPips } from './pips.ts'

const order = (over: Partial<TransOrder>, digits = 5) =>
  ({
    Status: OrderStatus.Closed,
    OrderType: Side.Buy,
    Price: 1.08512,
    UpdatePrice: 1.08634,
    ForexTradeLists: { PricePrecision: digits },
    ...over,
  }) as TransOrder

describe('closedPips', () => {
  it('counts a closed position’s pips by its instrument’s digits, in its favour', () => {
    expect(closedPips(order({}))).toBe('12.2')
    expect(closedPips(order({ OrderType: Side.Sell }))).toBe('-12.2')
    expect(closedPips(order({ Price: 2350.1, UpdatePrice: 2351.35 }, 2))).toBe('125')
  })

  it('has none for orders that never filled, positions still open, or an unknown instrument', () => {
    expect(closedPips(order({ Status: OrderStatus.Cancelled }))).toBeUndefined()
    expect(closedPips(order({ Status: OrderStatus.Holding }))).toBeUndefined()
    expect(
      closedPips(order({ ForexTradeLists: undefined as unknown as TransOrder['ForexTradeLists'] })),
    ).toBeUndefined()
    expect(closedPips(order({ Price: 0 }))).toBeUndefined()
  })
})

describe('formatPips', () => {
  it('writes the sign and keeps the tenth of a fractional pip', () => {
    expect(formatPips('12.2')).toBe('+12.2')
    expect(formatPips('-125')).toBe('-125')
    expect(formatPips('0')).toBe('0')
  })
})
