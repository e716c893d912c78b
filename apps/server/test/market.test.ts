import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MarketStatus, PERIODS, isDerivedPeriod, type Candle, type Instrument } from '@tp/contracts'
import { bucketStart } from '@tp/engine'
import { openMarket } from '../src/market/open-market.ts'
import { recentCandles } from '../src/market/candle-store.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

const HISTORY = 30
/** Wednesday 2026-11-25 12:00 UTC and Saturday 2026-11-28 12:00 UTC. */
const WEDNESDAY = Date.UTC(2026, 10, 25, 12)
const SATURDAY = Date.UTC(2026, 10, 28, 12)
/** Any candle of the seeded history starts after this; a Time in seconds would be far below it. */
const SINCE_2020_MS = Date.UTC(2020, 0, 1)

describe.each(DRIVERS)('market data on %s', (driver) => {
  let app: TestApp
  let list: Instrument[]
  const byCode = (code: string) => list.find((i) => i.Code === code) as Instrument

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: HISTORY })
    app.clock.set(WEDNESDAY)
    list = (await app.get('/v1/api/forex/trade_list')).body.data
  })
  afterAll(() => app.close())

  it('lists at least 30 instruments over five categories, every field of the wire present', async () => {
    expect(list.length).toBeGreaterThanOrEqual(30)
    const categories = (await app.get('/v1/api/forex/getCategories', { lang: 'jp' })).body.data
    expect(categories.map((c: { Name: string }) => c.Name)).toEqual([
      'forex',
      'metals',
      'energy',
      'indices',
      'crypto',
    ])
    expect(categories[0].NameShowTrans).toBe('外国為替')
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'Ask',
          'Bid',
          'CategoryId',
          'Code',
          'ForexContNum',
          'ForexFeeRate',
          'ForexMaxCont',
          'ForexMinCont',
          'ForexPointRate',
          'ForexQuotations',
          'FreezeLevel',
          'HasForexMultiple',
          'Holidays',
          'Id',
          'LastPrice',
          'Logo',
          'MarginMode',
          'MarketSessions',
          'MarketStatus',
          'MaxAccountLots',
          'Name',
          'NameShowTrans',
          'NextClose',
          'NextOpen',
          'PricePrecision',
          'Pip',
          'QuoteCurrency',
          'RolloverMinute',
          'Sessions',
          'ShowCode',
          'StopsLevel',
          'SwapLong',
          'SwapMode',
          'SwapShort',
          'SwapTripleDay',
          'TimeZone',
        ].sort(),
      )
      expect(item.Bid).toBeGreaterThan(0)
      expect(item.Ask).toBeGreaterThanOrEqual(item.Bid)
      // The spread is exactly the instrument's points, at its precision.
      expect(Math.round((item.Ask - item.Bid) * 10 ** item.PricePrecision)).toBe(item.ForexPointRate)
      expect(item.ForexMinCont).toBeLessThanOrEqual(item.ForexMaxCont)
      const values = item.HasForexMultiple.map((o) => o.Value)
      expect(values).toEqual([...values].sort((a, b) => a - b))
      expect(item.HasForexMultiple.every((o) => o.ForexId === item.Id)).toBe(true)
    }
    expect(new Set(list.map((i) => i.CategoryId)).size).toBe(5)
  })

  it('caps leverage by ESMA class', () => {
    const cap = (code: string) => Math.max(...byCode(code).HasForexMultiple.map((o) => o.Value))
    expect([cap('EURUSD'), cap('AUDUSD'), cap('XAUUSD'), cap('US500'), cap('USOIL'), cap('BTCUSD')]).toEqual([
      30, 20, 20, 20, 10, 2,
    ])
  })

  it('filters by searchCurrency (code, shown code or name) and by category', async () => {
    const search = async (term: string) =>
      (await app.get(`/v1/api/forex/trade_list?searchCurrency=${encodeURIComponent(term)}`)).body.data.map(
        (i: Instrument) => i.Code,
      )
    expect(await search('eur/usd')).toEqual(['EURUSD'])
    expect(await search('EURUSD')).toEqual(['EURUSD'])
    expect(await search('gold')).toEqual(['XAUUSD'])
    expect(await search('jpy')).toEqual(expect.arrayContaining(['USDJPY', 'EURJPY', 'GBPJPY', 'AUDJPY']))
    expect((await search('jpy')).every((code: string) => code.includes('JPY'))).toBe(true)
    expect(await search('no such thing')).toEqual([])
    const crypto = byCode('BTCUSD').CategoryId
    const inCrypto = (await app.get(`/v1/api/forex/trade_list?category_id=${crypto}`)).body.data
    expect(inCrypto.map((i: Instrument) => i.Code).sort()).toEqual([
      'BTCUSD',
      'ETHUSD',
      'LTCUSD',
      'SOLUSD',
      'XRPUSD',
    ])
    const bad = await app.get('/v1/api/forex/trade_list?category_id=abc')
    expect(bad.status).toBe(200)
  })

  it('follows the clock: forex closed at the weekend, crypto always open', async () => {
    app.clock.set(SATURDAY)
    const weekend = (await app.get('/v1/api/forex/trade_list')).body.data as Instrument[]
    const status = (items: Instrument[], code: string) => items.find((i) => i.Code === code)?.MarketStatus
    expect(status(weekend, 'EURUSD')).toBe(MarketStatus.Closed)
    expect(status(weekend, 'XAUUSD')).toBe(MarketStatus.Closed)
    expect(status(weekend, 'BTCUSD')).toBe(MarketStatus.Open)
    app.clock.set(WEDNESDAY)
    expect(status(list, 'EURUSD')).toBe(MarketStatus.Open)
    expect(status(list, 'US500')).toBe(MarketStatus.Open)
  })

  it('serves the seeded history of every period, aligned and ascending', async () => {
    const id = byCode('EURUSD').Id
    for (const period of PERIODS) {
      const candles: Candle[] = (await app.get(`/v1/api/forex/kline?forex_id=${id}&period=${period}`)).body
        .data
      // Weeks and months are made of the seeded days (30 of them): a few candles, not 30.
      expect(candles.length, period).toBeGreaterThanOrEqual(isDerivedPeriod(period) ? 2 : HISTORY)
      // docs/wire.md "Candles": Time is the period's start in Unix milliseconds (history is seeded up to
      // the real time of the start, a weekend's close for forex; seconds would read as 1970).
      expect(candles.at(-1)?.Time, period).toBeGreaterThan(SINCE_2020_MS)
      expect(candles.at(-1)?.Time, period).toBeLessThanOrEqual(Date.now())
      for (const [i, c] of candles.entries()) {
        expect(bucketStart(c.Time, period) * 1000, period).toBe(c.Time)
        expect(c.Low).toBeLessThanOrEqual(Math.min(c.Open, c.Close))
        expect(c.High).toBeGreaterThanOrEqual(Math.max(c.Open, c.Close))
        if (i > 0) expect(c.Time).toBeGreaterThan((candles[i - 1] as Candle).Time)
      }
      if (candles.length < 10) continue
      const limited = (await app.get(`/v1/api/forex/kline?forex_id=${id}&period=${period}&limit=5`)).body.data
      expect(limited).toEqual(candles.slice(-5))
      const older = (
        await app.get(`/v1/api/forex/kline?forex_id=${id}&period=${period}&limit=5&before=${limited[0].Time}`)
      ).body.data
      expect(older).toEqual(candles.slice(-10, -5))
      // A `before` inside a candle keeps that candle: it starts before the given instant.
      const inside = (
        await app.get(
          `/v1/api/forex/kline?forex_id=${id}&period=${period}&limit=5&before=${limited[0].Time + 1}`,
        )
      ).body.data
      expect(inside).toEqual(candles.slice(-9, -4))
    }
  })

  it('pages the stored candles back by a `before` in Unix milliseconds', async () => {
    const id = byCode('EURUSD').Id
    const candles: Candle[] = (await app.get(`/v1/api/forex/kline?forex_id=${id}&period=5min&limit=6`)).body
      .data
    const times = candles.map((c) => c.Time)
    const stored = async (beforeMs: number) =>
      (await recentCandles(app.db, id, '5min', 2, beforeMs)).map((bar) => bar.time * 1000)
    expect(await stored(times[2] as number)).toEqual(times.slice(0, 2))
    expect(await stored((times[2] as number) + 1)).toEqual(times.slice(1, 3))
  })

  it('refuses a `before` that is not plain decimal digits', async () => {
    const id = byCode('EURUSD').Id
    for (const before of [
      '0x10',
      '1.',
      '%201%20',
      '1e12',
      '-5',
      '0',
      '1700000000000.5',
      '9999999999999999',
    ]) {
      const answer = await app.get(`/v1/api/forex/kline?forex_id=${id}&period=1min&before=${before}`)
      expect(answer.status, before).toBe(200)
      expect(answer.body.code, before).toBe(0)
    }
  })

  it('folds ticks into the forming candle of every period and keeps them after a restart', async () => {
    const eurusd = byCode('EURUSD')
    const now = Date.now()
    app.clock.set(now)
    const bid = Math.round((eurusd.Bid + 0.001) * 1e5) / 1e5
    app.tick({ code: 'EURUSD', bid, ask: bid + 0.0001 })
    app.tick({ code: 'EURUSD', bid: bid + 0.002, ask: bid + 0.0021 })
    app.tick({ code: 'EURUSD', bid, ask: bid + 0.0001 })
    for (const period of PERIODS) {
      const candles: Candle[] = (
        await app.get(`/v1/api/forex/kline?forex_id=${eurusd.Id}&period=${period}&limit=1`)
      ).body.data
      const last = candles[0] as Candle
      expect(last.Time, period).toBe(bucketStart(now, period) * 1000)
      expect(last.Close).toBe(bid)
      expect(last.High).toBeGreaterThanOrEqual(bid + 0.002)
    }
    const quote = (await app.get('/v1/api/forex/trade_list?searchCurrency=EURUSD')).body.data[0] as Instrument
    expect([quote.Bid, quote.LastPrice, quote.ForexQuotations.Close, quote.ForexQuotations.NowTime]).toEqual([
      bid,
      bid,
      bid,
      now,
    ])

    await app.feed.flush()
    const stored = await recentCandles(app.db, eurusd.Id, '1min', 1)
    expect(stored[0]?.close).toBe(bid)
    const reopened = await openMarket(app.db, now + 1000, HISTORY)
    expect(reopened.lastQuote(eurusd.Id)?.bid).toBe(bid)
    expect(reopened.candles(eurusd.Id, '1day', 3)).toEqual(app.market.candles(eurusd.Id, '1day', 3))
  })

  it('refuses ticks that are not prices or that go back in time', () => {
    const before = app.market.lastQuote(byCode('XAUUSD').Id)
    const at = (before?.timeMs ?? Date.now()) + 1
    for (const tick of [
      { code: 'XAUUSD', bid: -1, ask: 1, timeMs: at },
      { code: 'XAUUSD', bid: 2, ask: 1, timeMs: at },
      { code: 'XAUUSD', bid: Number.NaN, ask: 1, timeMs: at },
      { code: 'XAUUSD', bid: 2000, ask: 2001, timeMs: (before?.timeMs ?? 0) - 60_000 },
      { code: 'NOPE', bid: 1, ask: 1, timeMs: at },
    ])
      expect(app.market.applyTick(tick)).toBeUndefined()
    expect(app.market.lastQuote(byCode('XAUUSD').Id)).toEqual(before)
  })

  it('refuses, after a restart, a tick older than the last one taken before it', async () => {
    const eurusd = byCode('EURUSD').Id
    const at = Math.max(app.market.lastQuote(eurusd)?.timeMs ?? 0, WEDNESDAY) + 37_123
    app.clock.set(at)
    app.tick({ code: 'EURUSD', bid: 1.0901, ask: 1.0903, timeMs: at })
    await app.restart()
    // The exact quote, with its own ask and millisecond, not the minute candle's close.
    expect(app.market.lastQuote(eurusd)).toMatchObject({ bid: 1.0901, ask: 1.0903, timeMs: at })
    // A feed's late tick, older than the last one the process before took: refused as out of order.
    app.tick({ code: 'EURUSD', bid: 1.05, ask: 1.0502, timeMs: at - 1 })
    expect(app.market.lastQuote(eurusd)).toMatchObject({ bid: 1.0901, timeMs: at })
    expect(app.desk.view.quote(eurusd)).toMatchObject({ bid: 1.0901, timeMs: at })
    app.clock.set(WEDNESDAY)
  })

  it('refuses bad kline requests with a translated message and changes nothing', async () => {
    const unknown = await app.get('/v1/api/forex/kline?forex_id=99999&period=1min', { lang: 'de' })
    expect(unknown.body).toMatchObject({ code: 0, msg: 'Dieses Instrument existiert nicht' })
    for (const query of [
      'forex_id=1&period=2min',
      'forex_id=1&period=1min&limit=5000',
      'period=1min',
      'forex_id=-1&period=1min',
    ]) {
      const answer = await app.get(`/v1/api/forex/kline?${query}`, { lang: 'en' })
      expect(answer.status, query).toBe(200)
      expect(answer.body.code, query).toBe(0)
    }
  })

  it('gives short series for sparklines, one instrument or many', async () => {
    const ids = list.slice(0, 3).map((i) => i.Id)
    const many = (
      await app.get(`/v1/api/forex/abbreviated_cache_kline?forex_ids=${[...ids, 99999].join(',')}`)
    ).body.data as Record<string, Candle[]>
    expect(Object.keys(many).sort()).toEqual(ids.map(String).sort())
    for (const series of Object.values(many)) {
      expect(series.length).toBeGreaterThan(0)
      // Hourly candles, Time in Unix milliseconds (docs/wire.md "Candles"): seconds would read as 1970.
      for (const candle of series) expect(candle.Time % 3_600_000).toBe(0)
      expect(series.at(-1)?.Time).toBeGreaterThan(SINCE_2020_MS)
      expect(series.at(-1)?.Time).toBeLessThanOrEqual(Date.now())
    }
    const one = (await app.get(`/v1/api/forex/abbreviated_cache_kline?forex_id=${ids[0]}`)).body.data
    expect(one).toEqual(many[String(ids[0])])
    expect((await app.get('/v1/api/forex/abbreviated_cache_kline')).status).toBe(200)
    expect((await app.get('/v1/api/forex/abbreviated_cache_kline?forex_ids=1,x')).status).toBe(200)
  })

  it('draws a logo for every instrument', async () => {
    const response = await fetch(`${app.base}${byCode('XAUUSD').Logo}`)
    expect(response.headers.get('content-type')).toContain('image/svg+xml')
    expect(await response.text()).toContain('XAU')
    const missing = await fetch(`${app.base}/v1/api/forex/logo/NOPE.svg`)
    expect(missing.status).toBe(404)
  })
})
