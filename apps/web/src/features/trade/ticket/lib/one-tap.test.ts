import { describe, expect, it } from 'vitest'
import { testInstrument } from '../../../../shared/trading/test-instrument.ts'
import { lastUsedFor, oneTapText, parseLastUsed, parseOneTap, rememberLastUsed } from './one-tap.ts'

describe('one-tap switch', () => {
  it('is off and never warned by default, and for anything it does not know', () => {
    expect(parseOneTap(null)).toEqual({ on: false, warned: false })
    expect(parseOneTap('yes')).toEqual({ on: false, warned: false })
  })

  it('reads on, and off after the warning', () => {
    expect(parseOneTap('1')).toEqual({ on: true, warned: true })
    expect(parseOneTap('0')).toEqual({ on: false, warned: true })
  })

  it('is written back the way it is read', () => {
    for (const raw of ['1', '0', null]) expect(oneTapText(parseOneTap(raw))).toBe(raw)
    expect(oneTapText({ on: true, warned: false })).toBe('1')
  })
})

describe('last lots and leverage per instrument', () => {
  const btc = testInstrument()

  it('parses only well-formed entries; broken JSON is an empty store', () => {
    expect(parseLastUsed(null)).toEqual({})
    expect(parseLastUsed('{')).toEqual({})
    expect(parseLastUsed('[1,2]')).toEqual({})
    expect(parseLastUsed('"x"')).toEqual({})
    expect(
      parseLastUsed(
        JSON.stringify({
          BTCUSD: { lots: '0.05', leverage: 2 },
          EURUSD: { lots: 5, leverage: 2 },
          XAUUSD: { lots: '1', leverage: 'max' },
          US500: null,
        }),
      ),
    ).toEqual({ BTCUSD: { lots: '0.05', leverage: 2 } })
  })

  it('remembers the last order of each instrument and forgets the oldest past 50', () => {
    let store = rememberLastUsed({}, 'BTCUSD', '0.02', 1)
    store = rememberLastUsed(store, 'EURUSD', '0.10', 30)
    store = rememberLastUsed(store, 'BTCUSD', '0.05', 2)
    expect(store).toEqual({ EURUSD: { lots: '0.10', leverage: 30 }, BTCUSD: { lots: '0.05', leverage: 2 } })
    for (let index = 0; index < 60; index += 1) store = rememberLastUsed(store, `X${index}`, '1', 1)
    expect(Object.keys(store)).toHaveLength(50)
    expect(store.X59).toEqual({ lots: '1', leverage: 1 })
    expect(store.BTCUSD).toBeUndefined()
  })

  it('gives the remembered lots and leverage while they fit the instrument', () => {
    expect(lastUsedFor({ BTCUSD: { lots: '0.05', leverage: 2 } }, btc)).toEqual({
      lotsText: '0.05',
      leverage: 2,
    })
  })

  it('falls back to the minimum lots and the lowest leverage', () => {
    expect(lastUsedFor({}, btc)).toEqual({ lotsText: '0.01', leverage: 1 })
    // Lots above the maximum, a leverage withdrawn since.
    expect(lastUsedFor({ BTCUSD: { lots: '50', leverage: 5 } }, btc)).toEqual({
      lotsText: '0.01',
      leverage: 1,
    })
    expect(lastUsedFor({}, testInstrument({ HasForexMultiple: [] }))).toEqual({
      lotsText: '0.01',
      leverage: null,
    })
  })
})
