import { describe, expect, it } from 'vitest'
import { SessionCalendar, dayNumber, weekdayOfDay } from './calendar.ts'
import { weekWindow } from './sessions.ts'
import { utcOfLocal, zoneOffsetMs } from './zone-offsets.ts'

const at = (iso: string) => Date.parse(iso)
const NEW_YORK = 'America/New_York'
/** Forex as brokers keep it: Sunday 17:00 to Friday 17:00 New York time, through daylight saving. */
const forex = () => new SessionCalendar({ timeZone: NEW_YORK, windows: [weekWindow(0, 17, 5, 17)] })
/** CME-style: Sunday 18:00 to Friday 17:00 New York, with a daily break from 17:00 to 18:00. */
const cme = (holidays: { date: string; hours: { From: number; To: number }[] }[] = []) =>
  new SessionCalendar({
    timeZone: NEW_YORK,
    windows: [0, 1, 2, 3, 4].map((day) => ({ From: day * 1440 + 18 * 60, To: (day + 1) * 1440 + 17 * 60 })),
    holidays,
  })

describe('zone offsets', () => {
  it.each([
    ['2026-07-01T12:00:00Z', NEW_YORK, -4],
    ['2026-11-26T12:00:00Z', NEW_YORK, -5],
    ['2026-11-26T12:00:00Z', 'Europe/Berlin', 1],
    ['2026-07-01T12:00:00Z', 'Europe/London', 1],
    ['2026-07-01T12:00:00Z', 'Asia/Hong_Kong', 8],
    ['2026-07-01T12:00:00Z', 'Asia/Kathmandu', 5.75],
    ['2026-07-01T12:00:00Z', 'UTC', 0],
  ])('%s in %s is UTC%+d', (iso, zone, hours) => {
    expect(zoneOffsetMs(zone, at(iso))).toBe(hours * 3_600_000)
  })

  it('changes at the exact instant of the switch (New York, 2026-11-01 06:00 UTC)', () => {
    expect(zoneOffsetMs(NEW_YORK, at('2026-11-01T05:59:59.999Z'))).toBe(-4 * 3_600_000)
    expect(zoneOffsetMs(NEW_YORK, at('2026-11-01T06:00:00Z'))).toBe(-5 * 3_600_000)
  })

  it('reads wall-clock times: a skipped one is the jump, a repeated one is the first', () => {
    const local = (iso: string) => at(`${iso}Z`)
    expect(utcOfLocal(NEW_YORK, local('2026-11-26T17:00:00'))).toBe(at('2026-11-26T22:00:00Z'))
    expect(utcOfLocal(NEW_YORK, local('2026-07-01T17:00:00'))).toBe(at('2026-07-01T21:00:00Z'))
    // 02:00 to 03:00 does not exist on 2026-03-08 in New York: each such time is the jump, 03:00
    // EDT, so no wall-clock time in the gap reads later than 03:00 or 03:15.
    for (const skipped of ['02:00', '02:30', '02:59'])
      expect(utcOfLocal(NEW_YORK, local(`2026-03-08T${skipped}:00`))).toBe(at('2026-03-08T07:00:00Z'))
    expect(utcOfLocal(NEW_YORK, local('2026-03-08T03:15:00'))).toBe(at('2026-03-08T07:15:00Z'))
    expect(utcOfLocal(NEW_YORK, local('2026-03-08T01:59:00'))).toBe(at('2026-03-08T06:59:00Z'))
    // 01:30 happens twice on 2026-11-01: the first time is EDT.
    expect(utcOfLocal(NEW_YORK, local('2026-11-01T01:30:00'))).toBe(at('2026-11-01T05:30:00Z'))
  })
})

