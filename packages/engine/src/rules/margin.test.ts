import { MarginMode } from '@tp/contracts/light'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { money } from '../trading/money.ts'
import { marginOf, openingFee } from './margin.ts'

const leveraged = { marginMode: MarginMode.Leveraged, contractSize: '100000' } as const
const fixed = { marginMode: MarginMode.Fixed, contractSize: '100' } as const

describe('marginOf', () => {
  it('is lots x contract size x price / leverage x USD rate, to six decimals half up', () => {
    expect(marginOf(leveraged, money(2), 1.1, 100, money(1)).toString()).toBe('2200')
    expect(marginOf(leveraged, money('0.01'), 1.234567, 3, money(1)).toString()).toBe('411.522333')
    expect(marginOf(leveraged, money('0.01'), 1.234567, 3, money(1)).decimalPlaces()).toBeLessThanOrEqual(6)
  })

  it('is lots x contract size in fixed margin mode, whatever the price', () => {
    expect(marginOf(fixed, money('0.5'), 2350, 100, money(7)).toString()).toBe('50')
  })

  it('grows with the lots and shrinks with the leverage', () => {
    const lots = fc.integer({ min: 1, max: 10_000 }).map((n) => money(n).div(100))
    fc.assert(
      fc.property(lots, lots, fc.integer({ min: 1, max: 500 }), (a, b, leverage) => {
        const [small, large] = a.lessThan(b) ? [a, b] : [b, a]
        const at = (l: typeof a, lev: number) => marginOf(leveraged, l, 1.2345, lev, money(1))
        expect(at(small, leverage).lessThanOrEqualTo(at(large, leverage))).toBe(true)
        expect(at(small, leverage + 1).lessThanOrEqualTo(at(small, leverage))).toBe(true)
        expect(at(small, leverage).decimalPlaces()).toBeLessThanOrEqual(6)
      }),
    )
  })
})

describe('openingFee', () => {
  it('is lots x rate per lot, or margin x rate, rounded up to the cent', () => {
    expect(openingFee(true, money('0.01'), money(1000), '7').toString()).toBe('0.07')
    expect(openingFee(false, money(1), money('1000.01'), '0.001').toString()).toBe('1.01')
  })

  it('never rounds below what is due, and by less than a cent', () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 }).map((n) => money(n).div(1000))
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 5000 }), (margin, rateMicros) => {
        const due = margin.times(money(rateMicros).div(100_000))
        const fee = openingFee(false, money(1), margin, money(rateMicros).div(100_000))
        expect(fee.greaterThanOrEqualTo(due)).toBe(true)
        expect(fee.minus(due).lessThan('0.01')).toBe(true)
        expect(fee.decimalPlaces()).toBeLessThanOrEqual(2)
      }),
    )
  })
})
