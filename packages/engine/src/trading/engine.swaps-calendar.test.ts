// Swap calendar rules: the rollover schedule, the market zone, rollovers outside trading hours.
import { describe, expect, it } from 'vitest'
import { EURUSD, T0, US500, XAUUSD, buy, makeEngine, mustOpen } from './test-fixtures.ts'
import { lastRollover, nextRollover, rolloversBetween, type SwapTerms } from './swaps.ts'
import { SessionCalendar } from '../market/calendar.ts'
import { SESSION_TEMPLATES, rolloverPlacement } from '../market/sessions.ts'
import type { InstrumentTerms, Quote } from './types.ts'
import { at, FOREX_SWAP, WED_ROLLOVER, THU_ROLLOVER, withSwaps, primeAt, swapRows } from './swap-fixtures.ts'

/*
 * Issue 13, swaps: at each daily rollover an open position is charged (or credited) its
 * instrument's rate for a night, three on the triple-swap weekday, through the ledger, one row per
 * position and rollover; nothing twice, nothing missed, through a restart.
 * T0 is Wednesday 2026-11-25 12:00 UTC; forex rolls over at 22:00 UTC, Monday to Friday.
 */

describe('the rollover schedule', () => {
  const forex = withSwaps()[0] as InstrumentTerms
  const always = withSwaps().find((t) => t.id === US500) as InstrumentTerms

  it('rolls forex over at 22:00 UTC Monday to Friday, never on the weekend', () => {
    expect(lastRollover(forex, at('2026-11-25T21:59:59.999Z'))).toBe(at('2026-11-24T22:00:00Z'))
    expect(lastRollover(forex, WED_ROLLOVER)).toBe(WED_ROLLOVER)
    // Saturday and Sunday have none: Friday's is the last until Monday's.
    expect(lastRollover(forex, at('2026-11-30T12:00:00Z'))).toBe(at('2026-11-27T22:00:00Z'))
    expect(nextRollover(forex, at('2026-11-27T22:00:00Z'))).toBe(at('2026-11-30T22:00:00Z'))
    expect(rolloversBetween(forex, T0, at('2026-12-01T23:00:00Z'))).toEqual([
      WED_ROLLOVER,
      THU_ROLLOVER,
      at('2026-11-27T22:00:00Z'),
      at('2026-11-30T22:00:00Z'),
      at('2026-12-01T22:00:00Z'),
    ])
  })

  it('rolls a market open every day over every day', () => {
    expect(rolloversBetween(always, at('2026-11-27T23:00:00Z'), at('2026-11-30T23:00:00Z'))).toEqual([
      at('2026-11-28T22:00:00Z'),
      at('2026-11-29T22:00:00Z'),
      at('2026-11-30T22:00:00Z'),
    ])
  })
})

