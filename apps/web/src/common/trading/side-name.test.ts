import { PendingType, Side } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { sideKey } from './side-name.ts'

describe("an order's side as traders name it", () => {
  it('names pending orders Buy Limit, Sell Limit, Buy Stop and Sell Stop, the rest Buy or Sell', () => {
    expect(sideKey({ OrderType: Side.Buy, PendingType: PendingType.Limit })).toBe('orders.buyLimit')
    expect(sideKey({ OrderType: Side.Sell, PendingType: PendingType.Limit })).toBe('orders.sellLimit')
    expect(sideKey({ OrderType: Side.Buy, PendingType: PendingType.Stop })).toBe('orders.buyStop')
    expect(sideKey({ OrderType: Side.Sell, PendingType: PendingType.Stop })).toBe('orders.sellStop')
    expect(sideKey({ OrderType: Side.Buy, PendingType: PendingType.None })).toBe('orderForm.buy')
    expect(sideKey({ OrderType: Side.Sell, PendingType: PendingType.None })).toBe('orderForm.sell')
  })
})
