import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SwapMode, type TradingWindow } from '@tp/contracts'
import { SessionCalendar, type HolidayHours } from './calendar.ts'
import { MINUTES_PER_WEEK } from './sessions.ts'
import { utcOfLocal, zoneOffsetMs } from './zone-offsets.ts'
import { nightsAt, rolloversBetween } from '../trading/swaps.ts'

/*
 * Properties of market calendars (decision 022) over zones with every kind of daylight saving:
 * northern and southern, none, a 30-minute shift (Lord Howe), 45-minute offsets (Chatham,
 * Kathmandu). A kept calendar (spans and memos reused) answers as a fresh one; the next open is open
 * and nothing before it is; the next close ends the open stretch; wall-clock times never go back.
 */

const NEW_YORK = 'America/New_York'
const ZONES = [
  NEW_YORK,
  'Europe/London',
  'Europe/Berlin',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Asia/Kathmandu',
  'Asia/Tokyo',
  'America/Sao_Paulo',
  'UTC',
]
const FROM = Date.parse('2026-01-01T00:00:00Z')
const TO = Date.parse('2028-01-01T00:00:00Z')
const MINUTE = 60_000
/** YYYY-MM-DD of a UTC instant (Canada writes dates as ISO does). */
const UTC_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' })
const HOUR = 60 * MINUTE

/** Up to four weekly windows, ascending and apart, on quarter hours. */
const windowsArb = fc
  .uniqueArray(fc.integer({ min: 0, max: MINUTES_PER_WEEK / 15 }), { minLength: 0, maxLength: 8 })
  .map((cuts) => {
    const sorted = [...cuts].sort((a, b) => a - b).map((q) => q * 15)
    const out: TradingWindow[] = []
    for (let i = 0; i + 1 < sorted.length; i += 2)
      out.push({ From: sorted[i] as number, To: sorted[i + 1] as number })
    return out
  })

/** A holiday on a local date within the range: closed, or open for some hours. */
const holidayArb: fc.Arbitrary<HolidayHours> = fc.record({
  date: fc
    .integer({ min: FROM / 86_400_000, max: TO / 86_400_000 })
    .map((day) => UTC_DATE.format(day * 86_400_000)),
  hours: fc.oneof(
    fc.constant([] as TradingWindow[]),
    fc
      .tuple(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 1440 }))
      .filter(([a, b]) => a < b)
      .map(([a, b]) => [{ From: a, To: b }]),
  ),
})

const scheduleArb = fc.record({
  timeZone: fc.constantFrom(...ZONES),
  windows: windowsArb,
  holidays: fc.uniqueArray(holidayArb, { maxLength: 6, selector: (h) => h.date }),
})

const instantArb = fc.integer({ min: FROM, max: TO }).map((ms) => Math.floor(ms / MINUTE) * MINUTE)

/** The instants (UTC) a zone's offset changes within the range: a daily scan, then a bisection. */
function switchesOf(zone: string): number[] {
  const out: number[] = []
  for (let day = FROM; day < TO; day += 86_400_000) {
    if (zoneOffsetMs(zone, day) === zoneOffsetMs(zone, day + 86_400_000)) continue
    let [low, high] = [day, day + 86_400_000]
    while (high - low > 15 * MINUTE) {
      const mid = low + Math.floor((high - low) / (30 * MINUTE)) * 15 * MINUTE
      if (zoneOffsetMs(zone, mid) === zoneOffsetMs(zone, low)) low = mid
      else high = mid
    }
    out.push(high)
  }
  return out
}

/** Each zone's clock changes in the range (São Paulo, Tokyo, Kathmandu and UTC have none). */
const SWITCHES = new Map(ZONES.map((zone) => [zone, switchesOf(zone)]))

/** A zone and a wall-clock time (ms as if UTC) within three hours of one of its clock changes. */
const nearSwitchArb = fc
  .constantFrom(...ZONES.filter((zone) => (SWITCHES.get(zone) as number[]).length > 0))
  .chain((zone) =>
    fc
      .tuple(fc.constantFrom(...(SWITCHES.get(zone) as number[])), fc.integer({ min: -180, max: 180 }))
      .map(([at, minutes]) => ({ zone, local: at + zoneOffsetMs(zone, at - 1) + minutes * MINUTE })),
  )

/** Not within two hours of a change of the zone's offset (a repeated wall-clock hour reads twice). */
const awayFromSwitch = (zone: string, ms: number) =>
  zoneOffsetMs(zone, ms - 2 * HOUR) === zoneOffsetMs(zone, ms + 2 * HOUR)

