/** Generated history: specific shapes, and which days a market opens on. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { STORED_PERIODS, type TradingWindow } from '@tp/contracts'
import { generateHistory, opensOnDay, type HistorySpec } from './history.ts'
import { SessionCalendar } from './calendar.ts'
import { seededRandom } from './random.ts'
import { isOpenAt, SESSION_TEMPLATES, weekWindow } from './sessions.ts'
import {
  MINUTE,
  DAY,
  WEDNESDAY,
  SATURDAY,
  weekday,
  hourOf,
  SPECS,
  history,
  last,
} from './history.fixtures.ts'

describe('generateHistory, specific shapes', () => {
  it('ends a forex history on a Saturday with Friday 21:59', () => {
    const { bars } = history('forex', SATURDAY, 50)
    expect(last(bars['1min']).time).toBe(Date.UTC(2026, 10, 27, 21, 59) / 1000)
    expect(last(bars['60min']).time).toBe(Date.UTC(2026, 10, 27, 21) / 1000)
    expect(last(bars['1day']).time).toBe(Date.UTC(2026, 10, 27) / 1000)
  })

  it('ends a history on Wednesday with the minute before the one holding endMs', () => {
    const { bars } = history('always', WEDNESDAY, 50)
    expect(last(bars['1min']).time).toBe(Date.UTC(2026, 10, 25, 12, 29) / 1000)
    expect(bars['1min'][0]!.time).toBe(Date.UTC(2026, 10, 25, 11, 40) / 1000)
    // The current hour and day are open candles made of what has happened so far.
    expect(last(bars['60min']).time).toBe(Date.UTC(2026, 10, 25, 12) / 1000)
    expect(last(bars['1day']).time).toBe(Date.UTC(2026, 10, 25) / 1000)
  })

  it('skips the daily break and the weekend in hourly candles', () => {
    const { bars } = history('withDailyBreak', WEDNESDAY, 200)
    const hours = bars['60min'].map((b) => hourOf(b.time))
    expect(hours).not.toContain(22)
    expect(hours).toContain(23)
    expect(hours).toContain(21)
  })

  it('reaches back over many weeks for a market open one hour a week', () => {
    const spec: HistorySpec = { ...SPECS.forex, calendar: SessionCalendar.utc([weekWindow(3, 12, 3, 13)]) }
    const { bars } = generateHistory(spec, WEDNESDAY, 20, seededRandom(1))
    for (const period of STORED_PERIODS) expect(bars[period], period).toHaveLength(20)
    for (const bar of bars['60min']) {
      expect(weekday(bar.time)).toBe(3)
      expect(hourOf(bar.time)).toBe(12)
    }
    // The hour holding endMs (12:30) is the newest, partial: 12:00 … 12:29.
    expect(last(bars['60min']).time).toBe(Date.UTC(2026, 10, 25, 12) / 1000)
    expect(bars['60min'][0]!.time).toBe(Date.UTC(2026, 10, 25, 12) / 1000 - 19 * 7 * 86_400)
    // Daily candles are only the Wednesdays.
    for (const bar of bars['1day']) expect(weekday(bar.time)).toBe(3)
  })

  it('has no candles for a market that never opens', () => {
    const spec: HistorySpec = { ...SPECS.forex, calendar: SessionCalendar.utc([]) }
    const result = generateHistory(spec, WEDNESDAY, 10, seededRandom(1))
    for (const period of STORED_PERIODS) expect(result.bars[period], period).toEqual([])
    expect(result.lastMid).toBe(spec.walk.anchor)
  })

  it('keeps a wide-spread, volatile instrument positive over a long history', () => {
    const spec: HistorySpec = {
      walk: { anchor: 0.5, dailyVolatility: 0.06, reversionDays: 30 },
      calendar: SessionCalendar.utc(SESSION_TEMPLATES.always),
      precision: 4,
      spreadPoints: 20,
      tickIntervalMs: 30_000,
    }
    const { bars } = generateHistory(spec, WEDNESDAY, 500, seededRandom(9))
    for (const period of STORED_PERIODS) {
      expect(bars[period], period).toHaveLength(500)
      for (const bar of bars[period]) {
        expect(bar.low).toBeGreaterThan(0)
        expect(bar.volume).toBeGreaterThanOrEqual(1)
      }
    }
  })
})

describe('opensOnDay', () => {
  const day = (d: number) => Date.UTC(2026, 10, 22 + d) // 2026-11-22 is a Sunday

  it.each([
    ['forex', 0, true], // opens Sunday 22:00
    ['forex', 1, true],
    ['forex', 5, true], // closes Friday 22:00
    ['forex', 6, false],
    ['withDailyBreak', 0, true], // opens Sunday 23:00
    ['withDailyBreak', 3, true],
    ['withDailyBreak', 6, false],
    ['always', 0, true],
    ['always', 6, true],
  ] as const)('%s on day %d → %s', (template, d, expected) => {
    expect(opensOnDay(SESSION_TEMPLATES[template], day(d))).toBe(expected)
    expect(opensOnDay(SESSION_TEMPLATES[template], day(d + 7))).toBe(expected)
  })

  it('is false for no sessions and a window ending at the day start', () => {
    expect(opensOnDay([], day(1))).toBe(false)
    // Monday 00:00–Tuesday 00:00 does not touch Tuesday or Sunday.
    const monday = [weekWindow(1, 0, 2, 0)]
    expect(opensOnDay(monday, day(0))).toBe(false)
    expect(opensOnDay(monday, day(1))).toBe(true)
    expect(opensOnDay(monday, day(2))).toBe(false)
  })

  it('is true exactly when some minute of the UTC day is open', () => {
    const window = fc
      .tuple(fc.integer({ min: 0, max: 10_079 }), fc.integer({ min: 1, max: 3000 }))
      .map(([from, length]): TradingWindow => ({ From: from, To: Math.min(from + length, 10_080) }))
    fc.assert(
      fc.property(
        fc.array(window, { maxLength: 3 }),
        fc.integer({ min: -3000, max: 3000 }),
        (sessions, dayIndex) => {
          const dayMs = dayIndex * DAY
          let anyOpen = false
          for (let t = dayMs; t < dayMs + DAY && !anyOpen; t += MINUTE) anyOpen = isOpenAt(sessions, t)
          expect(opensOnDay(sessions, dayMs)).toBe(anyOpen)
        },
      ),
      { seed: 42, numRuns: 300 },
    )
  })
})
