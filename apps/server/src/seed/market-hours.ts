import type { TradingWindow } from '@tp/contracts'
import { weekWindow } from '@tp/engine'

/**
 * When the seeded markets trade, in their own time zones (docs/decisions/022-market-calendar.md),
 * their price protection and the house's limits on them, and a holiday calendar for the months after
 * a fresh install: what a retail broker publishes in late 2026. Staff edit all of it in the back
 * office; the seed never overwrites what is there.
 */

export interface MarketHours {
  timeZone: string
  windows: TradingWindow[]
  /** The daily rollover in minutes after local midnight (17:00 New York is 1020). */
  rolloverMinute: number
}

const NEW_YORK = 'America/New_York'
/** Monday to Friday, from `from` to `to` local minutes of each day. */
const weekdays = (from: number, to: number) =>
  [1, 2, 3, 4, 5].map((day) => ({ From: day * 1440 + from, To: day * 1440 + to }))

export const HOURS = {
  /** Forex: Sunday 17:00 to Friday 17:00 New York, rolling over at 17:00 there. */
  forex: { timeZone: NEW_YORK, windows: [weekWindow(0, 17, 5, 17)], rolloverMinute: 17 * 60 },
  /** CME Globex (metals, energy, US and Japanese index futures): Sunday 18:00 to Friday 17:00 New York, a break from 17:00 to 18:00. */
  cme: {
    timeZone: NEW_YORK,
    windows: [0, 1, 2, 3, 4].map((day) => weekWindow(day, 18, day + 1, 17)),
    rolloverMinute: 17 * 60,
  },
  /** Germany 40 CFD: 01:15 to 22:00 Frankfurt time, Monday to Friday. */
  frankfurt: { timeZone: 'Europe/Berlin', windows: weekdays(75, 22 * 60), rolloverMinute: 22 * 60 },
  /** UK 100 CFD: 01:00 to 21:00 London time, Monday to Friday. */
  london: { timeZone: 'Europe/London', windows: weekdays(60, 21 * 60), rolloverMinute: 21 * 60 },
  /** Hang Seng futures: 09:15 to 12:00, 13:00 to 16:30 and an evening session 17:15 to 03:00 Hong Kong time. */
  hongKong: {
    timeZone: 'Asia/Hong_Kong',
    windows: [1, 2, 3, 4, 5].flatMap((day) => [
      { From: day * 1440 + 555, To: day * 1440 + 720 },
      { From: day * 1440 + 780, To: day * 1440 + 990 },
      { From: day * 1440 + 1035, To: (day + 1) * 1440 + 180 },
    ]),
    rolloverMinute: 990,
  },
  /** Crypto: always, rolling over at 22:00 UTC. */
  always: { timeZone: 'UTC', windows: [{ From: 0, To: 7 * 1440 }], rolloverMinute: 22 * 60 },
} satisfies Record<string, MarketHours>
export type HoursKey = keyof typeof HOURS

const HOURS_BY_CATEGORY: Record<string, HoursKey> = {
  forex: 'forex',
  metals: 'cme',
  energy: 'cme',
  indices: 'cme',
  crypto: 'always',
}
const HOURS_BY_CODE: Record<string, HoursKey> = { GER40: 'frankfurt', UK100: 'london', HK50: 'hongKong' }

export const hoursOf = (code: string, category: string): MarketHours =>
  HOURS[HOURS_BY_CODE[code] ?? HOURS_BY_CATEGORY[category] ?? 'forex']

/**
 * Price protection in points: stops level and freeze level. Forex and crypto trade as an ECN would
 * (none); metals, energy and indices keep stops a little off the market and freeze what is about to
 * fire, as dealing desks do on their CFDs.
 */