describe('market calendar properties', () => {
  it('a kept calendar answers every question as a fresh one', () => {
    fc.assert(
      fc.property(
        scheduleArb,
        fc.array(instantArb, { minLength: 1, maxLength: 12 }),
        (schedule, instants) => {
          const kept = new SessionCalendar(schedule)
          for (const ms of instants) {
            const fresh = () => new SessionCalendar(schedule)
            expect(kept.isOpenAt(ms)).toBe(fresh().isOpenAt(ms))
            expect(kept.nextOpen(ms)).toBe(fresh().nextOpen(ms))
            expect(kept.nextClose(ms)).toBe(fresh().nextClose(ms))
          }
        },
      ),
      { numRuns: 150 },
    )
  })

  it('the next open is open and nothing before it is; the next close ends the stretch', () => {
    fc.assert(
      fc.property(scheduleArb, instantArb, (schedule, ms) => {
        const calendar = new SessionCalendar(schedule)
        const open = calendar.nextOpen(ms)
        if (open === undefined) {
          expect(calendar.isOpenAt(ms)).toBe(false)
          return
        }
        expect(open).toBeGreaterThanOrEqual(ms)
        expect(calendar.isOpenAt(open)).toBe(true)
        if (open > ms) {
          expect(calendar.isOpenAt(open - 1)).toBe(false)
          expect(calendar.openSpans(ms, open)).toEqual([])
        }
        const close = calendar.nextClose(open)
        if (close !== undefined) {
          expect(close).toBeGreaterThan(open)
          expect(calendar.isOpenAt(close - 1)).toBe(true)
          expect(calendar.isOpenAt(close)).toBe(false)
        }
      }),
      { numRuns: 400 },
    )
  })

  it('without holidays it is open exactly when its week says, away from a clock change', () => {
    fc.assert(
      fc.property(scheduleArb, instantArb, (schedule, ms) => {
        fc.pre(awayFromSwitch(schedule.timeZone, ms))
        const calendar = new SessionCalendar({ ...schedule, holidays: [] })
        expect(calendar.isOpenAt(ms)).toBe(calendar.regularlyOpenAt(ms))
        // Holidays change when it is open, never its regular week.
        expect(new SessionCalendar(schedule).regularlyOpenAt(ms)).toBe(calendar.regularlyOpenAt(ms))
      }),
      { numRuns: 400 },
    )
  })

  it('finds clock changes to test near (New York: two a year)', () => {
    expect(SWITCHES.get('America/New_York')).toEqual(
      ['2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z', '2027-03-14T07:00:00Z', '2027-11-07T06:00:00Z'].map(
        (iso) => Date.parse(iso),
      ),
    )
  })

  it('reads later wall-clock times as later instants near a clock change (none in a gap jumps past)', () => {
    fc.assert(
      fc.property(nearSwitchArb, fc.integer({ min: 0, max: 240 }), ({ zone, local }, minutes) => {
        expect(utcOfLocal(zone, local + minutes * MINUTE)).toBeGreaterThanOrEqual(utcOfLocal(zone, local))
      }),
      { numRuns: 1000 },
    )
  })

  it('reads later wall-clock times as later instants, and an existing time back as itself', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        instantArb,
        fc.integer({ min: 0, max: 6 * 60 }),
        (zone, local, minutes) => {
          const earlier = utcOfLocal(zone, local)
          const later = utcOfLocal(zone, local + minutes * MINUTE)
          expect(later).toBeGreaterThanOrEqual(earlier)
          // Away from a clock change every wall-clock time exists once, and reads back as itself.
          if (awayFromSwitch(zone, earlier)) expect(earlier + zoneOffsetMs(zone, earlier)).toBe(local)
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('finances seven nights in every week of forex, whatever its holidays and clock changes', () => {
    // Sunday 17:00 to Friday 17:00 New York, rolling over at 17:00 there, three nights on Wednesday.
    const forex = (holidays: HolidayHours[]) => ({
      calendar: new SessionCalendar({
        timeZone: NEW_YORK,
        windows: [{ From: 17 * 60, To: 5 * 1440 + 17 * 60 }],
        holidays,
      }),
      swap: { long: '-1', short: '-1', mode: SwapMode.Points, tripleDay: 3, rolloverMinute: 17 * 60 },
    })
    fc.assert(
      fc.property(
        fc.uniqueArray(holidayArb, { maxLength: 20, selector: (h) => h.date }),
        instantArb,
        (holidays, ms) => {
          const schedule = forex(holidays)
          // A week of New York's wall clock: 167 or 169 hours when the clocks change within it.
          const weekLater = utcOfLocal(NEW_YORK, ms + zoneOffsetMs(NEW_YORK, ms) + 7 * 86_400_000)
          const rollovers = rolloversBetween(schedule, ms, weekLater)
          expect(rollovers).toHaveLength(5)
          expect(rollovers.reduce((nights, at) => nights + nightsAt(schedule, at), 0)).toBe(7)
        },
      ),
      { numRuns: 300 },
    )
  })
})
