import type { Instrument } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { matchesInstrument } from './instrument-search.ts'

const euro = { Code: 'EURUSD', ShowCode: 'EUR/USD', Name: 'Euro / US Dollar' } as Instrument
/** The catalogue's name in the user's language rides along as `NameShowTrans` (instrument-name.ts). */
const gold = {
  Code: 'XAUUSD',
  ShowCode: 'XAU/USD',
  Name: 'Gold / US Dollar',
  NameShowTrans: '黃金 / 美元',
} as Instrument & { NameShowTrans: string }
const yen = {
  ...euro,
  Code: 'USDJPY',
  ShowCode: 'USD/JPY',
  Name: 'US Dollar / Japanese Yen',
  NameShowTrans: 'Доллар США / Японская иена',
}

describe('matchesInstrument', () => {
  it.each(['', 'eur', 'EUR/USD', 'eurusd', 'us dollar', 'euro/'])('finds EUR/USD by %j', (text) => {
    expect(matchesInstrument(euro, text)).toBe(true)
  })

  it('misses other text', () => {
    expect(matchesInstrument(euro, 'btc')).toBe(false)
  })

  it('finds an instrument by its translated name, and still by its English one', () => {
    expect(matchesInstrument(gold, '黃金')).toBe(true)
    expect(matchesInstrument(gold, 'gold')).toBe(true)
    expect(matchesInstrument(yen, 'иена')).toBe(true)
    expect(matchesInstrument(yen, 'ИЕНА')).toBe(true)
    expect(matchesInstrument(gold, '白銀')).toBe(false)
  })
})
