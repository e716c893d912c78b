import { MarketStatus } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { openingTime } from './opening-text.ts'

const at = (iso: string) => Date.parse(iso)
/** Forex by the week: Sunday 22:00 to Friday 22:00 UTC (New York's winter hours). */
const Sessions = [{ From: 22 * 60, To: (5 * 24 + 22) * 60 }]
const closed = { MarketStatus: MarketStatus.Closed, Sessions }
/** Christmas Day 2026, a Friday, noon UTC: inside the weekly hours, closed for the holiday. */
const christmas = at('2026-12-25T12:00:00Z')

describe('openingTime', () => {
  it("takes the server's next open, which knows holidays the weekly hours do not", () => {
    const NextOpen = at('2026-12-27T22:00:00Z')
    expect(openingTime({ ...closed, NextOpen }, christmas, 'en-GB', 'UTC')).toBe('Sun 22:00')
    // In the reader's zone: Monday 06:00 in Hong Kong.
    expect(openingTime({ ...closed, NextOpen }, christmas, 'en-GB', 'Asia/Hong_Kong')).toBe('Mon 06:00')
  })

  it('follows daylight saving: 21:00 UTC in the New York summer', () => {
    const summerSunday = at('2027-06-13T21:00:00Z')
    expect(
      openingTime({ ...closed, NextOpen: summerSunday }, at('2027-06-12T12:00:00Z'), 'en-GB', 'UTC'),
    ).toBe('Sun 21:00')
  })

  it('adds the date to an opening six days or more away (a long holiday)', () => {
    const NextOpen = at('2027-01-04T06:00:00Z')
    expect(openingTime({ ...closed, NextOpen }, christmas, 'en-GB', 'UTC')).toMatch(/^Mon 4 Jan,? 0?6:00$/)
  })

  it('tells no time when the server knows none (null), rather than guessing from the week', () => {
    expect(openingTime({ ...closed, NextOpen: null }, christmas, 'en-GB', 'UTC')).toBeNull()
  })

  it('falls back to the weekly hours only when the server sends no NextOpen (an older server)', () => {
    const saturday = at('2026-11-28T12:00:00Z')
    expect(openingTime(closed, saturday, 'en-GB', 'UTC')).toBe('Sun 22:00')
    // Inside the weekly hours yet closed: no time to tell.
    expect(openingTime(closed, christmas, 'en-GB', 'UTC')).toBeNull()
  })

  it('is null for an open market', () => {
    const open = { MarketStatus: MarketStatus.Open, Sessions, NextOpen: null }
    expect(openingTime(open, christmas, 'en-GB', 'UTC')).toBeNull()
  })
})
