import { describe, expect, it } from 'vitest'
import { NEVER, nextOpen, weekStartMs } from './next-open.ts'

const at = (iso: string) => Date.parse(iso)
/** Forex: Sunday 22:00 to Friday 22:00 UTC. */
const forex = [{ From: 22 * 60, To: (5 * 24 + 22) * 60 }]
/** Monday to Friday 13:30-20:00 UTC, one window a day. */
const stocks = [1, 2, 3, 4, 5].map((day) => ({ From: day * 1440 + 13 * 60 + 30, To: day * 1440 + 20 * 60 }))

describe('weekStartMs', () => {
  it('is the Sunday 00:00 UTC before the instant', () => {
    // 2026-11-24 is a Tuesday.
    expect(weekStartMs(at('2026-11-24T17:00:00Z'))).toBe(at('2026-11-22T00:00:00Z'))
    expect(weekStartMs(at('2026-11-22T00:00:00Z'))).toBe(at('2026-11-22T00:00:00Z'))
    expect(weekStartMs(at('1969-12-31T00:00:00Z'))).toBe(at('1969-12-28T00:00:00Z'))
  })
})

describe('nextOpen', () => {
  it('is null inside a window, from its first minute to just before its end', () => {
    expect(nextOpen(forex, at('2026-11-24T17:00:00Z'))).toBeNull()
    expect(nextOpen(forex, at('2026-11-22T22:00:00Z'))).toBeNull()
    expect(nextOpen(forex, at('2026-11-27T21:59:59Z'))).toBeNull()
  })

  it('is the next start between two windows of the week', () => {
    expect(nextOpen(stocks, at('2026-11-24T21:00:00Z'))).toBe(at('2026-11-25T13:30:00Z'))
    expect(nextOpen(stocks, at('2026-11-24T08:00:00Z'))).toBe(at('2026-11-24T13:30:00Z'))
  })

  it('wraps over the end of the week', () => {
    // Friday 22:00 closes forex until Sunday 22:00, across Saturday and the week's end.
    expect(nextOpen(forex, at('2026-11-27T22:00:00Z'))).toBe(at('2026-11-29T22:00:00Z'))
    expect(nextOpen(forex, at('2026-11-28T23:59:00Z'))).toBe(at('2026-11-29T22:00:00Z'))
    // Friday evening after the stock close: the next Monday.
    expect(nextOpen(stocks, at('2026-11-27T20:00:00Z'))).toBe(at('2026-11-30T13:30:00Z'))
  })

  it('never opens without windows, and ignores windows that cannot be', () => {
    expect(nextOpen([], at('2026-11-24T17:00:00Z'))).toBe(NEVER)
    expect(nextOpen(undefined, at('2026-11-24T17:00:00Z'))).toBe(NEVER)
    expect(
      nextOpen(
        [
          { From: 600, To: 600 },
          { From: -5, To: 10 },
          { From: 0, To: 99_999 },
        ],
        0,
      ),
    ).toBe(NEVER)
  })

  it('treats a whole-week window as always open', () => {
    expect(nextOpen([{ From: 0, To: 10_080 }], at('2026-11-28T23:59:59Z'))).toBeNull()
    expect(nextOpen([{ From: 0, To: 10_080 }], at('2026-11-22T00:00:00Z'))).toBeNull()
  })
})
