import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Candle, KlineMessage, Period } from '@tp/contracts'
import { storedDerivedCandles } from '../src/market/derived-store.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { connect } from './socket-client.ts'

/**
 * 4-hour, week and month candles (DERIVED_PERIODS, decision 037) made of the stored hours and days:
 * BTCUSD trades every day, so its ticks run across a 4-hour edge, the last minute of October into
 * November 1st (a Sunday) and into Monday November 2nd, where a week starts.
 */
const START = Date.UTC(2026, 9, 30, 12) // Friday 30 October 2026 12:00 UTC
const TICKS: [number, number][] = [
  [Date.UTC(2026, 9, 30, 13), 70_000],
  [Date.UTC(2026, 9, 30, 15, 59), 70_400.5],
  [Date.UTC(2026, 9, 30, 16), 69_900],
  [Date.UTC(2026, 9, 31, 23, 59, 59), 70_100],
  [Date.UTC(2026, 10, 1, 0, 0), 70_050],
  [Date.UTC(2026, 10, 1, 22), 71_000],
  [Date.UTC(2026, 10, 2, 0, 0, 30), 70_800],
  [Date.UTC(2026, 10, 2, 9), 70_600.25],
]

describe.each(DRIVERS)('candles of 4 hours, weeks and months on %s', (driver) => {
  let app: TestApp
  let id: number
  const kline = async (period: Period, query = ''): Promise<Candle[]> =>
    (await app.get(`/v1/api/forex/kline?forex_id=${id}&period=${period}${query}`)).body.data
  const at = (candles: Candle[], timeMs: number) => candles.find((c) => c.Time === timeMs)

  beforeAll(async () => {
    app = await startTestApp(driver, { startAtMs: START, historyCandles: 40 })
    const list = (await app.get('/v1/api/forex/trade_list?searchCurrency=BTCUSD')).body.data
    id = list[0].Id
  })
  afterAll(() => app.close())

  it('holds open, high, low, close and volume across 4-hour, month and week edges, live and after a restart', async () => {
    const client = await connect(app)
    client.send({ type: 'sub', params: 'KLINE.BTCUSD' })
    client.send({ type: 'ping' })
    expect(await client.next()).toEqual({ type: 'pong' })
    for (const [timeMs, bid] of TICKS) {
      app.clock.set(timeMs)
      app.tick({ code: 'BTCUSD', bid, ask: bid + 30 })
    }
    const kept = async () => {
      const hours = await kline('4hour')
      expect(at(hours, Date.UTC(2026, 9, 30, 12))).toMatchObject({
        Open: 70_000,
        High: 70_400.5,
        Low: 70_000,
        Close: 70_400.5,
        Volume: 2,
      })
      expect(at(hours, Date.UTC(2026, 9, 30, 16))).toMatchObject({ Open: 69_900, Close: 69_900, Volume: 1 })
      expect(hours.at(-1)).toMatchObject({ Time: Date.UTC(2026, 10, 2, 8), Open: 70_600.25, Volume: 1 })

      const days = await kline('1day')
      const months = await kline('1mon')
      const october = days.filter((c) => c.Time >= Date.UTC(2026, 9, 1) && c.Time < Date.UTC(2026, 10, 1))
      expect(october.length).toBeGreaterThan(25)
      expect(at(months, Date.UTC(2026, 9, 1))).toEqual({
        Time: Date.UTC(2026, 9, 1),
        Open: october[0]?.Open,
        High: Math.max(...october.map((c) => c.High)),
        Low: Math.min(...october.map((c) => c.Low)),
        Close: 70_100,
        Volume: october.reduce((sum, c) => sum + c.Volume, 0),
        Amount: 0,
        Change: expect.any(Number),
      })
      // November: Sunday the 1st and Monday the 2nd, nothing of October.
      expect(months.at(-1)).toMatchObject({
        Time: Date.UTC(2026, 10, 1),
        Open: 70_050,
        High: 71_000,
        Low: 70_050,
        Close: 70_600.25,
        Volume: 4,
        Change: Math.round(((70_600.25 - 70_100) / 70_100) * 10_000) / 100,
      })

      const weeks = await kline('1week')
      // Sunday 1 November belongs to the week of Monday 26 October; Monday 2 November starts the next.
      expect(at(weeks, Date.UTC(2026, 9, 26))).toMatchObject({ Close: 71_000 })
      expect(at(weeks, Date.UTC(2026, 9, 26))?.High).toBeGreaterThanOrEqual(71_000)
      expect(weeks.at(-1)).toMatchObject({
        Time: Date.UTC(2026, 10, 2),
        Open: 70_800,
        High: 70_800,
        Low: 70_600.25,
        Close: 70_600.25,
        Volume: 2,
      })
      return { hours, weeks, months }
    }

    const live = await kept()
    // The socket's forming candles are the ones the call gives. Updates of one candle within one
    // turn reach the socket as the newest only (decision 048): the last of each period is compared.
    const last = (period: Period) =>
      (client.seen as KlineMessage[]).filter((f) => f.type === 'KLINE' && f.kline.Period === period).at(-1)
        ?.kline
    await expect.poll(() => last('4hour')).toMatchObject(live.hours.at(-1) as Candle)
    await expect.poll(() => last('1week')).toMatchObject(live.weeks.at(-1) as Candle)
    await expect.poll(() => last('1mon')).toMatchObject(live.months.at(-1) as Candle)
    client.socket.close()

    await app.restart()
    expect(await kept()).toEqual(live)
  })

  it('reads the store as memory does, and pages back by `before`', async () => {
    await app.feed.flush()
    for (const period of ['4hour', '1week', '1mon'] as const) {
      const fromMemory = await kline(period, '&limit=3')
      expect(await storedDerivedCandles(app.db, id, period, 3), period).toEqual(fromMemory)
      const older = await kline(period, `&limit=2&before=${fromMemory[1]?.Time}`)
      expect(older.at(-1), period).toEqual(fromMemory[0])
      // A `before` inside a candle keeps that candle.
      const inside = await kline(period, `&limit=1&before=${(fromMemory[1]?.Time ?? 0) + 1}`)
      expect(inside, period).toEqual([fromMemory[1]])
      expect(await storedDerivedCandles(app.db, id, period, 1, (fromMemory[1]?.Time ?? 0) + 1)).toEqual(
        inside,
      )
    }
  })

  it('refuses a period the family does not name', async () => {
    const answer = await app.get(`/v1/api/forex/kline?forex_id=${id}&period=4h`)
    expect(answer.body.code).toBe(0)
  })
})