describe('the rollover in the market zone (issue 13, sessions)', () => {
  /** Forex as brokers keep it: Sunday 17:00 to Friday 17:00 New York, rolling over at 17:00 there. */
  const newYork = (holidays: { date: string; hours: { From: number; To: number }[] }[] = []) =>
    ({
      ...(withSwaps()[0] as InstrumentTerms),
      calendar: new SessionCalendar({
        timeZone: 'America/New_York',
        windows: [{ From: 17 * 60, To: 5 * 1440 + 17 * 60 }],
        holidays,
      }),
      swap: { ...FOREX_SWAP, rolloverMinute: 17 * 60 },
    }) satisfies InstrumentTerms

  it('follows daylight saving: 21:00 UTC in summer, 22:00 UTC in winter', () => {
    const forex = newYork()
    expect(lastRollover(forex, at('2026-07-01T23:00:00Z'))).toBe(at('2026-07-01T21:00:00Z'))
    expect(lastRollover(forex, at('2026-11-25T23:00:00Z'))).toBe(WED_ROLLOVER)
    // The week New York leaves daylight saving (Sunday 2026-11-01): Friday in summer, Monday in winter.
    expect(rolloversBetween(forex, at('2026-10-30T12:00:00Z'), at('2026-11-03T00:00:00Z'))).toEqual([
      at('2026-10-30T21:00:00Z'),
      at('2026-11-02T22:00:00Z'),
    ])
  })

  it('charges the triple night on Wednesday of New York, and a closed holiday as any weekday', () => {
    const forex = newYork([
      { date: '2026-12-25', hours: [] },
      // An early close on the triple day does not move or drop its three nights.
      { date: '2026-12-30', hours: [{ From: 0, To: 13 * 60 }] },
    ])
    const engine = makeEngine({ list: [forex, ...withSwaps().slice(1)] })
    const christmasEve = at('2026-12-24T15:00:00Z')
    primeAt(engine, christmasEve)
    const long = mustOpen(engine, buy({ nowMs: christmasEve })).id
    // Friday the 25th trades nothing, yet the position is held (and financed) over it as over any
    // Friday: the week's count of nights does not change with the calendar.
    expect(rolloversBetween(forex, christmasEve, at('2026-12-29T00:00:00Z'))).toEqual([
      at('2026-12-24T22:00:00Z'),
      at('2026-12-25T22:00:00Z'),
      at('2026-12-28T22:00:00Z'),
    ])
    const events = engine.rolloverDue(at('2026-12-28T22:00:00Z'))
    expect(swapRows(events).map((r) => r.amount)).toEqual(['-7.1', '-7.1', '-7.1'])
    // Paid through the end of Monday in New York (05:00 UTC on Tuesday), and 12 hours after it.
    expect(engine.order(long)).toMatchObject({ swapThroughMs: at('2026-12-29T10:00:00Z') })
    const triple = engine.rolloverDue(at('2026-12-30T22:00:00Z'))
    expect(swapRows(triple).map((r) => r.amount)).toEqual(['-7.1', '-21.3'])
  })
  it('charges one night once when staff move the market to another zone', () => {
    const forex = newYork()
    const engine = makeEngine({ list: [forex, ...withSwaps().slice(1)] })
    const monday = at('2026-11-23T15:00:00Z')
    primeAt(engine, monday)
    const long = mustOpen(engine, buy({ nowMs: monday })).id
    expect(swapRows(engine.rolloverDue(at('2026-11-23T22:00:00Z')))).toHaveLength(1)
    // Moved to Tokyo, rolling over at 17:00 there (08:00 UTC): Tuesday's is ten hours after New
    // York's of Monday, the same night, and charges nothing; Wednesday's is the next (the triple one).
    const tokyo = {
      ...forex,
      calendar: new SessionCalendar({ timeZone: 'Asia/Tokyo', windows: forex.calendar.windows }),
    }
    engine.setInstruments([tokyo, ...withSwaps().slice(1)])
    expect(swapRows(engine.rolloverDue(at('2026-11-24T08:00:00Z')))).toEqual([])
    expect(swapRows(engine.rolloverDue(at('2026-11-25T08:00:00Z'))).map((r) => r.amount)).toEqual(['-21.3'])
    expect(engine.order(long)?.swap.toString()).toBe('-28.4')
  })
})

/*
 * Issue 22, item 12: a rollover staff put in a daily break or after the day's close still finances
 * that night, once, at its minute (the minute-before rule booked none there).
 */
