import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OrderStatus } from '@tp/contracts'
import { accounts, idempotencyKeys, orders } from '../src/db/schema.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { connect } from './socket-client.ts'
import { waitForMessage, type Client } from './socket-wait.ts'

/*
 * Issue 8 through the API: idempotent submit, what existing clients need on the wire (market orders
 * ignore target_price, pushes of whole orders, FOREX_CLOSED after the owner's own close,
 * MARGIN_CALL), and the feed's refusal of bad ticks. BTCUSD trades around the clock.
 */

describe.each(DRIVERS)('trading on the wire on %s', (driver) => {
  let app: TestApp
  let btc: number
  let demoCount = 0
  const sockets: Client[] = []

  const tickBtc = async (bid: number, ask: number) => {
    app.clock.advance(100)
    app.tick({ code: 'BTCUSD', bid, ask })
    await app.desk.settle()
  }
  async function demo() {
    const answer = await app.get(
      `/api/user/createAccountDemoForU?demo_id=wire-${driver}-${demoCount++}-abcdef`,
    )
    return { token: answer.body.data.token as string, userId: answer.body.data.user.id as number }
  }
  const submit = (
    token: string,
    query: Record<string, string | number>,
    headers: Record<string, string> = {},
  ) =>
    app.get(`/v1/api/forex/submit?${new URLSearchParams(query as Record<string, string>)}`, {
      token,
      headers,
    })
  const buy = { forex_id: 0, type: 1, cont: '0.01', status: 1, multiple: 2 }
  async function signedInSocket(token: string) {
    const client = await connect(app)
    sockets.push(client)
    client.send({ type: 'login', params: token })
    await waitForMessage(client, (m) => m.type === 'login_result' && m.code === 1)
    return client
  }

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 20 })
    btc = app.market.instrumentByCode('BTCUSD')!.id
    buy.forex_id = btc
    await tickBtc(65_000, 65_030)
  })
  afterAll(async () => {
    for (const client of sockets) client.socket.close()
    await app.close()
  })

  it('100 concurrent retries with one idempotency key place one order and all get its answer', async () => {
    const { token, userId } = await demo()
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => submit(token, buy, { 'idempotency-key': 'retry-1' })),
    )
    const ids = new Set(answers.map((a) => a.body.data?.id))
    expect(answers.every((a) => a.body.code === 1)).toBe(true)
    expect(ids.size).toBe(1)
    const placed = await app.db.select().from(orders).where(eq(orders.userId, userId))
    expect(placed).toHaveLength(1)
    // Later, by header or by client_order_id: the same answer, nothing placed.
    const later = await submit(token, { ...buy, client_order_id: 'retry-1' })
    expect(later.body).toMatchObject({ code: 1, data: { id: placed[0]!.id } })
    // Another key places another order; another user's same key is their own.
    expect((await submit(token, buy, { 'idempotency-key': 'retry-2' })).body.data.id).not.toBe(placed[0]!.id)
    const other = await demo()
    expect((await submit(other.token, buy, { 'idempotency-key': 'retry-1' })).body.code).toBe(1)
    expect(await app.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(2)
    // A day later the key is free again.
    await app.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.userId, userId))
    const renewed = await submit(token, buy, { 'idempotency-key': 'retry-1' })
    expect(renewed.body.data.id).not.toBe(placed[0]!.id)
  })

  it('a refused first answer is the answer to every retry, even once the refusal no longer holds', async () => {
    const { token } = await demo()
    const big = { ...buy, cont: '1' } // 65,030 / 2 of margin: more than the 10,000 demo balance
    const first = await submit(token, big, { 'idempotency-key': 'too-big' })
    expect(first.body).toMatchObject({ code: 0, reason: 'insufficient_margin' })
    const again = await submit(token, { ...buy }, { 'idempotency-key': 'too-big' })
    expect(again.body).toMatchObject({ code: 0, reason: 'insufficient_margin' })
  })

  it.each(['', 'a'.repeat(65), 'has space', 'ü'])(
    'refuses the idempotency key %j with code 0',
    async (key) => {
      const { token } = await demo()
      const answer = await submit(token, { ...buy, client_order_id: key })
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ code: 0, reason: 'invalid_input' })
    },
  )

  it.each(['abc', 'NaN', '-1', '1e400', '0x10', ''])(
    'a market order ignores target_price %j; a pending order refuses it',
    async (target) => {
      const { token } = await demo()
      expect((await submit(token, { ...buy, target_price: target })).body.code).toBe(1)
      const pending = await submit(token, { ...buy, status: 0, target_price: target })
      expect(pending.body.code).toBe(0)
    },
  )

  it('pushes whole orders in FOREX_TRADE and FOREX_CLOSED after the owner closes', async () => {
    const { token } = await demo()
    const socket = await signedInSocket(token)
    const id = (await submit(token, buy)).body.data.id as number
    const trade = await waitForMessage(socket, (m) => m.type === 'FOREX_TRADE' && m.TransOrder.length === 1)
    const listed = (await app.get('/v1/api/forex/my_deal?status=1', { token })).body.data.data[0]
    expect(Object.keys(trade.TransOrder[0]).sort()).toEqual(Object.keys(listed).sort())
    expect(trade.TransOrder[0]).toMatchObject({ Id: id, Status: OrderStatus.Holding, OrderType: 1 })
    expect((await app.get(`/v1/api/forex/close?id=${id}`, { token })).body.code).toBe(1)
    expect(await waitForMessage(socket, (m) => m.type === 'FOREX_CLOSED')).toEqual({
      type: 'FOREX_CLOSED',
      id: [id],
    })
  })

  it('names the instrument of each my_deal order in the caller’s language', async () => {
    const { token } = await demo()
    expect((await submit(token, buy)).body.code).toBe(1)
    for (const [lang, name] of [
      ['jp', 'ビットコイン/米ドル'],
      ['en', 'Bitcoin / US Dollar'],
    ]) {
      const listed = (await app.get('/v1/api/forex/my_deal?status=1', { token, lang })).body.data.data[0]
      expect(listed.ForexTradeLists.NameShowTrans, lang).toBe(name)
    }
  })

  it('warns the owner alone with MARGIN_CALL, and remembers it in the account', async () => {
    const { token, userId } = await demo()
    const other = await demo()
    const mine = await signedInSocket(token)
    const theirs = await signedInSocket(other.token)
    // 0.25 BTC at 65,030, 1:2: margin 8,128.75 of a 10,000 demo balance.
    expect((await submit(token, { ...buy, cont: '0.25' })).body.code).toBe(1)
    // Margin follows the ask down, so the level falls slowly: at 50,000 the loss is 3,757.5 and the
    // margin 6,253.75, a level just under 100 %.
    await tickBtc(50_000, 50_030)
    const warning = await waitForMessage(mine, (m) => m.type === 'MARGIN_CALL')
    expect(warning).toMatchObject({ type: 'MARGIN_CALL', margin_call_level: 100, stop_out_level: 50 })
    expect(warning.level).toBeLessThan(100)
    expect(warning.level).toBeGreaterThan(50)
    const [row] = await app.db.select().from(accounts).where(eq(accounts.userId, userId))
    expect(row?.marginCalled).toBe(true)
    expect(theirs.seen.filter((m) => m.type === 'MARGIN_CALL')).toEqual([])
    // A socket that signs in later (a reloaded page) hears its account and the warning at once,
    // the account first (not at the next second's push).
    const later = await signedInSocket(token)
    expect(await waitForMessage(later, (m) => m.type === 'MARGIN_CALL')).toMatchObject({
      margin_call_level: 100,
    })
    const heard = later.seen.map((m) => m.type)
    expect(heard.indexOf('FOREX_TRADE')).toBeGreaterThan(-1)
    expect(heard.indexOf('FOREX_TRADE')).toBeLessThan(heard.indexOf('MARGIN_CALL'))
    await tickBtc(65_000, 65_030)
  })

  it('refuses ticks from the future and off the price grid: counted, and they never freeze the instrument', async () => {
    const before = app.feed.refusals()
    app.tick({ code: 'BTCUSD', bid: 99_000, ask: 99_030, timeMs: app.clock.now().getTime() + 3_600_000 })
    app.tick({ code: 'BTCUSD', bid: 65_000.123, ask: 65_030.5 })
    app.tick({ code: 'BTCUSD', bid: 65_031, ask: 65_000 })
    const after = app.feed.refusals()
    expect(after.future - before.future).toBe(1)
    expect(after.off_grid - before.off_grid).toBe(1)
    expect(after.invalid - before.invalid).toBe(1)
    expect(app.market.lastQuote(btc)).toMatchObject({ bid: 65_000, ask: 65_030 })
    // The next honest tick is taken at once: the future one moved no clock.
    await tickBtc(65_010, 65_040)
    expect(app.market.lastQuote(btc)).toMatchObject({ bid: 65_010, ask: 65_040 })
    expect(app.desk.view.quote(btc)).toMatchObject({ bid: 65_010, ask: 65_040 })
  })
})

describe.each(DRIVERS)('per-user limits of trading calls on %s', (driver) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(driver, {
      historyCandles: 20,
      rateLimits: { trading: { max: 5, timeWindowMs: 60_000 } },
    })
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    await app.desk.settle()
  })
  afterAll(async () => {
    await app.close()
  })

  it('holds one user to the limit whatever the address, and leaves other users alone', async () => {
    const token = async (n: number) =>
      (await app.get(`/api/user/createAccountDemoForU?demo_id=limit-${driver}-${n}-abcdef`)).body.data
        .token as string
    const [mine, theirs] = [await token(1), await token(2)]
    const btc = app.market.instrumentByCode('BTCUSD')!.id
    const submit = (t: string, i: number) =>
      app.get(`/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.01&status=1&multiple=2`, {
        token: t,
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
      })
    const answers = []
    for (let i = 0; i < 7; i++) answers.push(await submit(mine, i))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429, 429])
    expect(answers[5]?.body).toMatchObject({ code: 0, reason: 'rate_limited' })
    expect((await submit(theirs, 9)).status).toBe(200)
  })
})
