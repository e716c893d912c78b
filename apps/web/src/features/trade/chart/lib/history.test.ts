import type { Candle } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { mergeOlder, nearFirstBar } from './history.ts'

const candle = (Time: number, Close = 1): Candle => ({
  Time,
  Open: Close,
  High: Close,
  Low: Close,
  Close,
  Volume: 1,
  Amount: 0,
  Change: 0,
})

describe('mergeOlder', () => {
  it('puts the older page in front, ascending', () => {
    const merged = mergeOlder([candle(1000), candle(2000)], [candle(3000), candle(4000)])
    expect(merged.map((c) => c.Time)).toEqual([1000, 2000, 3000, 4000])
  })

  it('keeps one candle per time, the held one, and sorts a page that came newest first', () => {
    const merged = mergeOlder([candle(3000, 9), candle(1000), candle(2000)], [candle(3000, 5), candle(4000)])
    expect(merged.map((c) => c.Time)).toEqual([1000, 2000, 3000, 4000])
    expect(merged[2]?.Close).toBe(5)
  })

  it('an empty page changes nothing', () => {
    const held = [candle(3000), candle(4000)]
    expect(mergeOlder([], held)).toEqual(held)
  })

  it('drops candles without a usable time', () => {
    expect(mergeOlder([candle(Number.NaN)], [candle(1)]).map((c) => c.Time)).toEqual([1])
  })
})

describe('nearFirstBar', () => {
  it('is true within 10 bars of the first, or past it', () => {
    expect(nearFirstBar(9.5)).toBe(true)
    expect(nearFirstBar(-3)).toBe(true)
    expect(nearFirstBar(10)).toBe(false)
    expect(nearFirstBar(null)).toBe(false)
  })
})
