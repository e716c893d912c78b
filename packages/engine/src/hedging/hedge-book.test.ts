import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HedgeBook, toLotUnits } from './hedge-book.ts'

const lots = toLotUnits

describe('HedgeBook', () => {
  it('passes every A-book trade on in full, a close as the opposite order', () => {
    const book = new HedgeBook()
    book.opened(1, 7, 'a_book', lots(1.5))
    expect(book.need(7, 'a_book')).toBe(lots(1.5))
    book.hedged(7, 'a_book', lots(1.5))
    expect(book.need(7, 'a_book')).toBe(0)
    book.opened(2, 7, 'a_book', -lots(0.2))
    expect(book.need(7, 'a_book')).toBe(-lots(0.2))
    book.hedged(7, 'a_book', -lots(0.2))
    book.resized(1, lots(1))
    expect(book.need(7, 'a_book')).toBe(-lots(0.5))
    book.hedged(7, 'a_book', -lots(0.5))
    book.closed(1)
    book.closed(2)
    expect(book.need(7, 'a_book')).toBe(-lots(0.8))
  })

  it('passes on only the house net beyond the threshold under hybrid, on either side', () => {
    const book = new HedgeBook()
    book.opened(1, 7, 'hybrid', lots(3))
    // Clients long 3: the house is short 3, keeps 2, buys 1.
    expect(book.need(7, 'hybrid', lots(2))).toBe(lots(1))
    book.hedged(7, 'hybrid', lots(1))
    book.opened(2, 7, 'hybrid', -lots(1))
    expect(book.need(7, 'hybrid', lots(2))).toBe(0)
    // Clients net short 2 while the hedge is long 1: the house is long 3, sells 1.
    book.opened(3, 7, 'hybrid', -lots(4))
    expect(book.need(7, 'hybrid', lots(2))).toBe(-lots(1))
  })

  it('keeps the modes and instruments apart, and ignores positions it never saw', () => {
    const book = new HedgeBook()
    book.opened(1, 7, 'b_book', lots(1))
    book.opened(2, 8, 'a_book', lots(1))
    book.closed(99)
    book.resized(98, 5)
    expect(book.need(7, 'a_book')).toBe(0)
    expect(book.need(7, 'hybrid')).toBe(0)
    expect(book.need(8, 'a_book')).toBe(lots(1))
    expect([...book.entries()].map((e) => [e.instrumentId, e.mode, e.client])).toEqual([
      [7, 'b_book', lots(1)],
      [8, 'a_book', lots(1)],
    ])
  })

  it('leaves the house within the threshold after every order, whatever the clients do', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('open' as const), units: fc.integer({ min: -50_000, max: 50_000 }) }),
      fc.record({ kind: fc.constant('close' as const), pick: fc.nat() }),
      fc.record({
        kind: fc.constant('reduce' as const),
        pick: fc.nat(),
        keep: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), fc.integer({ min: 0, max: 30_000 }), (steps, keep) => {
        const book = new HedgeBook()
        const open = new Map<number, number>()
        let id = 0
        for (const s of steps) {
          if (s.kind === 'open' && s.units !== 0) {
            book.opened(++id, 1, 'hybrid', s.units)
            book.opened(id + 100_000, 1, 'a_book', s.units)
            open.set(id, s.units)
          } else if (open.size > 0 && s.kind !== 'open') {
            const ids = [...open.keys()]
            const at = ids[s.pick % ids.length] as number
            if (s.kind === 'close') {
              book.closed(at)
              book.closed(at + 100_000)
              open.delete(at)
            } else {
              const left = Math.trunc((open.get(at) as number) * s.keep)
              book.resized(at, left)
              book.resized(at + 100_000, left)
              open.set(at, left)
            }
          }
          book.hedged(1, 'hybrid', book.need(1, 'hybrid', keep))
          book.hedged(1, 'a_book', book.need(1, 'a_book'))
          const clients = [...open.values()].reduce((a, b) => a + b, 0)
          const hybrid = book.netOf(1, 'hybrid')
          expect(hybrid.client).toBe(clients)
          expect(Math.abs(hybrid.hedge - hybrid.client)).toBeLessThanOrEqual(keep)
          expect(book.netOf(1, 'a_book').hedge).toBe(clients)
        }
      }),
      { numRuns: 2000 },
    )
  })
})
