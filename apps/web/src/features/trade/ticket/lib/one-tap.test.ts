import { describe, expect, it } from 'vitest'
import { testInstrument } from '../../../../common/trading/test-instrument.ts'
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

describe('last lots per instrument, and the account leverage', () => {
  const btc = testInstrument()

  it('parses only well-formed entries, reading past a leverage stored per instrument before; broken JSON is an empty store', () => {
    expect(parseLastUsed(null)).toEqual({})
    expect(parseLastUsed('{')).toEqual({})
    expect(parseLastUsed('[1,2]')).toEqual({})
    expect(parseLastUsed('"x"')).toEqual({})
    expect(
      parseLastUsed(
        JSON.stringify({
          BTCUSD: { lots: '0.05', leverage: 2 },
          EURUSD: { lots: 5 },
          US500: null,
          GER40: { lots: '1', deviation: 25 },
          UK100: { lots: '1', deviation: -1 },
        }),
      ),
    ).toEqual({
      BTCUSD: { lots: '0.05' },
      GER40: { lots: '1', deviation: 25 },
      // A deviation that cannot be is dropped, the lots kept.
      UK100: { lots: '1' },
    })
  })

  it('remembers the last order of each instrument and forgets the oldest past 50', () => {
    let store = rememberLastUsed({}, 'BTCUSD', { lots: '0.02' })
    store = rememberLastUsed(store, 'EURUSD', { lots: '0.10' })
    store = rememberLastUsed(store, 'BTCUSD', { lots: '0.05' })
    expect(store).toEqual({ EURUSD: { lots: '0.10' }, BTCUSD: { lots: '0.05' } })
    for (let index = 0; index < 60; index += 1) store = rememberLastUsed(store, `X${index}`, { lots: '1' })
    expect(Object.keys(store)).toHaveLength(50)
    expect(store.X59).toEqual({ lots: '1' })
    expect(store.BTCUSD).toBeUndefined()
  })

  it('keeps the deviation of the last market order when a pending order (none) follows', () => {
    let store = rememberLastUsed({}, 'BTCUSD', { lots: '0.02', deviation: 40 })
    store = rememberLastUsed(store, 'BTCUSD', { lots: '0.03' })
    expect(store.BTCUSD).toEqual({ lots: '0.03', deviation: 40 })
    store = rememberLastUsed(store, 'BTCUSD', { lots: '0.03', deviation: 0 })
    expect(store.BTCUSD?.deviation).toBe(0)
  })

  it('gives the remembered lots and deviation while they fit, and the account leverage as the instrument allows it', () => {
    expect(lastUsedFor({ BTCUSD: { lots: '0.05', deviation: 500 } }, btc, 30)).toEqual({
      lotsText: '0.05',
      leverage: 2,
      deviationText: '500',
    })
    expect(lastUsedFor({}, btc, 1).leverage).toBe(1)
  })

  it('falls back to the minimum lots and the default deviation', () => {
    // BTCUSD's spread (3000 points) is wider than 10 points: it is the default.
    expect(lastUsedFor({}, btc, 30)).toEqual({ lotsText: '0.01', leverage: 2, deviationText: '3000' })
    // Lots above the maximum.
    expect(lastUsedFor({ BTCUSD: { lots: '50' } }, btc, 30).lotsText).toBe('0.01')
    expect(lastUsedFor({}, testInstrument({ HasForexMultiple: [], ForexPointRate: 3 }), 30)).toEqual({
      lotsText: '0.01',
      leverage: null,
      deviationText: '10',
    })
  })
})
