import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fromPoints, toPoints } from './order-rules.ts'

describe('points and prices', () => {
  it('fromPoints gives the double its decimal digits parse to, and toPoints takes it back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: -(2 ** 50), max: 2 ** 50 }),
        (precision, points) => {
          const price = fromPoints(points, precision)
          expect(price).toBe(Number((points / 10 ** precision).toFixed(precision)))
          expect(toPoints(price, precision)).toBe(points)
        },
      ),
      { numRuns: 20_000 },
    )
  })
})
