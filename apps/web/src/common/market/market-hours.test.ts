import { describe, expect, it } from 'vitest'
import { formatOpening } from './market-hours.ts'
import { weeklyHours } from './weekly-hours.ts'

const at = (iso: string) => Date.parse(iso)
const forex = [{ From: 22 * 60, To: (5 * 24 + 22) * 60 }]
const now = at('2026-11-24T17:00:00Z')

describe('formatOpening', () => {
  it('is a weekday and time in the zone and language', () => {
    expect(formatOpening(at('2026-11-29T22:00:00Z'), 'en-GB', 'Asia/Hong_Kong')).toBe('Mon 06:00')
    expect(formatOpening(at('2026-11-29T22:00:00Z'), 'en-GB', 'UTC')).toBe('Sun 22:00')
    expect(formatOpening(at('2026-11-29T22:00:00Z'), 'ar', 'UTC')).toMatch(/10:00/)
  })
})

describe('weeklyHours', () => {
  it('shows forex from Monday morning to Saturday morning in Hong Kong', () => {
    expect(weeklyHours(forex, 'en-GB', now, 'Asia/Hong_Kong')).toEqual([
      { from: 'Mon 06:00', to: 'Sat 06:00' },
    ])
  })

  it('shows the end time alone on the same day', () => {
    const day = [{ From: 1440 + 13 * 60 + 30, To: 1440 + 20 * 60 }]
    expect(weeklyHours(day, 'en-GB', now, 'UTC')).toEqual([{ from: 'Mon 13:30', to: '20:00' }])
  })

  it('is always for a whole week, also when split at the week end', () => {
    expect(weeklyHours([{ From: 0, To: 10_080 }], 'en', now, 'UTC')).toBe('always')
    expect(
      weeklyHours(
        [
          { From: 0, To: 5000 },
          { From: 5000, To: 10_080 },
        ],
        'en',
        now,
        'UTC',
      ),
    ).toBe('always')
  })

  it('is empty without windows', () => {
    expect(weeklyHours([], 'en', now, 'UTC')).toEqual([])
  })
})
