import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OrderStatus, PendingType } from '@tp/contracts'
import { ledgerMatchesBalance } from '../src/trading/ledger.ts'
import { PASSWORD, registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type Answer, type TestApp } from './harness.ts'
import { connect } from './socket-client.ts'
import { until, waitForMessage } from './socket-wait.ts'

/*
 * Issue 25: the calls and fields that existing clients of the API family use beyond docs/product.md
 * (docs/wire.md "The family's own calls"), and every refusal, malformed input included, on HTTP 200.
 * BTCUSD and ETHUSD trade around the clock.
 */

describe.each(DRIVERS)("the family's calls on %s", (driver) => {
  let app: TestApp
  let btc: number
  let eth: number
  let demos = 0

  const refusedWith = (answer: Answer, reason: string) => {
    expect(answer.status).toBe(200)
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 0, reason })
  }
  const tick = async (code: string, bid: number, ask: number) => {
    app.clock.advance(100)
    app.tick({ code, bid, ask })
    await app.desk.settle()
  }
  async function demo() {
    const answer = await app.get(`/api/user/createAccountDemoForU?demo_id=family-${driver}-${demos++}-abcdef`)
    return { token: answer.body.data.token as string, userId: answer.body.data.user.id as number }
  }
  const get = (token: string, path: string, query: Record<string, string | number> = {}) =>
    app.get(`${path}?${new URLSearchParams(query as Record<string, string>)}`, { token })
  const open = async (
    token: string,
    forexId: number,
    type: 1 | 2,
    extra: Record<string, string | number> = {},
  ) => {
    const answer = await get(token, '/v1/api/forex/submit', {
      forex_id: forexId,
      type,
      cont: '0.01',
      status: 1,
      multiple: app.market.view(app.market.instrument(forexId)!, app.clock.now().getTime())
        .HasForexMultiple[0]!.Value,
      ...extra,
    })
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 })
    return answer.body.data.id as number
  }
  const holding = async (token: string) =>
    (
      await get(token, '/v1/api/forex/my_deal', { status: OrderStatus.Holding, limit: 100 })
    ).body.data.data.map((o: { Id: number }) => o.Id) as number[]

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 20 })
    btc = app.market.instrumentByCode('BTCUSD')!.id
    eth = app.market.instrumentByCode('ETHUSD')!.id
    await tick('BTCUSD', 65_000, 65_030)
    await tick('ETHUSD', 3_300, 3_301)
  })
  afterAll(() => app.close())

  it('signs in at /api/user/login as at loginForU, sharing its checks and its rate limit', async () => {
    const { email } = await registerAndLogin(app)
    const good = await app.post('/api/user/login', {
      account: email,
      password: PASSWORD,
      login_type: 'email',
    })
    expect(good.body).toMatchObject({ code: 1, data: { token: expect.any(String), user: { email } } })
    expect((await app.get('/api/user/info', { token: good.body.data.token })).body.code).toBe(1)
    const wrong = await app.post('/api/user/login', {
      account: email,
      password: 'Wrong-pass1',
      login_type: 'email',
    })
    refusedWith(wrong, 'wrong_credentials')
    refusedWith(await app.post('/api/user/login', {}), 'invalid_input')
  })

  it('changes the password with the current one from a JSON body, no code, as the Vue 3 app sends it', async () => {
    const { email, token } = await registerAndLogin(app)
    const body = { old_password: PASSWORD, new_password: 'Newpass1!x', secondary_password: 'Newpass1!x' }
    const differ = await app.post(
      '/api/user/amend_password',
      { ...body, secondary_password: 'Other1!xx' },
      { token, json: true },
    )
    expect(differ.body).toMatchObject({ code: 0, reason: 'passwords_differ' })
    expect((await app.post('/api/user/amend_password', body, { token, json: true })).body.code).toBe(1)
    const again = await app.post('/api/user/login', {
      account: email,
      password: 'Newpass1!x',
      login_type: 'email',
    })
    expect(again.body.code).toBe(1)
  })

  it('shares one sign-in rate limit between the two names', async () => {
    const limited = await startTestApp(driver, { rateLimits: { login: { max: 4, timeWindowMs: 60_000 } } })
    try {
      const statuses: number[] = []
      for (const path of [
        '/api/user/loginForU',
        '/api/user/login',
        '/api/user/loginForU',
        '/api/user/login',
        '/api/user/login',
      ])
        statuses.push((await limited.post(path, { account: 'nobody@example.com', password: 'x' })).status)
      expect(statuses).toEqual([200, 200, 200, 200, 429])
    } finally {
      await limited.close()
    }
  })

  it("deal: lot limits, the balance as a number and the caller's own orders on the instrument", async () => {
    const me = await demo()
    const other = await demo()
    const mine = await open(me.token, btc, 1)
    await open(me.token, eth, 1)
    await open(other.token, btc, 1)
    const pending = await open(me.token, btc, 1, { status: 0, target_price: 60_000 })
    const answer = await get(me.token, '/v1/api/forex/deal', { forex_id: btc })
    expect(answer.body.code).toBe(1)
    const deal = answer.body.data
    const instrument = app.market.view(app.market.instrument(btc)!, app.clock.now().getTime())
    expect(deal.forex_cont_limit).toEqual({ min: instrument.ForexMinCont, max: instrument.ForexMaxCont })
    expect(deal.forex_cont_limit.max).toBeGreaterThan(0)
    expect(typeof deal.forex_user_balance).toBe('number')
    const balance = (await get(me.token, '/v1/api/main/wallet/getBalance')).body.data.balance
    expect(deal.forex_user_balance).toBe(Number(balance))
    expect(deal.my_transaction.map((o: { Id: number }) => o.Id)).toEqual([pending, mine])
    expect(deal.my_transaction[1]).toMatchObject({
      ForexContNum: instrument.ForexContNum,
      CompleteTime: '',
      PendingType: PendingType.None,
    })
    // A buy waiting for the ask to fall is a Buy Limit; above the ask, a Buy Stop.
    expect(deal.my_transaction[0]).toMatchObject({ Id: pending, PendingType: PendingType.Limit })
    const stop = await open(me.token, btc, 1, { status: 0, target_price: 70_000 })
    const sellLimit = await open(me.token, btc, 2, { status: 0, target_price: 70_000 })
    const sellStop = await open(me.token, btc, 2, { status: 0, target_price: 60_000 })
    const kinds = (
      await get(me.token, '/v1/api/forex/my_deal', { status: OrderStatus.Pending })
    ).body.data.data.map((o: { Id: number; PendingType: number }) => [o.Id, o.PendingType])
    expect(kinds).toEqual([
      [sellStop, PendingType.Stop],
      [sellLimit, PendingType.Limit],
      [stop, PendingType.Stop],
      [pending, PendingType.Limit],
    ])
    expect(deal).toMatchObject({
      last_price: 65_000,
      settle_currency_code: 'USD',
      quotation: { Close: 65_000 },
    })
    refusedWith(await get(me.token, '/v1/api/forex/deal', { forex_id: 999_999 }), 'instrument_not_found')
    refusedWith(await get(me.token, '/v1/api/forex/deal'), 'invalid_input')
    expect((await app.get(`/v1/api/forex/deal?forex_id=${btc}`)).body.code).toBe(999)
  })

  it('deal_all: the marks of the account and of the instrument, and its positions paged', async () => {
    const me = await demo()
    const ids = [await open(me.token, btc, 1), await open(me.token, btc, 2), await open(me.token, btc, 1)]
    await open(me.token, eth, 2)
    const first = (await get(me.token, '/v1/api/forex/deal_all', { forex_id: btc, page: 1, limit: 2 })).body
    expect(first.code).toBe(1)
    expect(first.data.order).toMatchObject({ total: 3, currency_page: 2 })
    expect(first.data.order.data.map((o: { Id: number }) => o.Id)).toEqual([ids[2], ids[1]])
    const second = (await get(me.token, '/v1/api/forex/deal_all', { forex_id: btc, page: 2, limit: 2 })).body
    expect(second.data.order.data.map((o: { Id: number }) => o.Id)).toEqual([ids[0]])
    const view = app.desk.view.accountView(me.userId)!
    expect(first.data.hazard_rate).toBeCloseTo(view.marginLevel, 1)
    expect(Number(first.data.caution_money_total)).toBeCloseTo(view.usedMargin, 4)
    // A hedge holds its larger side: the instruments' margins add up to the account's.
    const onEth = (await get(me.token, '/v1/api/forex/deal_all', { forex_id: eth })).body.data
    expect(Number(first.data.caution_money) + Number(onEth.caution_money)).toBeCloseTo(view.usedMargin, 4)
    refusedWith(await get(me.token, '/v1/api/forex/deal_all', { forex_id: 'x' }), 'invalid_input')
  })

  it('batch_Close_by_type closes all sells, then all buys of one instrument, then all, at live prices', async () => {
    const me = await demo()
    const other = await demo()
    const buys = [await open(me.token, btc, 1), await open(me.token, btc, 1)]
    const sell = await open(me.token, btc, 2)
    const ethBuy = await open(me.token, eth, 1)
    const theirs = await open(other.token, btc, 2)

    const sells = await get(me.token, '/v1/api/forex/batch_Close_by_type', { type: 2 })
    expect(sells.body).toMatchObject({ code: 1, data: [sell] })
    const onBtc = await get(me.token, '/v1/api/forex/batch_Close_by_type', { type: 1, forex_id: btc })
    expect(onBtc.body).toMatchObject({ code: 1, data: buys })
    expect(await holding(me.token)).toEqual([ethBuy])
    expect(await holding(other.token)).toEqual([theirs])
    const all = await get(me.token, '/v1/api/forex/batch_Close_by_type', { type: 0 })
    expect(all.body).toMatchObject({ code: 1, data: [ethBuy] })
    refusedWith(await get(me.token, '/v1/api/forex/batch_Close_by_type'), 'no_positions')
    refusedWith(await get(me.token, '/v1/api/forex/batch_Close_by_type', { type: 3 }), 'invalid_input')
    // Each closed at its own instrument's bid (buys) or ask (sells).
    const closed = (await get(me.token, '/v1/api/forex/my_deal', { status: OrderStatus.Closed, limit: 10 }))
      .body.data.data as { Id: number; UpdatePrice: number; ClosedType: number }[]
    const priceOf = (id: number) => closed.find((o) => o.Id === id)!.UpdatePrice
    expect([priceOf(buys[0]!), priceOf(buys[1]!), priceOf(sell), priceOf(ethBuy)]).toEqual([
      65_000, 65_000, 65_030, 3_300,
    ])
    expect(closed.every((o) => o.ClosedType === 1)).toBe(true)
    expect(await ledgerMatchesBalance(app.db, me.userId)).toBe(true)
  })

  it('closes only the profitable or the losing ones, and leaves a stale market open, saying so', async () => {
    const me = await demo()
    const winner = await open(me.token, btc, 1)
    const loser = await open(me.token, btc, 2)
    const stale = await open(me.token, eth, 1)
    await tick('BTCUSD', 65_500, 65_530)
    const profitable = await get(me.token, '/v1/api/forex/batch_Close_by_type', {
      result: 'profitable',
      forex_id: btc,
    })
    expect(profitable.body).toMatchObject({ code: 1, data: [winner] })
    // ETHUSD's quote goes stale while BTCUSD's stays live.
    const maxAge = 10_000
    for (let waited = 0; waited <= maxAge; waited += 2_000) {
      app.clock.advance(2_000)
      app.tick({ code: 'BTCUSD', bid: 65_500, ask: 65_530 })
    }
    await app.desk.settle()
    const rest = await get(me.token, '/v1/api/forex/batch_Close_by_type', { type: 0 })
    expect(rest.body).toMatchObject({ code: 1, data: [loser], msg: expect.stringContaining('1') })
    expect(await holding(me.token)).toEqual([stale])
    refusedWith(await get(me.token, '/v1/api/forex/batch_Close_by_type'), 'quote_stale')
    await tick('ETHUSD', 3_300, 3_301)
  })

  it('lists every finished order with finished=1: closed, cancelled and expired, not the live ones', async () => {
    const me = await demo()
    const cancelled = await open(me.token, btc, 1, { status: 0, target_price: 50_000 })
    expect((await get(me.token, '/v1/api/forex/cancel_trade', { id: cancelled })).body.code).toBe(1)
    const closed = await open(me.token, btc, 1)
    expect((await get(me.token, '/v1/api/forex/close', { id: closed })).body.code).toBe(1)
    const live = await open(me.token, btc, 2)
    const pending = await open(me.token, btc, 1, { status: 0, target_price: 50_000 })
    const history = (await get(me.token, '/v1/api/forex/my_deal', { finished: 1 })).body.data
    const rows = history.data.map((o: { Id: number; Status: number }) => [o.Id, o.Status])
    expect(rows).toEqual([
      [closed, OrderStatus.Closed],
      [cancelled, OrderStatus.Cancelled],
    ])
    expect(history.total).toBe(2)
    const ids = rows.map(([id]: number[]) => id)
    expect(ids).not.toContain(live)
    expect(ids).not.toContain(pending)
  })

  it('says there is one account when asked to move money between accounts, and moves nothing', async () => {
    const me = await demo()
    const before = (await get(me.token, '/v1/api/main/wallet/getBalance')).body.data.balance
    refusedWith(await get(me.token, '/v1/api/forex/recharge_to_forex'), 'single_account')
    refusedWith(
      await get(me.token, '/v1/api/forex/recharge_submit', {
        type: 1,
        number: 100,
        settle_id: 1,
        currency_id: 1,
      }),
      'single_account',
    )
    expect((await get(me.token, '/v1/api/main/wallet/getBalance')).body.data.balance).toBe(before)
  })

  it("lists the one account and its ledger, each row's before, value and after adding up", async () => {
    const me = await demo()
    await open(me.token, btc, 1)
    const list = (await get(me.token, '/api/account/list')).body
    expect(list.code).toBe(1)
    expect(list.data).toHaveLength(1)
    const balance = (await get(me.token, '/v1/api/main/wallet/getBalance')).body.data.balance
    expect(list.data[0]).toMatchObject({
      account_code: 'forex_account',
      name: 'Trading account',
      accounts: [{ currency_code: 'USD', balance, lock_balance: '0.00' }],
    })
    const log = (await get(me.token, '/api/account_log/forex', { currency_id: 1, page: 1 })).body
    expect(log.code).toBe(1)
    expect(log.data.total).toBe(log.data.data.length)
    for (const row of log.data.data as {
      before: string
      value: string
      after: string
      type_name: string
    }[]) {
      expect((Number(row.before) + Number(row.value)).toFixed(2)).toBe(row.after)
      expect(row.type_name).not.toBe('')
    }
    expect(log.data.data[0].after).toBe(balance)
  })

  it('lists every withdrawal when draw_list has no type', async () => {
    const me = await registerAndLogin(app)
    const answer = await app.get('/api/account/draw_list?page=1', { token: me.token })
    expect(answer.body).toMatchObject({ code: 1, data: { data: [], total: 0 } })
    refusedWith(await app.get('/api/account/draw_list?type=7', { token: me.token }), 'invalid_input')
    // The phone lists every deposit on one list, coin and bank alike.
    const deposits = await app.get('/api/quickCharge/quick_ist?page=1', { token: me.token })
    expect(deposits.body).toMatchObject({ code: 1, data: { data: [], total: 0 } })
  })

  it('gives every candle its Change, and every my_deal answer its currency_page', async () => {
    const candles = (await app.get(`/v1/api/forex/kline?forex_id=${btc}&period=1min&limit=5`)).body.data as {
      Change: number
      Close: number
    }[]
    expect(candles.length).toBeGreaterThan(1)
    for (let i = 1; i < candles.length; i++) {
      const expected = ((candles[i]!.Close - candles[i - 1]!.Close) / candles[i - 1]!.Close) * 100
      expect(candles[i]!.Change).toBeCloseTo(expected, 1)
    }
    const me = await demo()
    const deals = (await get(me.token, '/v1/api/forex/my_deal', { page: 1, limit: 7 })).body.data
    expect(deals).toMatchObject({ total: 0, currency_page: 7 })
  })

  it('takes a MARKET_DEPTH subscription and sends no invented book', async () => {
    const client = await connect(app)
    try {
      client.send({ type: 'sub', params: 'MARKET_DEPTH.BTCUSD' })
      client.send({ type: 'sub', params: 'DAY_MARKET' })
      client.send({ type: 'ping' })
      await waitForMessage(client, (m) => m.type === 'pong')
      await tick('BTCUSD', 65_010, 65_040)
      await waitForMessage(client, (m) => m.type === 'DAY_MARKET')
      // Had a depth message been sent, it would come before this pong.
      client.send({ type: 'ping' })
      await until(() => client.seen.filter((m) => m.type === 'pong').length === 2)
      expect(client.seen.some((m) => m.type === 'MARKET_DEPTH')).toBe(false)
    } finally {
      client.socket.close()
    }
  })
})