describe('session calendar', () => {
  it('opens forex at 17:00 New York: 22:00 UTC in winter, 21:00 UTC in summer', () => {
    const calendar = forex()
    // Winter: Sunday 2026-11-29.
    expect(calendar.isOpenAt(at('2026-11-29T21:59:59.999Z'))).toBe(false)
    expect(calendar.isOpenAt(at('2026-11-29T22:00:00Z'))).toBe(true)
    expect(calendar.isOpenAt(at('2026-12-04T21:59:59.999Z'))).toBe(true)
    expect(calendar.isOpenAt(at('2026-12-04T22:00:00Z'))).toBe(false)
    // Summer: Sunday 2026-07-05 opens an hour earlier in UTC, Friday closes an hour earlier.
    expect(calendar.isOpenAt(at('2026-07-05T20:59:59Z'))).toBe(false)
    expect(calendar.isOpenAt(at('2026-07-05T21:00:00Z'))).toBe(true)
    expect(calendar.isOpenAt(at('2026-07-10T20:59:59Z'))).toBe(true)
    expect(calendar.isOpenAt(at('2026-07-10T21:00:00Z'))).toBe(false)
  })

  it('follows the week daylight saving ends in: the Friday before is summer, the Sunday after winter', () => {
    const calendar = forex()
    // New York leaves daylight saving on Sunday 2026-11-01 at 02:00 local.
    expect(calendar.nextClose(at('2026-10-28T12:00:00Z'))).toBe(at('2026-10-30T21:00:00Z'))
    expect(calendar.nextOpen(at('2026-10-31T12:00:00Z'))).toBe(at('2026-11-01T22:00:00Z'))
  })

  it('tells the next open and close, and the open instant itself while open', () => {
    const calendar = cme()
    const breakStart = at('2026-11-24T22:00:00Z') // Tuesday 17:00 New York
    expect(calendar.nextClose(at('2026-11-24T15:00:00Z'))).toBe(breakStart)
    expect(calendar.isOpenAt(breakStart)).toBe(false)
    expect(calendar.nextOpen(breakStart)).toBe(at('2026-11-24T23:00:00Z'))
    expect(calendar.nextOpen(at('2026-11-24T15:00:00Z'))).toBe(at('2026-11-24T15:00:00Z'))
    expect(calendar.nextClose(breakStart)).toBeUndefined()
    // Saturday: the next open is Sunday 18:00 New York.
    expect(calendar.nextOpen(at('2026-11-28T12:00:00Z'))).toBe(at('2026-11-29T23:00:00Z'))
  })

  it('closes a holiday all day and trades a half day for its hours only', () => {
    const calendar = cme([
      { date: '2026-12-25', hours: [] },
      // Thanksgiving: the session that began Wednesday evening stops at 13:00 New York.
      { date: '2026-11-26', hours: [{ From: 0, To: 13 * 60 }] },
    ])
    expect(calendar.isOpenAt(at('2026-11-26T17:59:59Z'))).toBe(true)
    expect(calendar.isOpenAt(at('2026-11-26T18:00:00Z'))).toBe(false)
    expect(calendar.nextClose(at('2026-11-26T12:00:00Z'))).toBe(at('2026-11-26T18:00:00Z'))
    // The evening session of Thursday is gone with the holiday's hours: Friday's day opens at midnight.
    expect(calendar.nextOpen(at('2026-11-26T18:00:00Z'))).toBe(at('2026-11-27T05:00:00Z'))
    // Christmas (a Friday) is closed from local midnight: the session of Thursday evening ends then.
    expect(calendar.nextClose(at('2026-12-24T20:00:00Z'))).toBe(at('2026-12-24T22:00:00Z'))
    expect(calendar.isOpenAt(at('2026-12-25T15:00:00Z'))).toBe(false)
    expect(calendar.nextOpen(at('2026-12-25T15:00:00Z'))).toBe(at('2026-12-27T23:00:00Z'))
  })

  it('keeps a window inside the skipped hour of a spring-forward in order (none of it exists)', () => {
    // Sunday 02:30 to 03:15 New York; on 2026-03-08 the clocks go from 02:00 to 03:00.
    const calendar = new SessionCalendar({ timeZone: NEW_YORK, windows: [{ From: 150, To: 195 }] })
    expect(calendar.openSpans(at('2026-03-08T00:00:00Z'), at('2026-03-09T00:00:00Z'))).toEqual([
      { from: at('2026-03-08T07:00:00Z'), to: at('2026-03-08T07:15:00Z') },
    ])
  })

  it('knows its regular week apart from holidays (rollovers follow it)', () => {
    const calendar = cme([{ date: '2026-12-25', hours: [] }])
    expect(calendar.isOpenAt(at('2026-12-25T15:00:00Z'))).toBe(false)
    expect(calendar.regularlyOpenAt(at('2026-12-25T15:00:00Z'))).toBe(true)
    // The daily break (17:00 to 18:00 New York) and the weekend are no part of the week's hours.
    expect(calendar.regularlyOpenAt(at('2026-12-24T22:30:00Z'))).toBe(false)
    expect(calendar.regularlyOpenAt(at('2026-12-26T15:00:00Z'))).toBe(false)
    // Summer time moves the week with it: Monday 17:30 New York is 21:30 UTC in July.
    expect(calendar.regularlyOpenAt(at('2026-07-06T21:30:00Z'))).toBe(false)
    expect(calendar.regularlyOpenAt(at('2026-07-06T22:00:00Z'))).toBe(true)
  })

  it('looks 84 days ahead of the UTC day asked about, whatever it was asked before', () => {
    // A market closed but for one minute on 2026-03-25 (04:00 UTC): 83 days after 2026-01-01.
    const schedule = {
      timeZone: NEW_YORK,
      windows: [],
      holidays: [{ date: '2026-03-25', hours: [{ From: 0, To: 1 }] }],
    }
    const kept = new SessionCalendar(schedule)
    expect(kept.nextOpen(at('2025-12-31T23:00:00Z'))).toBeUndefined()
    expect(kept.isOpenAt(at('2025-12-31T23:00:00Z'))).toBe(false)
    // Asked before, at another hour of New York's day: the answer is a fresh calendar's.
    expect(kept.nextOpen(at('2026-01-01T05:00:00Z'))).toBe(at('2026-03-25T04:00:00Z'))
    expect(new SessionCalendar(schedule).nextOpen(at('2026-01-01T05:00:00Z'))).toBe(
      at('2026-03-25T04:00:00Z'),
    )
  })

  it('lists open spans clipped to a range, and never opens without windows', () => {
    const calendar = forex()
    expect(calendar.openSpans(at('2026-11-27T00:00:00Z'), at('2026-11-30T00:00:00Z'))).toEqual([
      { from: at('2026-11-27T00:00:00Z'), to: at('2026-11-27T22:00:00Z') },
      { from: at('2026-11-29T22:00:00Z'), to: at('2026-11-30T00:00:00Z') },
    ])
    const never = new SessionCalendar({ timeZone: NEW_YORK, windows: [] })
    expect(never.isOpenAt(at('2026-11-25T12:00:00Z'))).toBe(false)
    expect(never.nextOpen(at('2026-11-25T12:00:00Z'))).toBeUndefined()
  })

  it('an always-open UTC market has no close within the horizon', () => {
    const calendar = SessionCalendar.utc([{ From: 0, To: 10_080 }])
    expect(calendar.isOpenAt(at('2026-11-28T12:00:00Z'))).toBe(true)
    expect(calendar.nextClose(at('2026-11-28T12:00:00Z'))).toBeUndefined()
  })

  it('answers the same after jumping far in time and back (the spans are rebuilt)', () => {
    const calendar = forex()
    const times = ['2026-11-25T12:00:00Z', '2027-06-30T12:00:00Z', '2025-01-04T12:00:00Z'].map(at)
    const first = times.map((t) => [calendar.isOpenAt(t), calendar.nextOpen(t), calendar.nextClose(t)])
    const again = [...times]
      .reverse()
      .map((t) => [calendar.isOpenAt(t), calendar.nextOpen(t), calendar.nextClose(t)])
      .reverse()
    expect(again).toEqual(first)
  })

  it('counts local days in the market zone', () => {
    const calendar = forex()
    // 2026-11-27 03:00 UTC is still Thursday the 26th in New York.
    const day = calendar.localDay(at('2026-11-27T03:00:00Z'))
    expect(day).toBe(dayNumber('2026-11-26'))
    expect(weekdayOfDay(day)).toBe(4)
    expect(calendar.utcOf(day, 17 * 60)).toBe(at('2026-11-26T22:00:00Z'))
  })
})