const PROTECTION_BY_CATEGORY: Record<string, { stopsLevel: number; freezeLevel: number }> = {
  forex: { stopsLevel: 0, freezeLevel: 0 },
  metals: { stopsLevel: 50, freezeLevel: 10 },
  energy: { stopsLevel: 20, freezeLevel: 5 },
  indices: { stopsLevel: 10, freezeLevel: 3 },
  crypto: { stopsLevel: 0, freezeLevel: 0 },
}
export const protectionOf = (category: string) =>
  PROTECTION_BY_CATEGORY[category] ?? { stopsLevel: 0, freezeLevel: 0 }

/**
 * The house's limits in lots: the net of all real clients, and what one account may hold on one
 * side. A small broker's book: the net limit is where its dealers would hedge outside.
 */
const LIMITS_BY_CATEGORY: Record<string, { maxNetLots: string; maxAccountLots: string }> = {
  forex: { maxNetLots: '500', maxAccountLots: '100' },
  metals: { maxNetLots: '100', maxAccountLots: '50' },
  energy: { maxNetLots: '200', maxAccountLots: '50' },
  indices: { maxNetLots: '300', maxAccountLots: '100' },
  crypto: { maxNetLots: '30', maxAccountLots: '10' },
}
export const limitsOf = (category: string) =>
  LIMITS_BY_CATEGORY[category] ?? { maxNetLots: '100', maxAccountLots: '50' }

export interface HolidaySeed {
  date: string
  name: string
  /** Instrument codes, or category keys (`category:forex`), it applies to. */
  scope: string[]
  hours: TradingWindow[]
}

const closed: TradingWindow[] = []
/** Until a local time, then closed for the rest of the day. */
const until = (minute: number): TradingWindow[] => [{ From: 0, To: minute }]
/** A US holiday on CME: the session halts at 13:00 New York and the next one opens at 18:00. */
const cmeHalt: TradingWindow[] = [
  { From: 0, To: 13 * 60 },
  { From: 18 * 60, To: 1440 },
]
const US_INDICES = ['US30', 'US500', 'NAS100', 'JPN225']
const CME_ALL = ['category:metals', 'category:energy', ...US_INDICES]
const NOT_CRYPTO = ['category:forex', 'category:metals', 'category:energy', 'category:indices']

/** A broker's holiday notice for the winter of 2026/27, in each market's own local date. */
export const HOLIDAY_SEEDS: HolidaySeed[] = [
  { date: '2026-11-26', name: 'Thanksgiving Day', scope: CME_ALL, hours: cmeHalt },
  { date: '2026-11-27', name: 'Day after Thanksgiving', scope: US_INDICES, hours: until(13 * 60 + 15) },
  {
    date: '2026-11-27',
    name: 'Day after Thanksgiving',
    scope: ['category:metals', 'category:energy'],
    hours: until(13 * 60 + 45),
  },
  { date: '2026-12-24', name: 'Christmas Eve', scope: CME_ALL, hours: until(13 * 60 + 45) },
  { date: '2026-12-24', name: 'Christmas Eve', scope: ['GER40'], hours: closed },
  { date: '2026-12-24', name: 'Christmas Eve', scope: ['UK100'], hours: until(12 * 60 + 30) },
  { date: '2026-12-24', name: 'Christmas Eve', scope: ['HK50'], hours: until(12 * 60) },
  { date: '2026-12-25', name: 'Christmas Day', scope: NOT_CRYPTO, hours: closed },
  { date: '2026-12-28', name: 'Boxing Day (observed)', scope: ['UK100'], hours: closed },
  { date: '2026-12-31', name: "New Year's Eve", scope: ['GER40'], hours: closed },
  { date: '2026-12-31', name: "New Year's Eve", scope: ['UK100'], hours: until(12 * 60 + 30) },
  { date: '2026-12-31', name: "New Year's Eve", scope: ['HK50'], hours: until(12 * 60) },
  { date: '2027-01-01', name: "New Year's Day", scope: NOT_CRYPTO, hours: closed },
  { date: '2027-01-18', name: 'Martin Luther King Jr. Day', scope: CME_ALL, hours: cmeHalt },
  { date: '2027-02-15', name: "Presidents' Day", scope: CME_ALL, hours: cmeHalt },
]
