import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isOpenAt, minuteOfWeek, MINUTES_PER_WEEK, SESSION_TEMPLATES, weekWindow } from './sessions.ts'

const at = (iso: string) => Date.parse(iso)
/** The UTC calendar of a given instant, as an independent reference (a given time, not the clock). */
// eslint-disable-next-line no-restricted-syntax -- the instant is an argument, not the clock
const dateAt = (timeMs: number) => new Date(timeMs)
const WEEK_MS = MINUTES_PER_WEEK * 60_000

/** Any instant Date can represent, to the millisecond (before and after 1970). */
const anyTime = fc.integer({ min: -8.64e15, max: 8.64e15 })

describe('minuteOfWeek', () => {
  it.each([
    ['2026-11-22T00:00:00.000Z', 0], // Sunday
    ['2026-11-22T00:00:59.999Z', 0],
    ['2026-11-22T00:01:00.000Z', 1],
    ['2026-11-23T10:30:00.000Z', 1 * 1440 + 630], // Monday
    ['2026-11-27T22:00:00.000Z', 5 * 1440 + 22 * 60], // Friday
    ['2026-11-28T23:59:00.000Z', 10_079], // Saturday, the last minute of the week
    ['2026-11-28T23:59:59.999Z', 10_079],
    ['2026-11-29T00:00:00.000Z', 0], // the next Sunday
    ['1970-01-01T00:00:00.000Z', 4 * 1440], // the epoch was a Thursday
    ['1969-12-31T23:59:00.000Z', 4 * 1440 - 1],
    ['1969-12-28T00:00:00.000Z', 0], // the Sunday before the epoch
    ['1969-12-27T23:59:00.000Z', 10_079],
    ['1900-01-01T12:00:00.000Z', 1 * 1440 + 720], // a Monday
  ])('%s → %d', (iso, minute) => {
    expect(minuteOfWeek(at(iso))).toBe(minute)
  })

  it('handles negative times just before the epoch', () => {
    expect(minuteOfWeek(0)).toBe(5760)
    expect(minuteOfWeek(-1)).toBe(5759)
    expect(minuteOfWeek(-60_000)).toBe(5759)
    expect(minuteOfWeek(-60_001)).toBe(5758)
  })

  it('agrees with Date (UTC day, hour and minute) at any time', () => {
    fc.assert(
      fc.property(anyTime, (timeMs) => {
        const date = dateAt(timeMs)
        const expected = date.getUTCDay() * 1440 + date.getUTCHours() * 60 + date.getUTCMinutes()
        const minute = minuteOfWeek(timeMs)
        expect(minute).toBe(expected)
        expect(Number.isInteger(minute) && minute >= 0 && minute < MINUTES_PER_WEEK).toBe(true)
      }),
      { seed: 42, numRuns: 200 },
    )
  })

  it('repeats every week', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -8e15, max: 8e15 }),
        fc.integer({ min: -1000, max: 1000 }),
        (t, weeks) => {
          expect(minuteOfWeek(t + weeks * WEEK_MS)).toBe(minuteOfWeek(t))
        },
      ),
      { seed: 42, numRuns: 200 },
    )
  })
})

describe('weekWindow', () => {
  it('counts minutes from Sunday 00:00', () => {
    expect(weekWindow(0, 22, 5, 22)).toEqual({ From: 1320, To: 5 * 1440 + 1320 })
    expect(weekWindow(0, 0, 7, 0)).toEqual({ From: 0, To: MINUTES_PER_WEEK })
  })
})

