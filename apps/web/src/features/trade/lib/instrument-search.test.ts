import type { Instrument } from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import { matchesInstrument } from './instrument-search.ts'

const euro = { Code: 'EURUSD', ShowCode: 'EUR/USD', Name: 'Euro / US Dollar' } as Instrument

describe('matchesInstrument', () => {
  it.each(['', 'eur', 'EUR/USD', 'eurusd', 'us dollar', 'euro/'])('finds EUR/USD by %j', (text) => {
    expect(matchesInstrument(euro, text)).toBe(true)
  })

  it('misses other text', () => {
    expect(matchesInstrument(euro, 'btc')).toBe(false)
  })
})
