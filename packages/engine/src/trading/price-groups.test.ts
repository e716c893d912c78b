import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { markupOffsets, PriceGroups } from './price-groups.ts'

describe('PriceGroups', () => {
  const vip = new PriceGroups(new Map([[7, 'vip']]), [{ group: 'vip', instrumentId: 1, points: 3 }])

  it("gives a group's clients its markup and everyone else the house's price", () => {
    expect(vip.groupOf(7)).toBe('vip')
    expect(vip.groupOf(8)).toBe('standard')
    expect(vip.pointsOf(7, 1)).toBe(3)
    expect(vip.pointsOf(7, 2)).toBe(0)
    expect(vip.pointsOf(8, 1)).toBe(0)
    const quote = { bid: 1.1, ask: 1.1001, timeMs: 5 }
    expect(vip.quoteFor(7, 1, quote, 5)).toEqual({ bid: 1.09999, ask: 1.10012, timeMs: 5 })
    expect(vip.quoteFor(8, 1, quote, 5)).toBe(quote)
  })

  it('splits a markup the way markedQuote does: the odd point on the ask', () => {
    expect(markupOffsets(3, 5)).toEqual([0.00001, 0.00002])
    expect(markupOffsets(0, 5)).toEqual([0, 0])
  })

  it('ignores markups that are not whole points above 0', () => {
    const odd = new PriceGroups(new Map([[1, 'a']]), [
      { group: 'a', instrumentId: 1, points: -2 },
      { group: 'a', instrumentId: 2, points: 1.5 },
    ])
    expect(odd.markupsOf('a').size).toBe(0)
  })

  it('names exactly the accounts whose points on some instrument differ (property)', () => {
    const groupName = fc.constantFrom('standard', 'a', 'b')
    const pricing = fc
      .record({
        groups: fc.array(fc.tuple(fc.integer({ min: 1, max: 8 }), groupName), { maxLength: 8 }),
        markups: fc.array(
          fc.record({ group: groupName, instrumentId: fc.integer({ min: 1, max: 3 }), points: fc.nat(4) }),
          { maxLength: 6 },
        ),
      })
      .map(({ groups, markups }) => new PriceGroups(new Map(groups), markups))
    fc.assert(
      fc.property(pricing, pricing, fc.uniqueArray(fc.integer({ min: 1, max: 8 })), (before, after, ids) => {
        const accounts = new Map(ids.map((id) => [id, true]))
        const expected = ids.filter((id) =>
          [1, 2, 3].some((i) => before.pointsOf(id, i) !== after.pointsOf(id, i)),
        )
        expect([...before.differing(after, accounts)].sort()).toEqual(expected.sort())
      }),
      { seed: 52, numRuns: 500 },
    )
  })
})
