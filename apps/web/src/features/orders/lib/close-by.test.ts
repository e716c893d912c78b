import { OrderStatus, Side, type TransOrder } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { closeByPreview, oppositePositions } from './close-by.ts'

const position = (
  Id: number,
  side: 1 | 2,
  Quantity: number,
  Price: number,
  patch: Partial<TransOrder> = {},
) =>
  ({
    Id,
    OrderType: side,
    Quantity,
    Price,
    ForexId: 7,
    ForexContNum: 100_000,
    Status: OrderStatus.Holding,
    ...patch,
  }) as TransOrder

describe('close by on the phone', () => {
  it('offers the open positions of the other side of the same instrument, oldest first', () => {
    const buy = position(5, Side.Buy, 1, 1.0851)
    const list = [
      position(9, Side.Sell, 0.4, 1.086),
      position(3, Side.Sell, 0.1, 1.0849),
      position(6, Side.Buy, 0.2, 1.0852),
      position(8, Side.Sell, 0.2, 150.1, { ForexId: 8 }),
      position(10, Side.Sell, 0.3, 1.09, { Status: OrderStatus.Pending }),
      buy,
    ]
    expect(oppositePositions(buy, list).map((p) => p.Id)).toEqual([3, 9])
  })

  it('closes the smaller lots at the open prices and says what stays open', () => {
    const buy = position(5, Side.Buy, 1, 1.0851)
    const sell = position(9, Side.Sell, 0.4, 1.086)
    // (1.0860 - 1.0851) x 0.4 x 100 000 = 36, whichever is closed by which.
    expect(closeByPreview(buy, sell, 1)).toEqual({
      lots: '0.4',
      profit: '36.00',
      rest: { id: 5, lots: '0.6' },
    })
    expect(closeByPreview(sell, buy, 1)).toEqual({
      lots: '0.4',
      profit: '36.00',
      rest: { id: 5, lots: '0.6' },
    })
    // A sell opened below the buy loses; equal lots leave nothing open; JPY converts at the rate.
    const low = position(11, Side.Sell, 1, 1.0841)
    expect(closeByPreview(buy, low, 1)).toEqual({ lots: '1', profit: '-100.00', rest: null })
    const yenBuy = position(12, Side.Buy, 0.1, 160.005)
    const yenSell = position(13, Side.Sell, 0.3, 160.13)
    expect(closeByPreview(yenBuy, yenSell, 0.00625)).toEqual({
      lots: '0.1',
      profit: '7.81',
      rest: { id: 13, lots: '0.2' },
    })
    expect(closeByPreview(buy, sell, null).profit).toBeNull()
  })
})
