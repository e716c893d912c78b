import { describe, expect, it } from 'vitest'
import { DEFAULT_ACCOUNT_LEVERAGE, leverageFor, parseAccountLeverage } from './account-leverage.ts'

describe('the account leverage', () => {
  it("gives each instrument the highest leverage it offers up to the account's, else its lowest", () => {
    expect(leverageFor([1, 2, 5, 10, 20, 30], 30)).toBe(30)
    expect(leverageFor([1, 2, 5, 10, 20, 30], 25)).toBe(20)
    expect(leverageFor([1, 2], 30)).toBe(2)
    expect(leverageFor([50, 100], 30)).toBe(50)
    expect(leverageFor([30, 1, 10], 100)).toBe(30)
    expect(leverageFor([], 30)).toBeNull()
  })

  it('reads a stored whole number from 1 to 1000, else the default', () => {
    expect(parseAccountLeverage('100')).toBe(100)
    expect(parseAccountLeverage('1')).toBe(1)
    for (const raw of [null, '', '0', '-5', '2.5', '1e3', '5000', 'x', ' 30'])
      expect(parseAccountLeverage(raw), String(raw)).toBe(DEFAULT_ACCOUNT_LEVERAGE)
  })
})
