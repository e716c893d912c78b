import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MarketStatus, type Instrument } from '@tp/contracts'
import { auditLog, instruments } from '../src/db/schema.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { signedInStaff } from './staff.ts'

const at = (iso: string) => Date.parse(iso)

/*
 * Issue 13, sessions as the calendar has them (decision 022): seeded markets keep their hours in
 * their own zones with daylight saving, a holiday notice closes them, and staff edit the calendar in
 * the back office with immediate effect; trade_list tells phones the next open and close.
 */
describe.each(DRIVERS)('market calendar on %s', (driver) => {
  let app: TestApp
  let dealer: Awaited<ReturnType<typeof signedInStaff>>

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 20 })
  })
  afterAll(async () => {
    await app?.close()
  })

  const listed = async (code: string): Promise<Instrument> =>
    (await app.get('/v1/api/forex/trade_list')).body.data.find((i: Instrument) => i.Code === code)

  it('opens forex at 17:00 New York, 21:00 UTC in summer and 22:00 UTC in winter', async () => {
    app.clock.set(at('2027-07-03T12:00:00Z')) // a Saturday in summer
    expect(await listed('EURUSD')).toMatchObject({
      TimeZone: 'America/New_York',
      MarketStatus: MarketStatus.Closed,
      NextOpen: at('2027-07-04T21:00:00Z'),
      NextClose: null,
      MarketSessions: [{ From: 17 * 60, To: 5 * 1440 + 17 * 60 }],
    })
    app.clock.set(at('2027-11-24T12:00:00Z')) // a Wednesday in winter
    const eur = await listed('EURUSD')
    expect(eur).toMatchObject({
      MarketStatus: MarketStatus.Open,
      NextOpen: null,
      NextClose: at('2027-11-26T22:00:00Z'),
    })
    // This week's hours in UTC: Sunday 22:00 to Friday 22:00; the rollover at 22:00 UTC.
    expect(eur.Sessions).toEqual([{ From: 22 * 60, To: 5 * 1440 + 22 * 60 }])
    expect(eur.RolloverMinute).toBe(22 * 60)
  })

  it('closes markets on the seeded holidays, and tells phones the day and the next open', async () => {
    app.clock.set(at('2026-12-23T12:00:00Z'))
    const gold = await listed('XAUUSD')
    expect(gold.Holidays.map((h) => [h.Date, h.Name])).toEqual([
      ['2026-12-24', 'Christmas Eve'],
      ['2026-12-25', 'Christmas Day'],
      ['2027-01-01', "New Year's Day"],
      ['2027-01-18', 'Martin Luther King Jr. Day'],
    ])
    // Christmas Eve on CME: trading until 13:45 New York (18:45 UTC).
    expect(gold.Holidays[0]?.Hours).toEqual([
      { From: at('2026-12-24T05:00:00Z'), To: at('2026-12-24T18:45:00Z') },
    ])
    app.clock.set(at('2026-12-25T15:00:00Z'))
    expect(await listed('EURUSD')).toMatchObject({
      MarketStatus: MarketStatus.Closed,
      NextOpen: at('2026-12-27T22:00:00Z'),
    })
    // Crypto trades through Christmas.
    expect((await listed('BTCUSD')).MarketStatus).toBe(MarketStatus.Open)
  })

  it('takes a holiday staff add for today at once, audits it, refuses a second of the same day and scope', async () => {
    app.clock.set(at('2027-03-10T12:00:00Z'))
    // Signed in at the test's time: a staff session lasts hours, and the clock jumped.
    dealer = await signedInStaff(app, 'dealer')
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    await app.desk.settle()
    const btc = app.market.instrumentByCode('BTCUSD')!.id
    const holiday = {
      date: '2027-03-10',
      name: 'Exchange maintenance',
      instrument_id: btc,
      category_id: null,
      hours: [],
    }
    const created = await app.post('/admin/api/holidays', holiday, { token: dealer.token, json: true })
    expect(created.body).toMatchObject({ code: 1, data: { ...holiday, id: expect.any(Number) } })
    expect(await listed('BTCUSD')).toMatchObject({
      MarketStatus: MarketStatus.Closed,
      NextOpen: at('2027-03-11T00:00:00Z'),
    })
    const demo = await app.get('/api/user/createAccountDemoForU?demo_id=calendar-holiday-0001')
    const order = await app.get(`/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.01&status=1&multiple=2`, {
      token: demo.body.data.token,
      lang: 'en',
    })
    expect(order.body).toMatchObject({ code: 0, reason: 'market_closed' })
    const again = await app.post('/admin/api/holidays', holiday, {
      token: dealer.token,
      json: true,
      lang: 'en',
    })
    expect(again.body).toMatchObject({ code: 0, reason: 'holiday_duplicate' })
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'holiday.create'), eq(auditLog.target, `holiday:${created.body.data.id}`)),
      )
    expect(rows).toHaveLength(1)

    // Half a day instead: open until 09:00 UTC (BTCUSD keeps UTC), so closed at noon still.
    const id = created.body.data.id
    const edited = await app.post(
      `/admin/api/holidays/${id}`,
      { ...holiday, hours: [{ From: 0, To: 9 * 60 }] },
      { token: dealer.token, json: true },
    )
    expect(edited.body.code).toBe(1)
    expect((await listed('BTCUSD')).Holidays).toEqual([
      {
        Date: '2027-03-10',
        Name: 'Exchange maintenance',
        Hours: [{ From: at('2027-03-10T00:00:00Z'), To: at('2027-03-10T09:00:00Z') }],
      },
    ])
    expect(
      (await app.post(`/admin/api/holidays/${id}/delete`, {}, { token: dealer.token, json: true })).body.code,
    ).toBe(1)
    expect((await listed('BTCUSD')).MarketStatus).toBe(MarketStatus.Open)
    const list = (await app.get('/admin/api/holidays?from=2027-03-01', { token: dealer.token })).body.data
    expect(list.some((h: { id: number }) => h.id === id)).toBe(false)
  })

  it('refuses holidays that cannot be: a date that does not exist, hours that overlap, two scopes', async () => {
    const post = (body: Record<string, unknown>) =>
      app.post('/admin/api/holidays', body, { token: dealer.token, json: true, lang: 'en' })
    const base = {
      date: '2027-04-02',
      name: 'Good Friday',
      instrument_id: null,
      category_id: null,
      hours: [],
    }
    for (const bad of [
      { ...base, date: '2027-02-30' },
      {
        ...base,
        hours: [
          { From: 0, To: 600 },
          { From: 500, To: 700 },
        ],
      },
      { ...base, hours: [{ From: 0, To: 1441 }] },
      { ...base, instrument_id: 1, category_id: 1 },
      { ...base, name: 'Good\u202eFriday' },
      { ...base, instrument_id: 999_999 },
    ]) {
      const answer = await post(bad)
      expect(answer.body, JSON.stringify(bad)).toMatchObject({ code: 0, reason: 'invalid_input' })
    }
    expect((await app.get('/admin/api/holidays?from=2027-04-01', { token: dealer.token })).body.data).toEqual(
      [],
    )
    // Text that is no date at all is bad input too, never a server error.
    for (const from of ['abc', '', '2027-13-01']) {
      const listed = await app.get(`/admin/api/holidays?from=${from}`, { token: dealer.token, lang: 'en' })
      expect(listed.status, from).toBe(200)
      expect(listed.body).toMatchObject({
        code: 0,
        reason: 'invalid_input',
        msg: 'Please check the field: start date',
      })
    }
    expect((await post({ ...base, date: 'abc' })).body).toMatchObject({ code: 0, reason: 'invalid_input' })
  })

  it('moves an instrument to another zone at once: its hours follow', async () => {
    app.clock.set(at('2027-03-10T12:00:00Z'))
    const btc = app.market.instrumentByCode('BTCUSD')!.id
    const weekdays = [1, 2, 3, 4, 5].map((d) => ({ From: d * 1440 + 9 * 60, To: d * 1440 + 17 * 60 }))
    const edited = await app.post(
      `/admin/api/instruments/${btc}`,
      { time_zone: 'Asia/Tokyo', sessions: weekdays },
      { token: dealer.token, json: true },
    )
    expect(edited.body).toMatchObject({ code: 1, data: { time_zone: 'Asia/Tokyo' } })
    // 12:00 UTC is 21:00 in Tokyo: closed until 09:00 Tokyo, 00:00 UTC.
    expect(await listed('BTCUSD')).toMatchObject({
      MarketStatus: MarketStatus.Closed,
      NextOpen: at('2027-03-11T00:00:00Z'),
    })
    const bad = await app.post(
      `/admin/api/instruments/${btc}`,
      { time_zone: 'Mars/Olympus' },
      { token: dealer.token, json: true },
    )
    expect(bad.body).toMatchObject({ code: 0, reason: 'invalid_input' })
    // A zone spelt loosely is stored as the zone database spells it.
    const loose = await app.post(
      `/admin/api/instruments/${btc}`,
      { time_zone: 'asia/tokyo' },
      { token: dealer.token, json: true },
    )
    expect(loose.body).toMatchObject({ code: 1, data: { time_zone: 'Asia/Tokyo' } })
  })

  it('keeps serving an instrument whose stored zone the runtime does not know, in UTC', async () => {
    const btc = app.market.instrumentByCode('BTCUSD')!.id
    await app.db.update(instruments).set({ timeZone: 'Mars/Olympus' }).where(eq(instruments.id, btc))
    // Any edit reloads the catalogue from the database.
    const edited = await app.post(
      `/admin/api/instruments/${btc}`,
      { stops_level: 0 },
      { token: dealer.token, json: true },
    )
    expect(edited.body).toMatchObject({ code: 1 })
    expect(await listed('BTCUSD')).toMatchObject({ TimeZone: 'UTC' })
    expect((await listed('EURUSD')).TimeZone).toBe('America/New_York')
  })
})
