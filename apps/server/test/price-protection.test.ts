import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** The next Wednesday at 15:00 UTC after `fromMs`: every seeded market but a holiday's is open. */
function nextWednesday(fromMs: number): number {
  const day = new Date(fromMs + DAY_MS)
  day.setUTCHours(15, 0, 0, 0)
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1)
  return day.getTime()
}

/*
 * Issue 13, price protection through the real app (decision 023): a market order carries the price
 * the user saw and a deviation; beyond it, a requote with the new price, which the user can take at
 * once. The seeded stops level (XAUUSD: 50 points, 0.50) and freeze level (10 points) hold.
 */
describe.each(DRIVERS)('price protection on %s', (driver) => {
  let app: TestApp
  let token = ''
  const idOf = (code: string) => app.market.instrumentByCode(code)!.id

  const quote = async (code: string, bid: number, ask: number) => {
    app.clock.advance(10)
    app.tick({ code, bid, ask })
    await app.desk.settle()
  }
  const get = (path: string, params: Record<string, string | number>, headers?: Record<string, string>) =>
    app.get(`${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`, {
      token,
      lang: 'en',
      headers,
    })
  const submit = (params: Record<string, string | number>, headers?: Record<string, string>) =>
    get('/v1/api/forex/submit', { type: 1, cont: '0.1', status: 1, multiple: 20, ...params }, headers)

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 20 })
    app.clock.set(nextWednesday(app.clock.now().getTime()))
    token = (await app.get(`/api/user/createAccountDemoForU?demo_id=protection-${driver}-0001`)).body.data
      .token
    await quote('EURUSD', 1.085, 1.0851)
    await quote('XAUUSD', 2350, 2350.3)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('requotes a market order the price left behind, and takes the new price at once', async () => {
    const seen = 1.0851
    await quote('EURUSD', 1.0855, 1.0856)
    const refused = await submit({ forex_id: idOf('EURUSD'), price: seen, deviation: 3 })
    expect(refused.body).toEqual({
      code: 0,
      reason: 'requote',
      msg: 'The price has moved to 1.08560. Place the order at the new price?',
      data: { price: 1.0856, bid: 1.0855, ask: 1.0856 },
    })
    const taken = await submit({ forex_id: idOf('EURUSD'), price: refused.body.data.price, deviation: 3 })
    expect(taken.body).toMatchObject({ code: 1 })
    // Within the deviation (5 points here) the order fills at the market as it is.
    expect((await submit({ forex_id: idOf('EURUSD'), price: 1.08555, deviation: 5 })).body.code).toBe(1)
    // Without a price seen, as existing clients send it, nothing is compared.
    expect((await submit({ forex_id: idOf('EURUSD') })).body.code).toBe(1)
    // A seen price off the instrument's grid is a bad price, not a requote.
    expect((await submit({ forex_id: idOf('EURUSD'), price: 1.085612 })).body.reason).toBe('price_invalid')
  })

  it('answers a retried requote as the first time, with its price', async () => {
    await quote('EURUSD', 1.0861, 1.0862)
    const order = { forex_id: idOf('EURUSD'), price: 1.085, deviation: 2 }
    const first = await submit(order, { 'idempotency-key': `requote-${driver}` })
    expect(first.body).toMatchObject({ code: 0, reason: 'requote', data: { price: 1.0862 } })
    // The market moves on; the retry (same key) is the same answer, figures and all, and runs nothing.
    await quote('EURUSD', 1.0871, 1.0872)
    const retry = await submit(order, { 'idempotency-key': `requote-${driver}` })
    expect(retry.body).toEqual(first.body)
  })

  it('keeps stops at least the stops level from the market, saying how far', async () => {
    // A buy of gold closes at the bid 2350.00: 0.50 below it is the nearest stop-loss.
    const near = await submit({ forex_id: idOf('XAUUSD'), stop_loss_price: 2349.6 })
    expect(near.body).toMatchObject({
      code: 0,
      reason: 'stops_too_close',
      msg: 'Stop-loss and take-profit must be at least 50 points from the market price',
      data: { points: 50 },
    })
    expect((await submit({ forex_id: idOf('XAUUSD'), stop_loss_price: 2349.5 })).body.code).toBe(1)
    const pending = await submit({ forex_id: idOf('XAUUSD'), status: 0, target_price: 2349.9 })
    expect(pending.body).toMatchObject({ code: 0, reason: 'price_too_close', data: { points: 50 } })
  })

  it('freezes a pending order the market is about to reach, and never a close at the market', async () => {
    const placed = await submit({ forex_id: idOf('XAUUSD'), status: 0, target_price: 2349 })
    expect(placed.body.code).toBe(1)
    // The ask comes within 10 points (0.10) of the order's price.
    await quote('XAUUSD', 2348.8, 2349.08)
    const frozen = await get('/v1/api/forex/cancel_trade', { id: placed.body.data.id })
    expect(frozen.body).toMatchObject({ code: 0, reason: 'order_frozen' })
    await quote('XAUUSD', 2350, 2350.3)
    expect((await get('/v1/api/forex/cancel_trade', { id: placed.body.data.id })).body.code).toBe(1)

    const position = await submit({ forex_id: idOf('XAUUSD'), stop_loss_price: 2349 })
    expect(position.body.code).toBe(1)
    await quote('XAUUSD', 2349.05, 2349.35)
    const stops = await get('/v1/api/forex/set_stop_price', {
      id: position.body.data.id,
      stop_loss_price: 2348,
    })
    expect(stops.body).toMatchObject({ code: 0, reason: 'order_frozen' })
    expect((await get('/v1/api/forex/close', { id: position.body.data.id })).body.code).toBe(1)
  })
})
