/** Shared set-up of the generated-history tests: sessions, specs, a cache of histories and the cases. */
import type { StoredPeriod } from '@tp/contracts'
import { generateHistory, type History, type HistorySpec } from './history.ts'
import { SessionCalendar } from './calendar.ts'
import { seededRandom } from './random.ts'
import { SESSION_TEMPLATES, type SessionTemplate } from './sessions.ts'

export const MINUTE = 60_000
export const DAY = 86_400_000

export const WEDNESDAY = Date.UTC(2026, 10, 25, 12, 30, 15)
export const SATURDAY = Date.UTC(2026, 10, 28, 15, 0, 0)
export const SUNDAY_MIDNIGHT = Date.UTC(2026, 10, 29)

/** Day of week of a Unix second, 0 Sunday … 6 Saturday (1970-01-01 was a Thursday), and hour of day. */
export const weekday = (time: number) => (Math.floor(time / 86_400) + 4) % 7
export const hourOf = (time: number) => Math.floor((time % 86_400) / 3600)

/** Whether the calendar rule of a template (not sessions.ts) closes the minute starting at `time`. */
export function closedByCalendar(template: SessionTemplate, time: number): boolean {
  const day = weekday(time)
  const hour = hourOf(time)
  switch (template) {
    case 'forex':
      return day === 6 || (day === 5 && hour >= 22) || (day === 0 && hour < 22)
    case 'withDailyBreak':
      return day === 6 || (day === 5 && hour >= 22) || (day === 0 && hour < 23) || hour === 22
    case 'always':
      return false
  }
}

export const TICK_INTERVAL_MS = 1000
/** A minute has 60 s / 1 s × (0.5 … 1.5) ticks. */
export const MIN_MINUTE_VOLUME = 30
export const MAX_MINUTE_VOLUME = 90

export const SPECS: Record<SessionTemplate, HistorySpec> = {
  forex: {
    walk: { anchor: 1.1, dailyVolatility: 0.005, reversionDays: 60 },
    calendar: SessionCalendar.utc(SESSION_TEMPLATES.forex),
    precision: 5,
    spreadPoints: 12,
    tickIntervalMs: TICK_INTERVAL_MS,
  },
  withDailyBreak: {
    walk: { anchor: 2400, dailyVolatility: 0.01, reversionDays: 90 },
    calendar: SessionCalendar.utc(SESSION_TEMPLATES.withDailyBreak),
    precision: 2,
    spreadPoints: 35,
    tickIntervalMs: TICK_INTERVAL_MS,
  },
  always: {
    walk: { anchor: 65_000, dailyVolatility: 0.03, reversionDays: 120 },
    calendar: SessionCalendar.utc(SESSION_TEMPLATES.always),
    precision: 1,
    spreadPoints: 150,
    tickIntervalMs: TICK_INTERVAL_MS,
  },
}

export const cache = new Map<string, History>()
/** Histories are pure functions of their inputs: generate each once for all the tests that read it. */
export function history(template: SessionTemplate, endMs: number, count: number, seed = 42): History {
  const key = `${template} ${endMs} ${count} ${seed}`
  let found = cache.get(key)
  if (!found) {
    found = generateHistory(SPECS[template], endMs, count, seededRandom(seed))
    cache.set(key, found)
  }
  return found
}

export const last = <T>(list: readonly T[]): T => list[list.length - 1]!

export const INTRADAY: StoredPeriod[] = ['5min', '15min', '30min', '60min']

export const cases = (['forex', 'withDailyBreak', 'always'] as const).flatMap((template) =>
  [50, 200].flatMap((count) =>
    [
      ['Wednesday 12:30:15', WEDNESDAY],
      ['Saturday 15:00', SATURDAY],
      ['Sunday 00:00', SUNDAY_MIDNIGHT],
    ].map(([name, endMs]) => ({ template, count, name: name as string, endMs: endMs as number })),
  ),
)
