import { MAX_HISTORY_DAYS } from '@tp/contracts/light'

/*
 * The period of a history (issue 25: the orders' History tab and the account history): today, the
 * last 7 or 30 days, or two dates picked, as the days of the phone's own time zone. The server takes the instants they start and end at,
 * [from, to) in Unix ms (docs/decisions/038-account-statement.md).
 */

export const PERIOD_PRESETS = ['today', '7d', '30d', 'custom'] as const
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]

export interface HistoryPeriod {
  from: number
  to: number
}

/** A history opens on the last 30 days. */
export const DEFAULT_PRESET: PeriodPreset = '30d'

const DAYS: Record<Exclude<PeriodPreset, 'custom'>, number> = { today: 1, '7d': 7, '30d': 30 }

/** Local midnight `days` days after the day of `ms` (0: its own day), as Date does across DST. */
const localMidnight = (ms: number, days: number) => {
  const at = new Date(ms)
  return new Date(at.getFullYear(), at.getMonth(), at.getDate() + days).getTime()
}

/** A preset's days, ending with today, in the phone's zone. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, nowMs: number): HistoryPeriod {
  return { from: localMidnight(nowMs, 1 - DAYS[preset]), to: localMidnight(nowMs, 1) }
}

/** A day as an `<input type="date">` writes it, in the phone's zone. */
export function dateValue(ms: number): string {
  const at = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Local midnight of a "YYYY-MM-DD" day, or undefined for anything else (or a day that does not exist). */
function dayStart(value: string): number | undefined {
  const match = DATE.exec(value)
  if (!match) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])]
  const at = new Date(year, month, day)
  return at.getFullYear() === year && at.getMonth() === month && at.getDate() === day
    ? at.getTime()
    : undefined
}

export type CustomPeriod = HistoryPeriod | 'invalid' | 'too_long'

/**
 * Two picked days, both included: from the first one's midnight to the midnight after the last.
 * 'invalid' when a day is missing or the first comes after the last; 'too_long' past MAX_HISTORY_DAYS.
 */
export function customPeriod(fromDay: string, toDay: string): CustomPeriod {
  const from = dayStart(fromDay)
  const last = dayStart(toDay)
  if (from === undefined || last === undefined || last < from) return 'invalid'
  const to = localMidnight(last, 1)
  // Days counted on the calendar, not in hours: a day across a DST change is 23 or 25 hours.
  const days = Math.round((to - from) / 86_400_000)
  return days > MAX_HISTORY_DAYS ? 'too_long' : { from, to }
}

/** The period a tab's address names (`period`, and `from`/`to` days for a custom one); the default when none or bad. */
export function periodFromParams(
  params: URLSearchParams,
  nowMs: number,
): {
  preset: PeriodPreset
  period: HistoryPeriod
} {
  const preset = params.get('period')
  if (preset === 'custom') {
    const custom = customPeriod(params.get('from') ?? '', params.get('to') ?? '')
    if (typeof custom === 'object') return { preset, period: custom }
  } else if (preset === 'today' || preset === '7d' || preset === '30d')
    return { preset, period: presetPeriod(preset, nowMs) }
  return { preset: DEFAULT_PRESET, period: presetPeriod(DEFAULT_PRESET as '30d', nowMs) }
}
