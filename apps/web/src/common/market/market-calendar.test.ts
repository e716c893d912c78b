import { describe, expect, it } from 'vitest'
import { marketZoneName, shownHolidays } from './market-calendar.ts'

const at = (iso: string) => Date.parse(iso)
const winter = at('2026-12-01T12:00:00Z')

describe('marketZoneName', () => {
  it("names the market's zone in the reader's language, with its offset now", () => {
    expect(marketZoneName('America/New_York', 'en', winter)).toBe('Eastern Time (GMT-5)')
    expect(marketZoneName('America/New_York', 'en', at('2027-07-01T12:00:00Z'))).toBe('Eastern Time (GMT-4)')
    expect(marketZoneName('America/New_York', 'zh-Hant-HK', winter)).toMatch(/^北美東部時間 \(GMT-5\)$/)
  })

  it('is UTC for UTC, and the id for a zone the browser does not know', () => {
    expect(marketZoneName('UTC', 'ar', winter)).toBe('UTC')
    expect(marketZoneName('Mars/Olympus', 'en', winter)).toBe('Mars/Olympus')
  })
})

describe('shownHolidays', () => {
  const christmas = { Date: '2026-12-25', Name: 'Christmas Day', Hours: [] }
  /** Thanksgiving on CME: 00:00-13:00 and 18:00-24:00 New York. */
  const thanksgiving = {
    Date: '2026-11-26',
    Name: 'Thanksgiving Day',
    Hours: [
      { From: at('2026-11-26T05:00:00Z'), To: at('2026-11-26T18:00:00Z') },
      { From: at('2026-11-26T23:00:00Z'), To: at('2026-11-27T05:00:00Z') },
    ],
  }

  it('lists a day closed all day with its local date and name', () => {
    expect(shownHolidays([christmas], 'en-GB', 'Asia/Hong_Kong')).toEqual([
      { date: 'Fri 25 Dec', name: 'Christmas Day', hours: null },
    ])
  })

  it("writes a half day's hours in the reader's zone, naming the day when the zone moves it", () => {
    expect(shownHolidays([thanksgiving], 'en-GB', 'America/New_York')[0]?.hours).toEqual([
      // en-GB writes midnight alone as 0:00 (as the weekly hours do).
      { from: '0:00', to: '13:00' },
      { from: '18:00', to: 'Fri 00:00' },
    ])
    // In Hong Kong the first stretch starts at 13:00 and the evening one is Friday morning.
    expect(shownHolidays([thanksgiving], 'en-GB', 'Asia/Hong_Kong')[0]?.hours).toEqual([
      { from: '13:00', to: 'Fri 02:00' },
      { from: 'Fri 07:00', to: '13:00' },
    ])
  })

  it('is empty without holidays (an older server)', () => {
    expect(shownHolidays(undefined, 'en', 'UTC')).toEqual([])
  })
})