describe('isOpenAt', () => {
  describe('forex: Sunday 22:00 to Friday 22:00 UTC', () => {
    it.each([
      ['2026-11-28T12:00:00Z', false], // Saturday
      ['2026-11-28T23:59:59Z', false], // Saturday, last second
      ['2026-11-22T00:00:00Z', false], // Sunday, first minute
      ['2026-11-22T21:59:00Z', false], // Sunday 21:59
      ['2026-11-22T21:59:59.999Z', false],
      ['2026-11-22T22:00:00Z', true], // Sunday 22:00
      ['2026-11-23T00:00:00Z', true], // Monday midnight
      ['2026-11-25T12:00:00Z', true], // Wednesday
      ['2026-11-25T22:30:00Z', true], // Wednesday 22:30: no daily break for forex
      ['2026-11-27T21:59:00Z', true], // Friday 21:59
      ['2026-11-27T21:59:59.999Z', true],
      ['2026-11-27T22:00:00Z', false], // Friday 22:00
      ['2026-11-27T23:00:00Z', false],
    ])('%s → open %s', (iso, open) => {
      expect(isOpenAt(SESSION_TEMPLATES.forex, at(iso))).toBe(open)
    })
  })

  describe('withDailyBreak: forex hours with a one-hour break at 22:00', () => {
    it.each([
      ['2026-11-22T22:30:00Z', false], // Sunday 22:30: opens at 23:00
      ['2026-11-22T23:00:00Z', true], // Sunday 23:00
      ['2026-11-24T21:59:00Z', true], // Tuesday 21:59
      ['2026-11-24T22:00:00Z', false], // Tuesday 22:00, daily break
      ['2026-11-24T22:30:00Z', false], // Tuesday 22:30, daily break
      ['2026-11-24T22:59:00Z', false],
      ['2026-11-24T23:00:00Z', true], // Tuesday 23:00
      ['2026-11-25T12:00:00Z', true], // Wednesday
      ['2026-11-27T21:59:00Z', true], // Friday 21:59
      ['2026-11-27T22:00:00Z', false], // Friday 22:00: closed for the weekend
      ['2026-11-27T23:30:00Z', false], // no Friday 23:00 session
      ['2026-11-28T12:00:00Z', false], // Saturday
    ])('%s → open %s', (iso, open) => {
      expect(isOpenAt(SESSION_TEMPLATES.withDailyBreak, at(iso))).toBe(open)
    })

    it('is closed from 22:00 to 23:00 UTC every day', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: -1e6, max: 1e6 }),
          fc.integer({ min: 0, max: 3_599_999 }),
          (day, ms) => {
            const timeMs = day * 86_400_000 + 22 * 3_600_000 + ms
            expect(isOpenAt(SESSION_TEMPLATES.withDailyBreak, timeMs)).toBe(false)
          },
        ),
        { seed: 42, numRuns: 200 },
      )
    })

    it('is open only when forex is open', () => {
      fc.assert(
        fc.property(anyTime, (timeMs) => {
          if (isOpenAt(SESSION_TEMPLATES.withDailyBreak, timeMs))
            expect(isOpenAt(SESSION_TEMPLATES.forex, timeMs)).toBe(true)
        }),
        { seed: 42, numRuns: 200 },
      )
    })
  })

  it('always: open at any time', () => {
    fc.assert(
      fc.property(anyTime, (timeMs) => {
        expect(isOpenAt(SESSION_TEMPLATES.always, timeMs)).toBe(true)
      }),
      { seed: 42, numRuns: 200 },
    )
    expect(isOpenAt(SESSION_TEMPLATES.always, at('2026-11-28T23:59:59.999Z'))).toBe(true)
    expect(isOpenAt(SESSION_TEMPLATES.always, at('2026-11-22T00:00:00Z'))).toBe(true)
  })

  it('no windows: never open', () => {
    fc.assert(
      fc.property(anyTime, (timeMs) => {
        expect(isOpenAt([], timeMs)).toBe(false)
      }),
      { seed: 42, numRuns: 200 },
    )
  })

  it('a window includes its start minute and excludes its end minute', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MINUTES_PER_WEEK - 1 }),
        fc.integer({ min: 1, max: MINUTES_PER_WEEK }),
        fc.integer({ min: 0, max: MINUTES_PER_WEEK - 1 }),
        (a, b, minute) => {
          const window = { From: Math.min(a, b - 1), To: Math.max(a + 1, b) }
          // Sunday 2026-11-22 00:00 UTC plus `minute` minutes and some seconds.
          const timeMs = at('2026-11-22T00:00:00Z') + minute * 60_000 + 59_999
          expect(isOpenAt([window], timeMs)).toBe(minute >= window.From && minute < window.To)
        },
      ),
      { seed: 42, numRuns: 200 },
    )
  })
})
