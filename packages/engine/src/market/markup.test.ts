import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isOnPriceGrid } from '../trading/order-rules.ts'
import { markedQuote, spreadPoints } from './markup.ts'

describe('markedQuote', () => {
  it('widens by the markup, half off the bid and the odd point on the ask', () => {
    expect(markedQuote({ bid: 1.1, ask: 1.1001, timeMs: 5 }, 3, 5)).toEqual({
      bid: 1.09999,
      ask: 1.10012,
      timeMs: 5,
    })
    expect(markedQuote({ bid: 151.5, ask: 151.51 }, 4, 3)).toEqual({ bid: 151.498, ask: 151.512 })
    expect(markedQuote({ bid: 18000, ask: 18001 }, 1, 0)).toEqual({ bid: 18000, ask: 18002 })
  })

  it('leaves a quote alone without a markup', () => {
    const quote = { bid: 1.1, ask: 1.1001 }
    expect(markedQuote(quote, 0, 5)).toBe(quote)
  })

  it('keeps any quote on its grid, its spread exactly the markup wider', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 1000 }),
        (precision, bidUnits, spreadUnits, markup) => {
          const scale = 10 ** precision
          const quote = { bid: (bidUnits + markup) / scale, ask: (bidUnits + markup + spreadUnits) / scale }
          const marked = markedQuote(quote, markup, precision)
          expect(isOnPriceGrid(marked.bid, precision) && isOnPriceGrid(marked.ask, precision)).toBe(true)
          expect(spreadPoints(marked, precision)).toBe(spreadUnits + markup)
          expect(marked.bid).toBeGreaterThan(0)
        },
      ),
    )
  })
})
