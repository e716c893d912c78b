import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { alertAhead } from './alerts.ts'

describe('alertAhead', () => {
  it('wants a rise alert above the bid and a fall alert below it', () => {
    expect(alertAhead(true, 1.2, 1.1)).toBe(true)
    expect(alertAhead(true, 1.1, 1.1)).toBe(false)
    expect(alertAhead(false, 1.0, 1.1)).toBe(true)
    expect(alertAhead(false, 1.1, 1.1)).toBe(false)
    expect(alertAhead(false, 5, 0)).toBe(true)
  })

  it("is the negation of the engine's alert_reached check for every bid", () => {
    const price = fc.integer({ min: 1, max: 10_000_000 }).map((n) => n / 1e5)
    fc.assert(
      fc.property(fc.boolean(), price, price, (above, at, bid) => {
        const reached = above ? bid >= at : bid <= at
        expect(alertAhead(above, at, bid)).toBe(!reached)
      }),
    )
  })
})
