import { describe, expect, it } from 'vitest'
import { candleIndexAt, MAX_DRAWINGS, parseDrawings } from './drawings.ts'

describe('parseDrawings', () => {
  it('keeps horizontal and trend lines per instrument and drops what is not one', () => {
    const text = JSON.stringify({
      EURUSD: [
        { id: 'a', kind: 'horizontal', price: 1.1 },
        { id: 'b', kind: 'trend', from: { timeMs: 1, price: 1.1 }, to: { timeMs: 2, price: 1.2 } },
        { id: 'c', kind: 'horizontal', price: -1 },
        { id: 'd', kind: 'trend', from: { timeMs: 1, price: 1.1 } },
        { id: 5, kind: 'horizontal', price: 1 },
        { id: 'e', kind: 'circle' },
      ],
      XAUUSD: 'nothing',
      BTCUSD: [],
    })
    expect(parseDrawings(text)).toEqual({
      EURUSD: [
        { id: 'a', kind: 'horizontal', price: 1.1 },
        { id: 'b', kind: 'trend', from: { timeMs: 1, price: 1.1 }, to: { timeMs: 2, price: 1.2 } },
      ],
    })
  })

  it('is empty for nothing, broken text or a list, and keeps at most MAX_DRAWINGS a instrument', () => {
    expect(parseDrawings(null)).toEqual({})
    expect(parseDrawings('{')).toEqual({})
    expect(parseDrawings('[1]')).toEqual({})
    const many = Array.from({ length: MAX_DRAWINGS + 5 }, (_, i) => ({
      id: `${i}`,
      kind: 'horizontal',
      price: 1 + i,
    }))
    expect(parseDrawings(JSON.stringify({ EURUSD: many })).EURUSD).toHaveLength(MAX_DRAWINGS)
  })
})

describe('candleIndexAt', () => {
  const times = [1000, 2000, 3000, 5000]
  it.each([
    [999, null],
    [1000, 0],
    [1999, 0],
    [2000, 1],
    [4999, 2],
    [5000, 3],
    [90_000, 3],
  ])('a point at %d lies on candle %s', (timeMs, index) => {
    expect(candleIndexAt(times, timeMs)).toBe(index)
  })

  it('is null on a chart without candles', () => {
    expect(candleIndexAt([], 1000)).toBeNull()
  })
})