describe('a rollover outside trading hours', () => {
  const MON = at('2026-11-23T00:00:00Z')
  const NEXT_MON = at('2026-11-30T00:00:00Z')
  const days = (list: string[]) => list.map(at)
  const withCalendar = (id: number, windows: SessionCalendar | undefined, swap: Partial<SwapTerms>) =>
    withSwaps().map((t) =>
      t.id === id ? { ...t, calendar: windows ?? t.calendar, swap: { ...FOREX_SWAP, ...swap } } : t,
    )
  // XAUUSD's fixture hours: Sunday 23:00 to Friday 22:00 UTC with a daily break 22:00-23:00.
  const metal = (rolloverMinute: number) =>
    withCalendar(XAUUSD, undefined, { rolloverMinute }).find((t) => t.id === XAUUSD) as InstrumentTerms
  const cashIndex = SessionCalendar.utc(
    [1, 2, 3, 4, 5].map((day) => ({ From: (day * 24 + 8) * 60, To: (day * 24 + 22) * 60 })),
  )

  it('rolls over Monday to Friday when the minute is in the daily break', () => {
    expect(rolloversBetween(metal(22 * 60 + 30), MON, NEXT_MON)).toEqual(
      days([
        '2026-11-23T22:30:00.000Z',
        '2026-11-24T22:30:00.000Z',
        '2026-11-25T22:30:00.000Z',
        '2026-11-26T22:30:00.000Z',
        '2026-11-27T22:30:00.000Z',
      ]),
    )
  })

  it("rolls over Monday to Friday when the minute is after the day's close", () => {
    const index = { ...metal(23 * 60), calendar: cashIndex }
    expect(rolloversBetween(index, MON, NEXT_MON)).toEqual(
      days([
        '2026-11-23T23:00:00.000Z',
        '2026-11-24T23:00:00.000Z',
        '2026-11-25T23:00:00.000Z',
        '2026-11-26T23:00:00.000Z',
        '2026-11-27T23:00:00.000Z',
      ]),
    )
    // After midnight, before the next open: the night of each trading day, Tuesday to Saturday.
    expect(
      rolloversBetween({ ...index, swap: { ...index.swap, rolloverMinute: 60 } }, MON, NEXT_MON),
    ).toEqual(
      days([
        '2026-11-24T01:00:00.000Z',
        '2026-11-25T01:00:00.000Z',
        '2026-11-26T01:00:00.000Z',
        '2026-11-27T01:00:00.000Z',
        '2026-11-28T01:00:00.000Z',
      ]),
    )
  })

  it('still rolls a continuous week over five times when its minute is just after the close', () => {
    // Forex (Sunday 22:00 to Friday 22:00 UTC) at 23:00: Sunday to Thursday; Friday's session was
    // financed by Thursday's rollover and Sunday's, not a sixth time.
    const forex = withCalendar(EURUSD, undefined, { rolloverMinute: 23 * 60 })[0] as InstrumentTerms
    expect(rolloversBetween(forex, MON, NEXT_MON)).toEqual(
      days([
        '2026-11-23T23:00:00.000Z',
        '2026-11-24T23:00:00.000Z',
        '2026-11-25T23:00:00.000Z',
        '2026-11-26T23:00:00.000Z',
        '2026-11-29T23:00:00.000Z',
      ]),
    )
  })

  it('books each night once, three on the triple day, at the minute it is set to', () => {
    const engine = makeEngine({ list: withCalendar(XAUUSD, undefined, { rolloverMinute: 22 * 60 + 30 }) })
    const opened = at('2026-11-23T12:00:00Z')
    engine.primeQuote(XAUUSD, { ...(engine.quote(XAUUSD) as Quote), timeMs: opened })
    const id = mustOpen(engine, buy({ instrumentId: XAUUSD, lots: '0.1', nowMs: opened })).id
    let rows: ReturnType<typeof swapRows> = []
    // The clock every 15 minutes for a week, market closed or not.
    for (let now = opened; now < NEXT_MON; now += 15 * 60_000)
      rows = rows.concat(swapRows(engine.rolloverDue(now)))
    // -7.1 points x 0.01 x 100 x 0.1 lot = -0.71 a night; Wednesday three.
    expect(rows.map((r) => r.amount)).toEqual(['-0.71', '-0.71', '-2.13', '-0.71', '-0.71'])
    expect(rows.every((r) => r.ref === `order:${id}`)).toBe(true)
    expect(engine.order(id)?.swap.toString()).toBe('-4.97')
  })
})

describe('where a rollover minute sits, as the back office shows it', () => {
  it('names the days it rolls over on and those where it falls outside the hours', () => {
    const cash = [1, 2, 3, 4, 5].map((day) => ({ From: (day * 24 + 8) * 60, To: (day * 24 + 22) * 60 }))
    expect(rolloverPlacement(cash, 23 * 60)).toEqual({ days: [1, 2, 3, 4, 5], outsideHours: [1, 2, 3, 4, 5] })
    expect(rolloverPlacement(cash, 21 * 60)).toEqual({ days: [1, 2, 3, 4, 5], outsideHours: [] })
    // Forex (Sunday 22:00 to Friday 22:00 UTC): in hours at 22:00, and at 23:00 Sunday to Thursday.
    expect(rolloverPlacement(SESSION_TEMPLATES.forex, 22 * 60)).toEqual({
      days: [1, 2, 3, 4, 5],
      outsideHours: [],
    })
    expect(rolloverPlacement(SESSION_TEMPLATES.forex, 23 * 60)).toEqual({
      days: [0, 1, 2, 3, 4],
      outsideHours: [],
    })
    // The Hang Seng's seeded hours (an evening session to 03:00, the next day's) at 16:30: Monday
    // to Friday as before, not a sixth time for Friday's evening session.
    const hangSeng = [1, 2, 3, 4, 5].flatMap((day) => [
      { From: day * 1440 + 555, To: day * 1440 + 720 },
      { From: day * 1440 + 780, To: day * 1440 + 990 },
      { From: day * 1440 + 1035, To: (day + 1) * 1440 + 180 },
    ])
    expect(rolloverPlacement(hangSeng, 990)).toEqual({ days: [1, 2, 3, 4, 5], outsideHours: [] })
    // In the daily break (22:00-23:00) of the metals' template.
    expect(rolloverPlacement(SESSION_TEMPLATES.withDailyBreak, 22 * 60 + 30)).toEqual({
      days: [1, 2, 3, 4, 5],
      outsideHours: [1, 2, 3, 4, 5],
    })
  })
})
