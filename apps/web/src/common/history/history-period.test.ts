import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { customPeriod, dateValue, periodFromParams, presetPeriod } from './history-period.ts'

/*
 * Days in the phone's own zone. Node reads TZ afresh when it changes: the tests run in Berlin, whose
 * clocks went back an hour on 26 October 2025, so a day there was 25 hours long.
 */
let zone: string | undefined
beforeEach(() => {
  zone = process.env.TZ
  process.env.TZ = 'Europe/Berlin'
})
afterEach(() => {
  process.env.TZ = zone
})

const berlin = (iso: string) => new Date(iso).getTime()

describe('presetPeriod', () => {
  it('runs from local midnight of the first day to local midnight after today', () => {
    const now = berlin('2025-10-28T15:30:00+01:00')
    expect(presetPeriod('today', now)).toEqual({
      from: berlin('2025-10-28T00:00:00+01:00'),
      to: berlin('2025-10-29T00:00:00+01:00'),
    })
    // Seven days back crosses the change: the first day starts at +02:00.
    expect(presetPeriod('7d', now)).toEqual({
      from: berlin('2025-10-22T00:00:00+02:00'),
      to: berlin('2025-10-29T00:00:00+01:00'),
    })
    const thirty = presetPeriod('30d', now)
    expect(dateValue(thirty.from)).toBe('2025-09-29')
    expect(dateValue(thirty.to - 1)).toBe('2025-10-28')
  })
})

describe('customPeriod', () => {
  it('includes both days picked, counted on the calendar', () => {
    expect(customPeriod('2025-10-26', '2025-10-26')).toEqual({
      from: berlin('2025-10-26T00:00:00+02:00'),
      to: berlin('2025-10-27T00:00:00+01:00'),
    })
    expect(customPeriod('2024-01-01', '2024-12-31')).toMatchObject({
      from: berlin('2024-01-01T00:00:00+01:00'),
    })
  })

  it('refuses a backwards or made-up period, and one longer than 366 days', () => {
    expect(customPeriod('2025-10-27', '2025-10-26')).toBe('invalid')
    expect(customPeriod('2025-02-30', '2025-03-01')).toBe('invalid')
    expect(customPeriod('', '2025-03-01')).toBe('invalid')
    expect(customPeriod('2024-01-01', '2025-01-01')).toBe('too_long')
  })
})

describe('periodFromParams', () => {
  const now = berlin('2025-10-28T15:30:00+01:00')
  it('reads a preset or custom days from the address, and falls back to the last 30 days', () => {
    expect(periodFromParams(new URLSearchParams('period=7d'), now).preset).toBe('7d')
    const custom = periodFromParams(new URLSearchParams('period=custom&from=2025-10-01&to=2025-10-02'), now)
    expect(custom).toEqual({
      preset: 'custom',
      period: { from: berlin('2025-10-01T00:00:00+02:00'), to: berlin('2025-10-03T00:00:00+02:00') },
    })
    expect(periodFromParams(new URLSearchParams('period=custom&from=x&to=y'), now).preset).toBe('30d')
    expect(periodFromParams(new URLSearchParams(''), now)).toEqual({
      preset: '30d',
      period: presetPeriod('30d', now),
    })
  })
})
