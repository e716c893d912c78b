import { describe, expect, it } from 'vitest'
import { tickRefusal } from './tick-check.ts'

const NOW = Date.parse('2026-11-25T12:00:00.000Z')

describe('tickRefusal', () => {
  it.each([
    [{ bid: 1.1, ask: 1.10005, timeMs: NOW }, undefined],
    [{ bid: 1.1, ask: 1.10005, timeMs: NOW + 1000 }, undefined],
    [{ bid: 1.1, ask: 1.10005, timeMs: NOW - 3_600_000 }, undefined],
    [{ bid: 1.1, ask: 1.10005, timeMs: NOW + 1001 }, 'future'],
    [{ bid: 1.1, ask: 1.10005, timeMs: NOW + 86_400_000 }, 'future'],
    [{ bid: 1.100001, ask: 1.10005, timeMs: NOW }, 'off_grid'],
    [{ bid: 1.1, ask: 1.100051, timeMs: NOW }, 'off_grid'],
    [{ bid: 1.2, ask: 1.1, timeMs: NOW }, 'invalid'],
    [{ bid: 0, ask: 1.1, timeMs: NOW }, 'invalid'],
    [{ bid: Number.NaN, ask: 1.1, timeMs: NOW }, 'invalid'],
    [{ bid: 1.1, ask: Number.POSITIVE_INFINITY, timeMs: NOW }, 'invalid'],
    [{ bid: 1.1, ask: 1.1, timeMs: Number.NaN }, 'invalid'],
    [{ bid: 1e12, ask: 2e12, timeMs: NOW }, 'invalid'],
  ])('%j at precision 5: %s', (tick, expected) => {
    expect(tickRefusal(tick, 5, NOW, 1000)).toBe(expected)
  })

  it('takes prices of any size on their grid despite float noise', () => {
    // 0.1 + 0.2 is 0.30000000000000004: on a grid of 2 decimals all the same.
    expect(tickRefusal({ bid: 0.1 + 0.2, ask: 0.31, timeMs: NOW }, 2, NOW, 1000)).toBeUndefined()
    expect(tickRefusal({ bid: 65_000.12, ask: 65_030.5, timeMs: NOW }, 2, NOW, 1000)).toBeUndefined()
    expect(tickRefusal({ bid: 151.512, ask: 151.524, timeMs: NOW }, 3, NOW, 1000)).toBeUndefined()
    expect(tickRefusal({ bid: 18_000, ask: 18_000.5, timeMs: NOW }, 0, NOW, 1000)).toBe('off_grid')
  })
})
