import type { Instrument } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { favouriteInstruments, MAX_FAVOURITES, parseFavourites, toggleFavourite } from './favourites.ts'

describe('parseFavourites', () => {
  it('reads a JSON array of codes', () => {
    expect(parseFavourites('["EURUSD","BTCUSD"]')).toEqual(['EURUSD', 'BTCUSD'])
  })

  it.each([null, '', 'not json', '{"EURUSD":1}', '"EURUSD"', '42', 'null', '[EURUSD'])(
    'is empty for %j',
    (raw) => {
      expect(parseFavourites(raw)).toEqual([])
    },
  )

  it('drops what cannot be a code and repeats', () => {
    expect(parseFavourites('["EURUSD", 3, null, {}, "", "<script>", "a b", "EURUSD", "XAUUSD"]')).toEqual([
      'EURUSD',
      'XAUUSD',
    ])
  })

  it(`keeps at most ${MAX_FAVOURITES}, the first starred`, () => {
    const many = Array.from({ length: MAX_FAVOURITES + 20 }, (_, i) => `C${i}`)
    const parsed = parseFavourites(JSON.stringify(many))
    expect(parsed).toHaveLength(MAX_FAVOURITES)
    expect(parsed[0]).toBe('C0')
  })
})

describe('toggleFavourite', () => {
  it('stars last and unstars', () => {
    expect(toggleFavourite(['EURUSD'], 'BTCUSD')).toEqual(['EURUSD', 'BTCUSD'])
    expect(toggleFavourite(['EURUSD', 'BTCUSD'], 'EURUSD')).toEqual(['BTCUSD'])
  })

  it('adds nothing past the cap or that is not a code', () => {
    const full = Array.from({ length: MAX_FAVOURITES }, (_, i) => `C${i}`)
    expect(toggleFavourite(full, 'EURUSD')).toEqual(full)
    expect(toggleFavourite([], 'a b')).toEqual([])
  })
})

describe('favouriteInstruments', () => {
  const list = ['EURUSD', 'BTCUSD', 'XAUUSD'].map((Code, Id) => ({ Id, Code }) as Instrument)

  it('lists the starred instruments in the order starred, skipping unknown codes', () => {
    expect(favouriteInstruments(list, ['XAUUSD', 'GONE', 'EURUSD']).map((i) => i.Code)).toEqual([
      'XAUUSD',
      'EURUSD',
    ])
  })
})
