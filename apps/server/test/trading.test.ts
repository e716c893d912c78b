import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ClosedType, LedgerType, OrderStatus } from '@tp/contracts'
import { accounts, ledger, orders } from '../src/db/schema.ts'
import { ledgerMatchesBalance } from '../src/trading/ledger.ts'
import { rebuildEngine } from '../src/trading/desk-state.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type Answer, type RequestOptions, type TestApp } from './harness.ts'
import { connect } from './socket-client.ts'
import { waitForMessage, type Client } from './socket-wait.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** The first `weekday` (0 Sunday … 6 Saturday) at `hour`:00 UTC at least a day after `fromMs`. */
function nextWeekday(fromMs: number, weekday: number, hour: number): number {
  const day = new Date(fromMs + DAY_MS)
  day.setUTCHours(hour, 0, 0, 0)
  while (day.getUTCDay() !== weekday) day.setUTCDate(day.getUTCDate() + 1)
  return day.getTime()
}

describe.each(DRIVERS)('trading calls on %s', (driver) => {
  let app: TestApp
  /** Users whose ledger must match their balance after every test. */
  const involved = new Set<number>()
  /** Last prices pushed, per code (refreshed at the clock's time before each command). */
  const prices: Record<string, { bid: number; ask: number }> = {
    BTCUSD: { bid: 65_000, ask: 65_030 },
    ETHUSD: { bid: 3_300, ask: 3_302 },
    EURUSD: { bid: 1.085, ask: 1.0851 },
    USDJPY: { bid: 151.5, ask: 151.512 },
  }
  let demoCount = 0
  const sockets: Client[] = []

  const idOf = (code: string) => app.market.instruments().find((d) => d.code === code)!.id

  /** A tick at the test clock's time, and its events committed. */
  async function tick(code: string, bid: number, ask: number) {
    prices[code] = { bid, ask }
    app.tick({ code, bid, ask })
    await app.desk.settle()
  }

  /** Moves the clock on a little and ticks every instrument at its last price, so quotes are fresh. */
  async function refresh() {
    app.clock.advance(100)
    for (const [code, p] of Object.entries(prices)) app.tick({ code, ...p })
    await app.desk.settle()
  }

  async function demo() {
    const answer = await app.get(
      `/api/user/createAccountDemoForU?demo_id=trading-${driver}-${demoCount++}-abcdef`,
    )
    expect(answer.body.code).toBe(1)
    const userId = answer.body.data.user.id as number
    involved.add(userId)
    return { token: answer.body.data.token as string, userId }
  }

  const query = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()

  const call = (
    path: string,
    token: string,
    params: Record<string, string | number> = {},
    init: RequestOptions = {},
  ) => app.get(`${path}?${query(params)}`, { token, ...init })

  const submit = (token: string, params: Record<string, string | number>, init?: RequestOptions) =>
    call('/v1/api/forex/submit', token, params, init)

  /** A market order that must succeed; returns its id. */
  async function open(token: string, code: string, side: 1 | 2, cont: string, multiple: number, extra = {}) {
    const answer = await submit(token, {
      forex_id: idOf(code),
      type: side,
      cont,
      status: 1,
      multiple,
      ...extra,
    })
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 })
    return answer.body.data.id as number
  }

  /** `my_deal` of one status, or of every order with `status` undefined. */
  const myDeal = async (token: string, status: number | undefined, page = 1, limit = 10) =>
    (
      await call(
        '/v1/api/forex/my_deal',
        token,
        status === undefined ? { page, limit } : { status, page, limit },
      )
    ).body.data

  const orderRow = async (id: number) => (await app.db.select().from(orders).where(eq(orders.id, id)))[0]
  const balanceOf = async (userId: number) =>
    (await app.db.select().from(accounts).where(eq(accounts.userId, userId)))[0]!.balance
  const ledgerOf = (userId: number) =>
    app.db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(asc(ledger.id))

  async function loggedInSocket(token: string) {
    const client = await connect(app)
    sockets.push(client)
    client.send({ type: 'login', params: token })
    await waitForMessage(client, (m) => m.type === 'login_result' && m.code === 1)
    return client
  }

  const refusedWith = (answer: Answer, reason: string) =>
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 0, reason, data: null })

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 20 })
    // A Wednesday noon: forex is open whatever day the tests run on.
    app.clock.set(nextWeekday(app.clock.now().getTime(), 3, 12))
    await refresh()
  })
  afterEach(async () => {
    await app.desk.settle()
    for (const userId of involved)
      expect(await ledgerMatchesBalance(app.db, userId), `user ${userId}`).toBe(true)
  })
  afterAll(async () => {
    for (const s of sockets) s.socket.close()
    await app.close()
  })

  describe('submit', () => {
    it('opens market buys and sells at the ask and the bid, fee booked once', async () => {
      await refresh()
      const { token, userId } = await demo()
      const buy = await open(token, 'BTCUSD', 1, '0.1', 2)
      const sell = await open(token, 'BTCUSD', 2, '0.2', 2)
      const holding = (await myDeal(token, 1)).data
      expect(holding.map((o: any) => o.Id)).toEqual([sell, buy])
      expect(holding[1]).toMatchObject({
        OrderType: 1,
        Price: 65_030,
        OriginPrice: 65_030,
        UpdatePrice: 65_000,
        Status: 1,
        Multiple: 2,
        Quantity: 0.1,
        CautionMoney: '3251.500000',
        TradeFee: '2.000000',
        FactProfits: '-3.000000',
        ClosedType: 0,
        CompleteTimeHandler: '',
      })
      expect(holding[0]).toMatchObject({
        OrderType: 2,
        Price: 65_000,
        UpdatePrice: 65_030,
        Multiple: 2,
        CautionMoney: '6500.000000',
        TradeFee: '4.000000',
        FactProfits: '-6.000000',
      })
      expect(holding[0].ForexTradeLists).toMatchObject({ Code: 'BTCUSD', Id: idOf('BTCUSD') })
      const fees = (await ledgerOf(userId)).filter((r) => r.type === LedgerType.TRADE_FEE)
      expect(fees.map((r) => [r.amount, r.ref])).toEqual([
        ['-2.000000', `order:${buy}`],
        ['-4.000000', `order:${sell}`],
      ])
      expect(await balanceOf(userId)).toBe('9994.000000')
    })

    it('places a pending buy-limit at its target and fills it when the ask reaches it', async () => {
      await refresh()
      const { token } = await demo()
      const placed = await submit(token, {
        forex_id: idOf('ETHUSD'),
        type: 1,
        cont: '1',
        status: 0,
        target_price: '3250',
        stop_loss_price: '3200',
        target_profit_price: '3400',
        multiple: 2,
      })
      expect(placed.body).toMatchObject({ code: 1, msg: 'Order placed' })
      const id = placed.body.data.id
      const pending = await myDeal(token, 0)
      expect(pending).toMatchObject({ total: 1, all_fact_profits: '0.000000', balance: '10000.00' })
      expect(pending.data[0]).toMatchObject({
        Id: id,
        Status: 0,
        Price: 0,
        OriginPrice: 3250,
        UpdatePrice: 3302,
        TargetLossPrice: 3200,
        TargetProfitPrice: 3400,
        // The margin it will take at its target (docs/wire.md): 1 x 3250 / 2. Nothing is reserved yet.
        CautionMoney: '1625.000000',
        OriginCautionMoney: '1625.000000',
        TradeFee: '0.000000',
      })
      expect(await orderRow(id)).toMatchObject({ status: OrderStatus.Pending, fee: '0.000000' })

      app.clock.advance(500)
      await tick('ETHUSD', 3_260, 3_262)
      expect((await myDeal(token, 0)).total).toBe(1)
      app.clock.advance(500)
      // A gap through the target fills at the first new price, better than asked.
      await tick('ETHUSD', 3_240, 3_242)
      expect((await myDeal(token, 0)).total).toBe(0)
      const holding = await myDeal(token, 1)
      expect(holding.data[0]).toMatchObject({
        Id: id,
        Status: 1,
        Price: 3242,
        OriginPrice: 3250,
        TradeFee: '10.000000',
      })
      expect(holding.data[0].CautionMoney).toBe('1621.000000')
      await tick('ETHUSD', 3_300, 3_302)
    })

    it('refuses a pending order without a price (status 0, no target_price)', async () => {
      await refresh()
      const { token, userId } = await demo()
      for (const target of [undefined, '', '0']) {
        const params: Record<string, string | number> = {
          forex_id: idOf('BTCUSD'),
          type: 1,
          cont: '0.1',
          status: 0,
          multiple: 2,
        }
        if (target !== undefined) params.target_price = target
        refusedWith(await submit(token, params), 'price_invalid')
      }
      const de = await submit(
        token,
        { forex_id: idOf('BTCUSD'), type: 1, cont: '0.1', status: 0, multiple: 2 },
        { lang: 'de' },
      )
      expect(de.body.msg).toBe('Bitte einen gültigen Preis eingeben')
      // A target with more decimals than the instrument quotes.
      refusedWith(
        await submit(token, {
          forex_id: idOf('BTCUSD'),
          type: 1,
          cont: '0.1',
          status: 0,
          target_price: '64000.123',
          multiple: 2,
        }),
        'price_invalid',
      )
      expect(await app.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(0)
    })

    it('refuses bad lots, leverage, stop-loss and take-profit with a translated reason', async () => {
      await refresh()
      const { token, userId } = await demo()
      const base = { forex_id: idOf('BTCUSD'), type: 1, cont: '0.1', status: 1, multiple: 2 }
      const cases: [Record<string, string | number>, string, string][] = [
        [{ cont: '0' }, 'lots_invalid', 'Bitte eine gültige Lotanzahl eingeben'],
        [{ cont: '0.001' }, 'lots_invalid', 'Bitte eine gültige Lotanzahl eingeben'],
        [{ cont: '11' }, 'lots_invalid', 'Bitte eine gültige Lotanzahl eingeben'],
        [{ multiple: 3 }, 'leverage_invalid', 'Bitte einen der angebotenen Hebel wählen'],
        [{ multiple: 30 }, 'leverage_invalid', 'Bitte einen der angebotenen Hebel wählen'],
        // A buy's stop-loss must be below the bid, its take-profit above it.
        [
          { stop_loss_price: '65000' },
          'stop_loss_invalid',
          'Der Stop-Loss-Kurs ist für diese Order ungültig',
        ],
        [
          { stop_loss_price: '65100' },
          'stop_loss_invalid',
          'Der Stop-Loss-Kurs ist für diese Order ungültig',
        ],
        [
          { stop_loss_price: '64000.001' },
          'stop_loss_invalid',
          'Der Stop-Loss-Kurs ist für diese Order ungültig',
        ],
        [
          { target_profit_price: '64900' },
          'take_profit_invalid',
          'Der Take-Profit-Kurs ist für diese Order ungültig',
        ],
        [
          { type: 2, stop_loss_price: '64000' },
          'stop_loss_invalid',
          'Der Stop-Loss-Kurs ist für diese Order ungültig',
        ],
        [
          { type: 2, target_profit_price: '66000' },
          'take_profit_invalid',
          'Der Take-Profit-Kurs ist für diese Order ungültig',
        ],
        [{ cont: '10', multiple: 1 }, 'insufficient_margin', 'Nicht genügend freie Margin'],
        [{ forex_id: 999_999 }, 'instrument_not_found', ''],
      ]
      for (const [change, reason, msg] of cases) {
        const answer = await submit(token, { ...base, ...change }, { lang: 'de' })
        expect(answer.status).toBe(200)
        refusedWith(answer, reason)
        if (msg) expect(answer.body.msg).toBe(msg)
        else expect(answer.body.msg).not.toBe('')
      }
      expect(await app.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(0)
      expect(await balanceOf(userId)).toBe('10000.000000')
    })

    it('answers a malformed query with code 0 (HTTP 200) and the envelope, never 500', async () => {
      await refresh()
      const { token, userId } = await demo()
      const base = { forex_id: idOf('BTCUSD'), type: 1, cont: '0.1', status: 1, multiple: 2 }
      const bad: Record<string, string>[] = [
        { forex_id: 'abc' },
        { forex_id: '-1' },
        { forex_id: '1.5' },
        { forex_id: String(2 ** 60) },
        { type: '3' },
        { type: '' },
        { cont: 'abc' },
        { cont: '-0.1' },
        { cont: '1e2' },
        { cont: '0.12345' },
        { status: '2' },
        { multiple: '0' },
        { multiple: 'x' },
        { multiple: '2.5' },
        { status: '0', target_price: 'NaN' },
        { status: '0', target_price: 'Infinity' },
        { status: '0', target_price: '1e400' },
        { stop_loss_price: '-5' },
        { target_profit_price: 'abc' },
      ]
      for (const change of bad) {
        const answer = await submit(token, { ...base, ...change }, { lang: 'de' })
        expect(answer.status, JSON.stringify(change)).toBe(200)
        expect(answer.body).toMatchObject({ code: 0, reason: 'invalid_input', data: null })
        expect(answer.body.msg).toMatch(/^Bitte überprüfen Sie das Feld: /)
      }
      const missing = await app.get(`/v1/api/forex/submit?forex_id=${idOf('BTCUSD')}&type=1&multiple=2`, {
        token,
      })
      expect(missing.status).toBe(200)
      expect(missing.body).toMatchObject({ code: 0, reason: 'invalid_input' })
      // Repeated parameters arrive as arrays.
      const twice = await app.get(
        `/v1/api/forex/submit?forex_id=1&forex_id=2&type=1&cont=0.1&cont=0.2&multiple=2`,
        { token },
      )
      expect(twice.status).toBe(200)
      for (const path of [
        '/v1/api/forex/my_deal?status=2',
        '/v1/api/forex/my_deal?status=1&page=0',
        '/v1/api/forex/my_deal?status=1&limit=101',
        '/v1/api/forex/my_deal?status=abc',
        '/v1/api/forex/close?id=abc',
        '/v1/api/forex/close',
        '/v1/api/forex/cancel_trade?id=-3',
        '/v1/api/forex/set_stop_price?id=1&stop_loss_price=-1',
        '/v1/api/forex/set_stop_price?id=1&target_profit_price=Infinity',
        '/v1/api/main/account/forexDetail?page=-1',
        '/v1/api/main/accountLog/forexChange?limit=0',
      ]) {
        const answer = await app.get(path, { token })
        expect(answer.status, path).toBe(200)
        expect(answer.body, path).toMatchObject({ code: 0, reason: 'invalid_input', data: null })
      }
      expect(await app.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(0)
    })

    it('refuses a price too large to store as invalid, not as a server error', async () => {
      await refresh()
      const { token, userId } = await demo()
      const huge = '1000000000000000'
      const base = { forex_id: idOf('BTCUSD'), type: 1, cont: '0.01', multiple: 2 }
      refusedWith(
        await submit(token, { ...base, status: 1, target_profit_price: huge }),
        'take_profit_invalid',
      )
      refusedWith(
        await submit(token, { ...base, type: 2, status: 1, stop_loss_price: huge }),
        'stop_loss_invalid',
      )
      refusedWith(await submit(token, { ...base, status: 0, target_price: huge }), 'price_invalid')
      const id = await open(token, 'BTCUSD', 1, '0.01', 2)
      const stops = await call('/v1/api/forex/set_stop_price', token, { id, target_profit_price: huge })
      expect(stops.status).toBe(200)
      refusedWith(stops, 'take_profit_invalid')
      expect(await orderRow(id)).toMatchObject({ takeProfit: '0.0000000000' })
      // The desk is still serving.
      expect((await call('/v1/api/forex/close', token, { id })).body.code).toBe(1)
      expect(await app.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(1)
    })

    it('answers code 999 without a live token, on every trading call', async () => {
      for (const path of [
        '/v1/api/forex/submit?forex_id=1&type=1&cont=0.1&multiple=2',
        '/v1/api/forex/my_deal?status=1',
        '/v1/api/forex/close?id=1',
        '/v1/api/forex/cancel_trade?id=1',
        '/v1/api/forex/set_stop_price?id=1&stop_loss_price=1',
        '/v1/api/main/wallet/getBalance',
        '/v1/api/main/user/resetForexDemoAccount',
        '/v1/api/main/account/forexDetail',
        '/v1/api/main/accountLog/forexChange',
      ]) {
        for (const token of [undefined, 'made-up-token']) {
          const answer = await app.get(path, { token, lang: 'de' })
          expect(answer.status, path).toBe(200)
          expect(answer.body, path).toMatchObject({
            code: 999,
            reason: 'sign_in_again',
            msg: 'Bitte melden Sie sich erneut an',
          })
        }
      }
    })

    it('refuses a market order on a stale quote; a quote from the future never reaches it', async () => {
      await refresh()
      const { token, userId } = await demo()
      const base = { forex_id: idOf('BTCUSD'), type: 1, cont: '0.1', status: 1, multiple: 2 }
      const id = await open(token, 'BTCUSD', 1, '0.1', 2)
      app.clock.advance(10_001)
      refusedWith(await submit(token, base), 'quote_stale')
      expect((await submit(token, base, { lang: 'de' })).body.msg).toBe(
        'Der Kurs ist veraltet, bitte erneut versuchen',
      )
      refusedWith(await call('/v1/api/forex/close', token, { id }), 'quote_stale')
      // Exactly at the limit it is still fresh.
      app.clock.advance(100)
      await tick('BTCUSD', 65_000, 65_030)
      app.clock.advance(10_000)
      expect((await submit(token, base)).body.code).toBe(1)
      // Stamped more than a second ahead of the server's clock: the feed refuses it, so it neither
      // freshens the quote nor holds back the ticks after it (the engine refuses such quotes too).
      const quoted = app.desk.view.quote(idOf('BTCUSD'))
      app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030, timeMs: app.clock.now().getTime() + 5_000 })
      await app.desk.settle()
      expect(app.desk.view.quote(idOf('BTCUSD'))).toEqual(quoted)
      app.clock.advance(1)
      refusedWith(await submit(token, base), 'quote_stale')
      app.clock.advance(6_000)
      await refresh()
      expect((await call('/v1/api/forex/close', token, { id })).body.code).toBe(1)
      expect(await app.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(2)
    })
  })

  describe('my_deal', () => {
    it('lists holding, pending and history with paging that ends at total', async () => {
      await refresh()
      const { token } = await demo()
      const holdingIds: number[] = []
      for (let i = 0; i < 5; i++) holdingIds.push(await open(token, 'ETHUSD', 1, '0.1', 2))
      const pendingIds: number[] = []
      for (let i = 0; i < 3; i++) {
        const answer = await submit(token, {
          forex_id: idOf('ETHUSD'),
          type: 2,
          cont: '0.1',
          status: 0,
          target_price: String(3_400 + i),
          multiple: 2,
        })
        pendingIds.push(answer.body.data.id)
      }
      // Profit of each holding at bid 3300 after buying at 3302: 0.1 x -2.
      const pageThrough = async (status: number | undefined, limit: number) => {
        const loaded: any[] = []
        let answers = 0
        for (let page = 1; ; page++) {
          const answer = await myDeal(token, status, page, limit)
          answers++
          loaded.push(...answer.data)
          if (loaded.length >= answer.total || answer.data.length === 0)
            return { loaded, answers, last: answer }
        }
      }
      const holding = await pageThrough(1, 2)
      expect(holding.answers).toBe(3)
      expect(holding.loaded.map((o) => o.Id)).toEqual([...holdingIds].reverse())
      expect(holding.last).toMatchObject({ total: 5, all_fact_profits: '-1.000000', balance: '9995.00' })
      expect(await myDeal(token, 1, 4, 2)).toMatchObject({ data: [], total: 5 })

      const pending = await pageThrough(0, 2)
      expect(pending.answers).toBe(2)
      expect(pending.loaded.map((o) => o.Id)).toEqual([...pendingIds].reverse())
      expect(pending.last).toMatchObject({ total: 3, all_fact_profits: '0.000000' })

      for (const id of holdingIds.slice(0, 3))
        expect((await call('/v1/api/forex/close', token, { id })).body.code).toBe(1)
      app.clock.advance(100)
      await tick('ETHUSD', 3_310, 3_312)
      for (const id of holdingIds.slice(3))
        expect((await call('/v1/api/forex/close', token, { id })).body.code).toBe(1)
      expect((await call('/v1/api/forex/cancel_trade', token, { id: pendingIds[0]! })).body).toMatchObject({
        code: 1,
        msg: 'Order cancelled',
      })
      await tick('ETHUSD', 3_300, 3_302)
      // Status 3 lists the closed orders, 4 the cancelled ones (docs/wire.md: one list each).
      const history = await pageThrough(3, 4)
      expect(history.answers).toBe(2)
      expect(history.loaded).toHaveLength(5)
      // 3 closed at -0.20, 2 at +0.80; 5 fees of 1.00 each.
      expect(history.last).toMatchObject({ total: 5, all_fact_profits: '1.000000', balance: '9996.00' })
      const cancelled = await pageThrough(4, 4)
      expect(cancelled.loaded.map((o) => [o.Id, o.Status])).toEqual([[pendingIds[0], OrderStatus.Cancelled]])
      expect(cancelled.last).toMatchObject({ total: 1, all_fact_profits: '0.000000' })
      // No status: every order of the user, newest first.
      const everything = await pageThrough(undefined, 3)
      expect(everything.loaded.map((o) => o.Id)).toEqual([...holdingIds, ...pendingIds].sort((a, b) => b - a))
      expect(everything.last.total).toBe(8)
      const closed = history.loaded.filter((o) => o.Status === OrderStatus.Closed)
      expect(closed.every((o) => o.ClosedType === ClosedType.User && o.CompleteTimeHandler !== '')).toBe(true)
      expect(closed.map((o) => o.FactProfits).sort()).toEqual(
        ['-0.200000', '-0.200000', '-0.200000', '0.800000', '0.800000'].sort(),
      )
      expect((await myDeal(token, 1)).total).toBe(0)
      expect((await myDeal(token, 0)).total).toBe(2)
    })
  })

  describe('close, cancel and stops', () => {
    it('closes, cancels, and refuses each on the wrong kind of order', async () => {
      await refresh()
      const { token, userId } = await demo()
      const holding = await open(token, 'BTCUSD', 1, '0.1', 2)
      const pending = (
        await submit(token, {
          forex_id: idOf('BTCUSD'),
          type: 1,
          cont: '0.1',
          status: 0,
          target_price: '60000',
          multiple: 2,
        })
      ).body.data.id
      refusedWith(await call('/v1/api/forex/close', token, { id: pending }), 'order_not_found')
      refusedWith(await call('/v1/api/forex/cancel_trade', token, { id: holding }), 'order_not_found')
      refusedWith(
        await call('/v1/api/forex/set_stop_price', token, { id: pending, stop_loss_price: 59000 }),
        'order_not_found',
      )
      expect((await call('/v1/api/forex/close', token, { id: holding })).body).toMatchObject({
        code: 1,
        msg: 'Position closed',
      })
      refusedWith(await call('/v1/api/forex/close', token, { id: holding }), 'order_not_found')
      expect((await call('/v1/api/forex/cancel_trade', token, { id: pending })).body.code).toBe(1)
      refusedWith(await call('/v1/api/forex/cancel_trade', token, { id: pending }), 'order_not_found')
      expect(await orderRow(holding)).toMatchObject({
        status: OrderStatus.Closed,
        closedType: ClosedType.User,
      })
      expect(await orderRow(pending)).toMatchObject({ status: OrderStatus.Cancelled, closedType: 0 })
      const profitRows = (await ledgerOf(userId)).filter(
        (r) => r.ref === `order:${holding}` && r.type === LedgerType.TRADE_PROFIT,
      )
      expect(profitRows.map((r) => r.amount)).toEqual(['-3.000000'])
    })

    it('closes part of a position: the part a history record of its own, the rest kept under its id, also after a restart', async () => {
      await refresh()
      const { token, userId } = await demo()
      const holding = await open(token, 'BTCUSD', 1, '0.1', 2)
      await tick('BTCUSD', 65_100, 65_130)
      // Refused, changing nothing: off the step, more than held, leaving less than the minimum,
      // not a number (the query's own check), and another user's position.
      refusedWith(await call('/v1/api/forex/close', token, { id: holding, cont: '0.005' }), 'lots_invalid')
      refusedWith(await call('/v1/api/forex/close', token, { id: holding, cont: '0.2' }), 'lots_invalid')
      refusedWith(await call('/v1/api/forex/close', token, { id: holding, cont: '0.095' }), 'lots_invalid')
      expect((await call('/v1/api/forex/close', token, { id: holding, cont: 'half' })).body.code).toBe(0)
      const other = await demo()
      refusedWith(
        await call('/v1/api/forex/close', other.token, { id: holding, cont: '0.01' }),
        'order_not_found',
      )
      expect((await orderRow(holding))?.lots).toBe('0.1000')

      expect((await call('/v1/api/forex/close', token, { id: holding, cont: '0.04' })).body).toMatchObject({
        code: 1,
        msg: 'Part of the position closed; the rest stays open',
      })
      const [rest] = (await myDeal(token, OrderStatus.Holding)).data
      expect(rest).toMatchObject({ Id: holding, Quantity: 0.06 })
      const [part] = (await myDeal(token, OrderStatus.Closed)).data
      expect(part).toMatchObject({ Quantity: 0.04, ClosedType: ClosedType.User })
      expect(part.Id).not.toBe(holding)
      const partRow = await orderRow(part.Id)
      const restRow = await orderRow(holding)
      expect(partRow).toMatchObject({
        status: OrderStatus.Closed,
        lots: '0.0400',
        closePrice: '65100.0000000000',
      })
      expect(restRow).toMatchObject({ status: OrderStatus.Holding, lots: '0.0600' })
      // (65 100 - 65 030) x 0.04 lots of 1 BTC = 2.80 USD, booked under the part's own id.
      const profit = (await ledgerOf(userId)).filter((r) => r.type === LedgerType.TRADE_PROFIT)
      expect(profit.map((r) => [r.ref, r.amount])).toEqual([[`order:${part.Id}`, '2.800000']])
      expect(partRow?.profit).toBe('2.800000')

      // A restart rebuilds the engine from the database: the rest, as it is now.
      const rebuilt = await rebuildEngine(app.db, new Map())
      expect(rebuilt.order(holding)?.lots.toString()).toBe('0.06')
      expect(rebuilt.order(part.Id)).toBeUndefined()
      // The price the other tests start from.
      await tick('BTCUSD', 65_000, 65_030)
    })

    it('fires a stop-loss set by the API on a later tick: ClosedType 4 and FOREX_CLOSED to the owner', async () => {
      await refresh()
      const { token, userId } = await demo()
      const other = await demo()
      const mine = await loggedInSocket(token)
      const theirs = await loggedInSocket(other.token)
      const id = await open(token, 'BTCUSD', 1, '0.1', 2)
      const saved = await call('/v1/api/forex/set_stop_price', token, {
        id,
        stop_loss_price: '64500',
        target_profit_price: '66000',
      })
      expect(saved.body).toMatchObject({ code: 1, msg: 'Stop-loss and take-profit saved' })
      expect(await orderRow(id)).toMatchObject({
        stopLoss: '64500.0000000000',
        takeProfit: '66000.0000000000',
        stopsVersion: 1,
      })
      expect((await myDeal(token, 1)).data[0]).toMatchObject({
        TargetLossPrice: 64_500,
        TargetProfitPrice: 66_000,
      })
      // Removing the take-profit keeps the stop.
      expect(
        (
          await call('/v1/api/forex/set_stop_price', token, {
            id,
            stop_loss_price: '64500',
            target_profit_price: '0',
          })
        ).body.code,
      ).toBe(1)
      refusedWith(
        await call('/v1/api/forex/set_stop_price', token, { id, stop_loss_price: '65100' }),
        'stop_loss_invalid',
      )

      app.clock.advance(200)
      await tick('BTCUSD', 64_600, 64_630)
      expect((await myDeal(token, 1)).total).toBe(1)
      app.clock.advance(200)
      await tick('BTCUSD', 64_400, 64_430)
      expect((await myDeal(token, 1)).total).toBe(0)
      const history = await myDeal(token, 3)
      expect(history.data[0]).toMatchObject({
        Id: id,
        Status: 3,
        ClosedType: ClosedType.StopLoss,
        UpdatePrice: 64_400,
        FactProfits: '-63.000000',
      })
      expect(await waitForMessage(mine, (m) => m.type === 'FOREX_CLOSED')).toEqual({
        type: 'FOREX_CLOSED',
        id: [id],
      })
      await new Promise((r) => setTimeout(r, 100))
      expect(theirs.seen.filter((m) => m.type === 'FOREX_CLOSED')).toEqual([])
      expect(await balanceOf(userId)).toBe('9935.000000')
      await tick('BTCUSD', 65_000, 65_030)
    })

    it('fires a take-profit: ClosedType 3, closed at the reaching price', async () => {
      await refresh()
      const { token } = await demo()
      const socket = await loggedInSocket(token)
      const id = await open(token, 'BTCUSD', 2, '0.1', 2)
      expect(
        (await call('/v1/api/forex/set_stop_price', token, { id, target_profit_price: '64000' })).body.code,
      ).toBe(1)
      app.clock.advance(200)
      await tick('BTCUSD', 63_900, 63_930)
      const closed = (await myDeal(token, 3)).data[0]
      expect(closed).toMatchObject({
        Id: id,
        ClosedType: ClosedType.TakeProfit,
        UpdatePrice: 63_930,
        FactProfits: '107.000000',
      })
      expect(await waitForMessage(socket, (m) => m.type === 'FOREX_CLOSED')).toEqual({
        type: 'FOREX_CLOSED',
        id: [id],
      })
      expect(await orderRow(id)).toMatchObject({
        status: OrderStatus.Closed,
        closedType: ClosedType.TakeProfit,
      })
      await tick('BTCUSD', 65_000, 65_030)
    })
  })

  it('serializes concurrent calls: one close of many wins, and margin is never spent twice', async () => {
    await refresh()
    const { token, userId } = await demo()
    const id = await open(token, 'BTCUSD', 1, '0.1', 2)
    const closes = await Promise.all(
      Array.from({ length: 8 }, () => call('/v1/api/forex/close', token, { id })),
    )
    expect(closes.filter((a) => a.body.code === 1)).toHaveLength(1)
    for (const a of closes.filter((a) => a.body.code !== 1)) refusedWith(a, 'order_not_found')
    const profitRows = (await ledgerOf(userId)).filter(
      (r) => r.ref === `order:${id}` && r.type === LedgerType.TRADE_PROFIT,
    )
    expect(profitRows).toHaveLength(1)
    // Each takes 3,251.50 of margin from about 9,995 free: three fit, never more.
    const submits = await Promise.all(
      Array.from({ length: 8 }, () =>
        submit(token, { forex_id: idOf('BTCUSD'), type: 1, cont: '0.1', status: 1, multiple: 2 }),
      ),
    )
    expect(submits.filter((a) => a.body.code === 1)).toHaveLength(3)
    for (const a of submits.filter((a) => a.body.code !== 1)) refusedWith(a, 'insufficient_margin')
    const balance = (await call('/v1/api/main/wallet/getBalance', token)).body.data
    expect(Number(balance.free_margin)).toBeGreaterThanOrEqual(0)
    expect((await call('/v1/api/main/user/resetForexDemoAccount', token)).body.code).toBe(1)
  })

  it("refuses every order call on another user's order and changes nothing", async () => {
    await refresh()
    const owner = await demo()
    const thief = await demo()
    const holding = await open(owner.token, 'BTCUSD', 1, '0.1', 2, { stop_loss_price: '60000' })
    const pending = (
      await submit(owner.token, {
        forex_id: idOf('ETHUSD'),
        type: 1,
        cont: '1',
        status: 0,
        target_price: '3000',
        multiple: 2,
      })
    ).body.data.id
    const rowsBefore = await app.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [holding, pending]))
      .orderBy(orders.id)
    const balancesBefore = [await balanceOf(owner.userId), await balanceOf(thief.userId)]
    const ledgerBefore = [(await ledgerOf(owner.userId)).length, (await ledgerOf(thief.userId)).length]
    for (const id of [holding, pending, 987_654]) {
      refusedWith(await call('/v1/api/forex/close', thief.token, { id }), 'order_not_found')
      refusedWith(await call('/v1/api/forex/cancel_trade', thief.token, { id }), 'order_not_found')
      refusedWith(
        await call('/v1/api/forex/set_stop_price', thief.token, { id, stop_loss_price: '50000' }),
        'order_not_found',
      )
      refusedWith(await call('/v1/api/forex/set_stop_price', thief.token, { id }), 'order_not_found')
    }
    const jp = await call('/v1/api/forex/close', thief.token, { id: holding }, { lang: 'jp' })
    expect(jp.body.msg).toBe('注文が存在しません')
    expect((await myDeal(thief.token, 1)).total).toBe(0)
    expect((await myDeal(thief.token, 0)).total).toBe(0)
    expect((await myDeal(thief.token, 3)).total).toBe(0)
    await app.desk.settle()
    expect(
      await app.db
        .select()
        .from(orders)
        .where(inArray(orders.id, [holding, pending]))
        .orderBy(orders.id),
    ).toEqual(rowsBefore)
    expect([await balanceOf(owner.userId), await balanceOf(thief.userId)]).toEqual(balancesBefore)
    expect([(await ledgerOf(owner.userId)).length, (await ledgerOf(thief.userId)).length]).toEqual(
      ledgerBefore,
    )
    expect((await myDeal(owner.token, 1)).data[0]).toMatchObject({ Id: holding, TargetLossPrice: 60_000 })
    expect((await myDeal(owner.token, 0)).data[0]).toMatchObject({ Id: pending, Status: 0 })
  })

  it('reports balance, equity, margin, free margin and margin level after opening', async () => {
    await refresh()
    const { token } = await demo()
    const empty = (await call('/v1/api/main/wallet/getBalance', token)).body.data
    expect(empty).toEqual({
      balance: '10000.00',
      lock_balance: '0.00',
      equity: '10000.000000',
      margin: '0.000000',
      free_margin: '10000.000000',
      margin_level: null,
      profit: '0.000000',
      // A practice account withdraws nothing.
      withdrawable: '0.00',
    })
    await open(token, 'BTCUSD', 1, '0.1', 2)
    // USDJPY is quoted in yen: margin and profit are converted to USD at the USDJPY mid.
    await open(token, 'USDJPY', 2, '0.1', 30)
    const jpy = (await myDeal(token, 1)).data[0]
    // 0.1 x 100,000 x 151.5 / 30 yen at 151.506 yen a dollar.
    expect(jpy).toMatchObject({
      Price: 151.5,
      UpdatePrice: 151.512,
      CautionMoney: '333.320133',
      TradeFee: '0.700000',
    })
    const jpyProfit = (-0.012 * 10_000) / ((151.5 + 151.512) / 2)
    expect(Number(jpy.FactProfits)).toBeCloseTo(jpyProfit, 5)
    const balance = (await call('/v1/api/main/wallet/getBalance', token)).body.data
    const profit = -3 + jpyProfit
    const margin = 3251.5 + 333.320133
    const equity = 9997.3 + profit
    expect(balance.balance).toBe('9997.30')
    expect(Number(balance.profit)).toBeCloseTo(profit, 5)
    expect(Number(balance.equity)).toBeCloseTo(equity, 5)
    expect(balance.margin).toBe('3584.820133')
    expect(Number(balance.free_margin)).toBeCloseTo(equity - margin, 5)
    expect(balance.margin_level).toBeCloseTo((equity / margin) * 100, 2)
  })

  describe('pending orders: change and expiry', () => {
    /** The wire's time ("YYYY-MM-DD HH:mm:ss", UTC) of `ms`. */
    const wire = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')

    async function placePending(token: string, extra: Record<string, string | number> = {}) {
      const answer = await submit(token, {
        forex_id: idOf('BTCUSD'),
        type: 1,
        cont: '0.1',
        status: 0,
        target_price: '64000',
        multiple: 2,
        ...extra,
      })
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 })
      return answer.body.data.id as number
    }

    it("changes a pending order's price, stops and expiry; refusals change nothing", async () => {
      await refresh()
      const { token } = await demo()
      const now = app.clock.now().getTime()
      const id = await placePending(token, { expire_type: 2, expire_time: wire(now + 3_600_000) })
      const [placed] = (await myDeal(token, OrderStatus.Pending)).data
      expect(placed).toMatchObject({ Id: id, OriginPrice: 64_000, ExpireTimeHandler: wire(now + 3_600_000) })

      const modify = (params: Record<string, string | number>, who = token) =>
        call('/v1/api/forex/modify_pending', who, { id, target_price: '63500', ...params })
      const other = await demo()
      const position = await open(token, 'BTCUSD', 1, '0.1', 2)
      refusedWith(await modify({}, other.token), 'order_not_found')
      refusedWith(
        await call('/v1/api/forex/modify_pending', token, { id: position, target_price: '63500' }),
        'order_not_found',
      )
      refusedWith(await modify({ expire_type: 2, expire_time: wire(now - 60_000) }), 'expiry_invalid')
      refusedWith(await modify({ expire_type: 2, expire_time: '2026-02-30 10:00:00' }), 'expiry_invalid')
      refusedWith(await modify({ expire_type: 2 }), 'expiry_invalid')
      refusedWith(await modify({ expire_type: 2, expire_time: wire(now + 400 * DAY_MS) }), 'expiry_invalid')
      refusedWith(await modify({ stop_loss_price: '63600' }), 'stop_loss_invalid')
      refusedWith(await modify({ target_price: '63500.001' }), 'price_invalid')
      expect((await modify({ expire_type: 3 })).body.code).toBe(0)
      expect((await call('/v1/api/forex/modify_pending', token, { id })).body.code).toBe(0)
      expect(await orderRow(id)).toMatchObject({ originPrice: '64000.0000000000', stopLoss: '0.0000000000' })

      const changed = await modify({ stop_loss_price: '63000', target_profit_price: '66000', expire_type: 1 })
      expect(changed.body).toMatchObject({ code: 1, msg: 'Pending order changed' })
      const endOfDay = Date.UTC(
        new Date(now).getUTCFullYear(),
        new Date(now).getUTCMonth(),
        new Date(now).getUTCDate() + 1,
      )
      const [after] = (await myDeal(token, OrderStatus.Pending)).data
      expect(after).toMatchObject({
        Id: id,
        OriginPrice: 63_500,
        TargetLossPrice: 63_000,
        TargetProfitPrice: 66_000,
        ExpireTimeHandler: wire(endOfDay),
        // The margin it will take at its new price: 0.1 x 63 500 / 2.
        CautionMoney: '3175.000000',
      })
      expect((await orderRow(id))?.expiresAt?.getTime()).toBe(endOfDay)
      // Good till cancelled when no expiry is named; a restart keeps what was stored.
      expect((await modify({ target_price: '63400' })).body.code).toBe(1)
      expect((await orderRow(id))?.expiresAt).toBeNull()
      const rebuilt = await rebuildEngine(app.db, new Map())
      expect(rebuilt.order(id)).toMatchObject({ originPrice: 63_400, expiresAtMs: 0 })
      expect((await call('/v1/api/forex/cancel_trade', token, { id })).body.code).toBe(1)
      expect((await call('/v1/api/forex/close', token, { id: position })).body.code).toBe(1)
    })

    it('expires a pending order at its time: status 5, FOREX_EXPIRED to the owner, kept after a restart', async () => {
      await refresh()
      const { token } = await demo()
      const socket = await loggedInSocket(token)
      const now = app.clock.now().getTime()
      const expiresAt = Math.floor(now / 1000) * 1000 + 60_000
      const id = await placePending(token, { expire_type: 2, expire_time: wire(expiresAt) })
      const keeps = await placePending(token)
      // Refused before anything: a time in the past, or not a time.
      for (const time of [wire(now - 1000), 'tomorrow']) {
        const pending = { forex_id: idOf('BTCUSD'), type: 1, cont: '0.1', status: 0, target_price: '64000' }
        const answer = await submit(token, { ...pending, multiple: 2, expire_type: 2, expire_time: time })
        refusedWith(answer, 'expiry_invalid')
      }
      // A market order ignores an expiry.
      const market = await open(token, 'BTCUSD', 1, '0.1', 2, { expire_type: 2, expire_time: 'tomorrow' })
      expect((await orderRow(market))?.expiresAt).toBeNull()

      app.clock.set(expiresAt - 1)
      app.desk.onClock()
      await app.desk.settle()
      expect((await orderRow(id))?.status).toBe(OrderStatus.Pending)
      app.clock.set(expiresAt)
      const heard = waitForMessage(socket, (m) => m.type === 'FOREX_EXPIRED')
      app.desk.onClock()
      await app.desk.settle()
      expect(await heard).toEqual({ type: 'FOREX_EXPIRED', id: [id] })
      expect(await orderRow(id)).toMatchObject({ status: OrderStatus.Expired })
      expect((await orderRow(id))?.closedAt?.getTime()).toBe(expiresAt)
      const [listed] = (await myDeal(token, OrderStatus.Expired)).data
      expect(listed).toMatchObject({
        Id: id,
        Status: OrderStatus.Expired,
        ExpireTimeHandler: wire(expiresAt),
      })
      expect((await myDeal(token, OrderStatus.Pending)).data.map((o: { Id: number }) => o.Id)).toEqual([
        keeps,
      ])
      refusedWith(await call('/v1/api/forex/cancel_trade', token, { id }), 'order_not_found')
      const rebuilt = await rebuildEngine(app.db, new Map())
      expect(rebuilt.order(id)).toBeUndefined()
      expect(rebuilt.order(keeps)?.status).toBe(OrderStatus.Pending)
      expect((await call('/v1/api/forex/cancel_trade', token, { id: keeps })).body.code).toBe(1)
      await refresh()
      expect((await call('/v1/api/forex/close', token, { id: market })).body.code).toBe(1)
    })
  })

  describe('pending expiry and ticks', () => {
    it('a quote that reaches an order after its expiry never fills it, even before the timer runs', async () => {
      await refresh()
      const { token } = await demo()
      const now = app.clock.now().getTime()
      const expiresAt = Math.floor(now / 1000) * 1000 + 2000
      const wire = new Date(expiresAt).toISOString().slice(0, 19).replace('T', ' ')
      const placed = await submit(token, {
        forex_id: idOf('BTCUSD'),
        type: 1,
        cont: '0.1',
        status: 0,
        target_price: '64900',
        multiple: 2,
        expire_type: 2,
        expire_time: wire,
      })
      const id = placed.body.data.id as number
      app.clock.set(expiresAt + 10)
      // The ask falls to the order's price: the desk ends it by the clock first.
      await tick('BTCUSD', 64_870, 64_900)
      expect(await orderRow(id)).toMatchObject({ status: OrderStatus.Expired, price: '0.0000000000' })
      await tick('BTCUSD', 65_000, 65_030)
    })
  })

  describe('trailing stop', () => {
    it("sets, follows the price in the position's favour, survives a restart, and is removed", async () => {
      await refresh()
      const { token } = await demo()
      const id = await open(token, 'BTCUSD', 1, '0.1', 2)
      const trail = (points: string | number, who = token, order = id) =>
        call('/v1/api/forex/set_trailing_stop', who, { id: order, points })
      const other = await demo()
      refusedWith(await trail(5000, other.token), 'order_not_found')
      for (const bad of ['-1', '1.5', 'x', '10000001']) expect((await trail(bad)).body.code).toBe(0)
      refusedWith(await trail(10_000_000), 'trailing_invalid')
      expect(await orderRow(id)).toMatchObject({ trailingPoints: 0, stopLoss: '0.0000000000' })

      // BTC has 2 decimals: 5 000 points are 50.00 below the bid of 65 000.
      expect((await trail(5000)).body).toMatchObject({ code: 1, msg: 'Trailing stop set' })
      expect(await orderRow(id)).toMatchObject({ trailingPoints: 5000, stopLoss: '64950.0000000000' })
      // The engine trails on every quote; the clock's next call stores and shows the moved stop.
      const clock = async (ms: number) => {
        app.clock.advance(ms)
        app.desk.onClock()
        await app.desk.settle()
      }
      await tick('BTCUSD', 65_120, 65_150)
      expect(app.desk.view.order(id)?.stopLoss).toBe(65_070)
      expect((await orderRow(id))?.stopLoss).toBe('64950.0000000000')
      await clock(0)
      expect((await orderRow(id))?.stopLoss).toBe('65070.0000000000')
      await tick('BTCUSD', 65_100, 65_130)
      await clock(100)
      expect((await orderRow(id))?.stopLoss).toBe('65070.0000000000')
      // Within the same second the engine trails on (and would close at the exact level), but the
      // stored stop waits: at most one write a second a position; the clock after it stores the latest.
      await tick('BTCUSD', 65_140, 65_170)
      await clock(100)
      expect(app.desk.view.order(id)?.stopLoss).toBe(65_090)
      expect((await orderRow(id))?.stopLoss).toBe('65070.0000000000')
      await clock(1000)
      expect((await orderRow(id))?.stopLoss).toBe('65090.0000000000')
      const [shown] = (await myDeal(token, OrderStatus.Holding)).data
      expect(shown).toMatchObject({ Id: id, TrailingStop: 5000, TargetLossPrice: 65_090 })

      const rebuilt = await rebuildEngine(app.db, new Map())
      expect(rebuilt.order(id)).toMatchObject({ trailingPoints: 5000, stopLoss: 65_090 })

      expect((await trail(0)).body).toMatchObject({ code: 1, msg: 'Trailing stop removed' })
      await tick('BTCUSD', 65_300, 65_330)
      expect(await orderRow(id)).toMatchObject({ trailingPoints: 0, stopLoss: '65090.0000000000' })
      expect((await call('/v1/api/forex/close', token, { id })).body.code).toBe(1)
      await tick('BTCUSD', 65_000, 65_030)
    })
  })

  describe('the account', () => {
    it('resets a demo account: positions closed, pending cancelled, a type 2 row to the starting balance', async () => {
      await refresh()
      const { token, userId } = await demo()
      const holding = await open(token, 'BTCUSD', 1, '0.1', 2)
      const pending = (
        await submit(token, {
          forex_id: idOf('ETHUSD'),
          type: 1,
          cont: '1',
          status: 0,
          target_price: '3000',
          multiple: 2,
        })
      ).body.data.id
      app.clock.advance(100)
      await tick('BTCUSD', 64_000, 64_030)
      const reset = await call('/v1/api/main/user/resetForexDemoAccount', token)
      expect(reset.body).toMatchObject({ code: 1, msg: 'The demo account has been reset' })
      expect(await balanceOf(userId)).toBe('10000.000000')
      expect(await orderRow(holding)).toMatchObject({
        status: OrderStatus.Closed,
        closedType: ClosedType.User,
        closePrice: '64000.0000000000',
      })
      expect(await orderRow(pending)).toMatchObject({ status: OrderStatus.Cancelled })
      expect((await myDeal(token, 1)).total).toBe(0)
      expect((await myDeal(token, 0)).total).toBe(0)
      expect((await myDeal(token, 3)).total).toBe(1)
      expect((await myDeal(token, 4)).total).toBe(1)
      const rows = await ledgerOf(userId)
      // 10,000 - 2 fee - 103 loss, made up by the reset.
      expect(rows.map((r) => [r.type, r.amount, r.balanceAfter])).toEqual([
        [LedgerType.DEMO_CREDIT, '10000.000000', '10000.000000'],
        [LedgerType.TRADE_FEE, '-2.000000', '9998.000000'],
        [LedgerType.TRADE_PROFIT, '-103.000000', '9895.000000'],
        [LedgerType.DEMO_RESET, '105.000000', '10000.000000'],
      ])
      expect((await call('/v1/api/main/wallet/getBalance', token)).body.data).toMatchObject({
        balance: '10000.00',
        margin_level: null,
      })
      // A reset of an untouched account books nothing.
      expect((await call('/v1/api/main/user/resetForexDemoAccount', token)).body.code).toBe(1)
      expect(await ledgerOf(userId)).toHaveLength(4)
      await tick('BTCUSD', 65_000, 65_030)
    })

    it('refuses to reset a real account', async () => {
      const real = await registerAndLogin(app)
      involved.add(real.user.id)
      const answer = await call('/v1/api/main/user/resetForexDemoAccount', real.token, {}, { lang: 'de' })
      refusedWith(answer, 'demo_only')
      expect(answer.body.msg).toBe('Nur ein Demokonto kann zurückgesetzt werden')
      expect(await ledgerOf(real.user.id)).toHaveLength(0)
      expect(await balanceOf(real.user.id)).toBe('0.000000')
      // A real account with nothing in it cannot trade either.
      refusedWith(
        await submit(real.token, { forex_id: idOf('BTCUSD'), type: 1, cont: '0.01', status: 1, multiple: 2 }),
        'insufficient_margin',
      )
    })

    it('pages forexDetail with translated names, and forexChange lists only fees, profits and write-offs', async () => {
      await refresh()
      const { token } = await demo()
      for (let i = 0; i < 3; i++) {
        const id = await open(token, 'BTCUSD', 1, '0.01', 2)
        expect((await call('/v1/api/forex/close', token, { id })).body.code).toBe(1)
      }
      expect((await call('/v1/api/main/user/resetForexDemoAccount', token)).body.code).toBe(1)
      // Credit, 3 x (fee, loss), reset: 8 rows.
      const loaded: any[] = []
      let answers = 0
      for (let page = 1; ; page++) {
        const answer = (await call('/v1/api/main/account/forexDetail', token, { page, limit: 3 })).body.data
        answers++
        loaded.push(...answer.list)
        expect(answer.total).toBe(8)
        if (loaded.length >= answer.total) break
      }
      expect(answers).toBe(3)
      expect(loaded.map((r) => r.Type)).toEqual([2, 4, 3, 4, 3, 4, 3, 1])
      expect(new Set(loaded.map((r) => r.Id)).size).toBe(8)
      expect(loaded[0]).toMatchObject({
        Value: '1.500000',
        BalanceAfter: '10000.000000',
        MemoTran: 'Demo reset',
      })
      expect(loaded[1]).toMatchObject({ Value: '-0.300000', MemoTran: 'Trading profit/loss' })
      expect(loaded[2]).toMatchObject({ Value: '-0.200000', MemoTran: 'Trading fee' })
      expect(loaded[7]).toMatchObject({ Value: '10000.000000', MemoTran: 'Demo credit' })
      expect(loaded[0].CreatedAtTran).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
      const jp = (
        await call('/v1/api/main/account/forexDetail', token, { page: 1, limit: 100 }, { lang: 'jp' })
      ).body.data
      expect(jp.list.map((r: any) => r.MemoTran)).toEqual([
        'デモ口座のリセット',
        '取引損益',
        '取引手数料',
        '取引損益',
        '取引手数料',
        '取引損益',
        '取引手数料',
        'デモ資金の入金',
      ])
      const beyond = (await call('/v1/api/main/account/forexDetail', token, { page: 4, limit: 3 })).body.data
      expect(beyond).toEqual({ list: [], total: 8 })

      const change = (await call('/v1/api/main/accountLog/forexChange', token, { page: 1, limit: 4 })).body
        .data
      expect(change.total).toBe(6)
      expect(change.list.map((r: any) => r.Type)).toEqual([4, 3, 4, 3])
      const rest = (await call('/v1/api/main/accountLog/forexChange', token, { page: 2, limit: 4 })).body.data
      expect(rest.list.map((r: any) => r.Type)).toEqual([4, 3])
    })
  })

  it("sends FOREX_TRADE to the owner's socket at once after a submit, then about once a second, and to no one else", async () => {
    await refresh()
    const owner = await demo()
    const other = await demo()
    const mine = await loggedInSocket(owner.token)
    const theirs = await loggedInSocket(other.token)
    // A socket that is not signed in hears nothing private either.
    const anonymous = await connect(app)
    sockets.push(anonymous)
    const id = await open(owner.token, 'BTCUSD', 1, '0.1', 2)
    const first = await waitForMessage(mine, (m) => m.type === 'FOREX_TRADE', 2000)
    expect(first).toMatchObject({
      type: 'FOREX_TRADE',
      CautionMoneyAll: '3251.500000',
      ProfitsTotal: '-3.000000',
      Balance: '9998.000000',
      Equity: '9995.000000',
      TransOrder: [{ Id: id, UpdatePrice: 65_000, FactProfits: '-3.000000' }],
    })
    expect(first.HazardRate).toBeCloseTo((9995 / 3251.5) * 100, 2)
    // At once, not at the next beat of the 1 s timer: three submits a third of a second apart are
    // each heard within 250 ms (one timer beat could explain one of them at most).
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 333))
      const next = await open(owner.token, 'BTCUSD', 1, '0.01', 2)
      const answered = Date.now()
      await waitForMessage(
        mine,
        (m) => m.type === 'FOREX_TRADE' && m.TransOrder.some((o: any) => o.Id === next),
        2000,
      )
      expect(Date.now() - answered).toBeLessThan(250)
      expect((await call('/v1/api/forex/close', owner.token, { id: next })).body.code).toBe(1)
    }
    // The last close is heard at once too; let it arrive before counting the timer's beats.
    await new Promise((r) => setTimeout(r, 300))
    const before = mine.seen.filter((m) => m.type === 'FOREX_TRADE').length
    await new Promise((r) => setTimeout(r, 3_200))
    const during = mine.seen.filter((m) => m.type === 'FOREX_TRADE').length - before
    expect(during).toBeGreaterThanOrEqual(2)
    expect(during).toBeLessThanOrEqual(4)
    const leaked = [...theirs.seen, ...anonymous.seen].filter(
      (m) => m.type === 'FOREX_TRADE' || m.type === 'FOREX_CLOSED',
    )
    expect(leaked).toEqual([])
    // After logout the owner's socket hears no more.
    mine.send({ type: 'logout' })
    await new Promise((r) => setTimeout(r, 100))
    const atLogout = mine.seen.length
    await new Promise((r) => setTimeout(r, 1_300))
    expect(mine.seen.slice(atLogout).filter((m) => m.type === 'FOREX_TRADE')).toEqual([])
    expect((await call('/v1/api/forex/close', owner.token, { id })).body.code).toBe(1)
  })

  describe('stop-out', () => {
    it('closes the most losing position at the stop-out level (ClosedType 2) and keeps the rest', async () => {
      await refresh()
      const { token, userId } = await demo()
      const socket = await loggedInSocket(token)
      const btc = await open(token, 'BTCUSD', 1, '0.2', 2)
      const eth = await open(token, 'ETHUSD', 1, '1', 2)
      app.clock.advance(100)
      // Margin follows the price. At 45,000: equity 9,986 - 6,006 - 2 = 3,978 on 4,503 + 1,651:
      // about 97 %, a margin call; nothing closes.
      await tick('BTCUSD', 45_000, 45_030)
      expect((await myDeal(token, 1)).total).toBe(2)
      const called = (await call('/v1/api/main/wallet/getBalance', token)).body.data
      expect(called.margin_level).toBeGreaterThan(50)
      expect(called.margin_level).toBeLessThan(100)
      app.clock.advance(100)
      // At 25,000: 1,978 on 2,503 + 1,651, about 48 %: the BTC position (the most losing) closes,
      // which brings the level back up (1,978 on 1,651).
      await tick('BTCUSD', 25_000, 25_030)
      const holding = await myDeal(token, 1)
      expect(holding.data.map((o: any) => o.Id)).toEqual([eth])
      const history = await myDeal(token, 3)
      expect(history.data[0]).toMatchObject({
        Id: btc,
        ClosedType: ClosedType.StopOut,
        UpdatePrice: 25_000,
        FactProfits: '-8006.000000',
      })
      expect(await waitForMessage(socket, (m) => m.type === 'FOREX_CLOSED')).toEqual({
        type: 'FOREX_CLOSED',
        id: [btc],
      })
      expect(await balanceOf(userId)).toBe('1980.000000')
      const rows = await ledgerOf(userId)
      expect(rows.every((r) => Number(r.balanceAfter) >= 0)).toBe(true)
      expect(rows.filter((r) => r.type === LedgerType.WRITE_OFF)).toEqual([])
      expect(await ledgerMatchesBalance(app.db, userId)).toBe(true)
      app.clock.advance(100)
      await tick('BTCUSD', 65_000, 65_030)
      expect((await call('/v1/api/forex/close', token, { id: eth })).body.code).toBe(1)
    })

    it('books a gap loss in full, then writes off what the flat account is short (a type 5 row)', async () => {
      await refresh()
      const { token, userId } = await demo()
      const socket = await loggedInSocket(token)
      const id = await open(token, 'BTCUSD', 1, '0.3', 2)
      expect(await balanceOf(userId)).toBe('9994.000000')
      app.clock.advance(100)
      // From 65,000 straight to 20,000: the position loses 13,509 against a balance of 9,994.
      await tick('BTCUSD', 20_000, 20_030)
      expect(await orderRow(id)).toMatchObject({
        status: OrderStatus.Closed,
        closedType: ClosedType.StopOut,
        profit: '-13509.000000',
      })
      const rows = await ledgerOf(userId)
      expect(rows.map((r) => [r.type, r.amount, r.balanceAfter, r.ref])).toEqual([
        [LedgerType.DEMO_CREDIT, '10000.000000', '10000.000000', expect.any(String)],
        [LedgerType.TRADE_FEE, '-6.000000', '9994.000000', `order:${id}`],
        [LedgerType.TRADE_PROFIT, '-13509.000000', '-3515.000000', `order:${id}`],
        [LedgerType.WRITE_OFF, '3515.000000', '0.000000', `order:${id}`],
      ])
      expect(await balanceOf(userId)).toBe('0.000000')
      expect(await ledgerMatchesBalance(app.db, userId)).toBe(true)
      expect(await waitForMessage(socket, (m) => m.type === 'FOREX_CLOSED')).toEqual({
        type: 'FOREX_CLOSED',
        id: [id],
      })
      expect((await call('/v1/api/main/wallet/getBalance', token)).body.data).toMatchObject({
        balance: '0.00',
        equity: '0.000000',
      })
      const change = (await call('/v1/api/main/accountLog/forexChange', token, { limit: 10 })).body.data
      expect(change.list.map((r: any) => r.Type)).toEqual([5, 4, 3])
      expect(change.list[0].MemoTran).toBe('Negative balance protection')
      // The empty account cannot trade, and a reset refills it.
      app.clock.advance(100)
      await tick('BTCUSD', 65_000, 65_030)
      refusedWith(
        await submit(token, { forex_id: idOf('BTCUSD'), type: 1, cont: '0.01', status: 1, multiple: 2 }),
        'insufficient_margin',
      )
      expect((await call('/v1/api/main/user/resetForexDemoAccount', token)).body.code).toBe(1)
      expect(await balanceOf(userId)).toBe('10000.000000')
    })
  })

  // Last: the clock moves to the weekend and stays there.
  it('refuses forex at the weekend (market_closed) while crypto still trades', async () => {
    await refresh()
    const { token, userId } = await demo()
    const eur = await open(token, 'EURUSD', 1, '0.1', 30)
    expect((await myDeal(token, 1)).data[0]).toMatchObject({
      Price: 1.0851,
      CautionMoney: '361.700000',
      TradeFee: '0.700000',
    })
    app.clock.set(nextWeekday(app.clock.now().getTime() - DAY_MS, 6, 12))
    expect(app.clock.now().getUTCDay()).toBe(6)
    await refresh()
    const submitEur = { forex_id: idOf('EURUSD'), type: 1, cont: '0.1', status: 1, multiple: 30 }
    refusedWith(await submit(token, submitEur), 'market_closed')
    expect((await submit(token, submitEur, { lang: 'de' })).body.msg).toBe('Der Markt ist geschlossen')
    refusedWith(await submit(token, { ...submitEur, status: 0, target_price: '1.07' }), 'market_closed')
    refusedWith(await call('/v1/api/forex/close', token, { id: eur }), 'market_closed')
    const btc = await open(token, 'BTCUSD', 1, '0.01', 2)
    expect((await call('/v1/api/forex/close', token, { id: btc })).body.code).toBe(1)
    expect(await orderRow(eur)).toMatchObject({ status: OrderStatus.Holding })
    expect(
      await app.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, OrderStatus.Holding))),
    ).toHaveLength(1)
  })
})
