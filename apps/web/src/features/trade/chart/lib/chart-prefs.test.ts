import { describe, expect, it } from 'vitest'
import { DEFAULT_PREFS, parsePrefs } from './chart-prefs.ts'

describe('parsePrefs', () => {
  it('reads a stored choice', () => {
    expect(parsePrefs('{"type":"area","indicators":["rsi","sma20"]}')).toEqual({
      type: 'area',
      indicators: ['sma20', 'rsi'],
    })
  })

  it('falls back to the default on nothing, junk or unknown values', () => {
    expect(parsePrefs(null)).toEqual(DEFAULT_PREFS)
    expect(parsePrefs('{oops')).toEqual(DEFAULT_PREFS)
    expect(parsePrefs('{"type":"renko","indicators":["ichimoku"]}')).toEqual({
      type: 'candles',
      indicators: [],
    })
  })

  it('reads the oscillators MACD and Stochastic', () => {
    expect(parsePrefs('{"type":"candles","indicators":["stochastic","macd","rsi"]}')).toEqual({
      type: 'candles',
      indicators: ['rsi', 'macd', 'stochastic'],
    })
  })
})
