import { asc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ClosedType, LedgerType, OrderStatus } from '@tp/contracts'
import { ledger, orders } from '../src/db/schema.ts'
import { ledgerMatchesBalance } from '../src/trading/ledger.ts'
import { DRIVERS, startTestApp, type Answer, type TestApp } from './harness.ts'

/*
 * Issue 25, close by (MT5; docs/decisions/037-close-by.md): GET /v1/api/forex/close_by closes a
 * position against an opposite one of the same instrument, the smaller lots on both, the first at the
 * second's open price and the second at its own; refusals change nothing; of two close-bys of one
 * position sent at once, exactly one goes through.
 */

const DAY_MS = 24 * 60 * 60 * 1000

/** The next Wednesday noon UTC at least a day after `fromMs`: forex is open. */
function wednesdayNoon(fromMs: number): number {
  const day = new Date(fromMs + DAY_MS)
  day.setUTCHours(12, 0, 0, 0)
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1)
  return day.getTime()
}

describe.each(DRIVERS)('close by on %s', (driver) => {
  let app: TestApp
  const involved = new Set<number>()
  const prices: Record<string, { bid: number; ask: number }> = {
    EURUSD: { bid: 1.085, ask: 1.0851 },
    USDJPY: { bid: 151.5, ask: 151.512 },
    BTCUSD: { bid: 65_000, ask: 65_030 },
  }
  let demos = 0

  const idOf = (code: string) => app.market.instruments().find((d) => d.code === code)!.id

  async function tick(code: string, bid: number, ask: number) {
    prices[code] = { bid, ask }
    app.tick({ code, bid, ask })
    await app.desk.settle()
  }

  /** Moves the clock on a little and ticks every instrument at its last price: quotes are live. */
  async function refresh() {
    app.clock.advance(100)
    for (const [code, p] of Object.entries(prices)) app.tick({ code, ...p })
    await app.desk.settle()
  }

  async function demo() {
    const answer = await app.get(
      `/api/user/createAccountDemoForU?demo_id=close-by-${driver}-${demos++}-abcdef`,
    )
    expect(answer.body.code).toBe(1)
    const userId = answer.body.data.user.id as number
    involved.add(userId)
    return { token: answer.body.data.token as string, userId }
  }

  const get = (path: string, token: string, params: Record<string, string | number>, lang?: string) =>
    app.get(`${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`, {
      token,
      ...(lang ? { lang } : {}),
    })

  async function open(token: string, code: string, side: 1 | 2, cont: string) {
    const answer = await get('/v1/api/forex/submit', token, {
      forex_id: idOf(code),
      type: side,
      cont,
      status: 1,
      multiple: 30,
    })
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 })
    return answer.body.data.id as number
  }

  const closeBy = (token: string, id: number | string, byId: number | string, lang?: string) =>
    get('/v1/api/forex/close_by', token, { id, by_id: byId }, lang)

  const orderRow = async (id: number) => (await app.db.select().from(orders).where(eq(orders.id, id)))[0]
  const rowsOf = (userId: number) =>
    app.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id))
  const ledgerOf = (userId: number) =>
    app.db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(asc(ledger.id))
  const refusedWith = (answer: Answer, reason: string) =>
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 0, reason, data: null })

  /** A user with a buy of 1 lot at 1.0851 and a sell of 0.4 lots at 1.0860 (EURUSD). */
  async function hedged() {
    await refresh()
    const user = await demo()
    const buy = await open(user.token, 'EURUSD', 1, '1')
    await tick('EURUSD', 1.086, 1.0861)
    const sell = await open(user.token, 'EURUSD', 2, '0.4')
    await tick('EURUSD', 1.0855, 1.0856)
    return { ...user, buy, sell }
  }

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 20 })
    app.clock.set(wednesdayNoon(app.clock.now().getTime()))
    await refresh()
  })
  afterEach(async () => {
    await app.desk.settle()
    for (const userId of involved)
      expect(await ledgerMatchesBalance(app.db, userId), `user ${userId}`).toBe(true)
  })
  afterAll(async () => {
    await app.close()
  })

  it('closes the smaller lots on both at the open prices; the rest keeps its id; history names the other', async () => {
    const { token, userId, buy, sell } = await hedged()
    const before = await ledgerOf(userId)
    const answer = await closeBy(token, buy, sell, 'hk')
    // (1.0860 - 1.0851) x 0.4 lots x 100 000 = 36 USD, no spread paid.
    expect(answer.body).toMatchObject({
      code: 1,
      msg: '已將兩筆倉位互相對沖平倉 0.4 手',
      data: { lots: '0.4', profit: '36.000000' },
    })
    const rows = await rowsOf(userId)
    const part = rows.find((r) => r.id !== buy && r.id !== sell)!
    expect(part).toMatchObject({
      status: OrderStatus.Closed,
      closedType: ClosedType.CloseBy,
      closedById: sell,
      lots: '0.4000',
    })
    expect(Number(part.closePrice)).toBe(1.086)
    expect(Number(part.profit)).toBe(36)
    const sold = (await orderRow(sell))!
    expect(sold).toMatchObject({
      status: OrderStatus.Closed,
      closedType: ClosedType.CloseBy,
      closedById: buy,
    })
    expect([Number(sold.closePrice), Number(sold.profit)]).toEqual([1.086, 0])
    expect(await orderRow(buy)).toMatchObject({ status: OrderStatus.Holding, lots: '0.6000', closedById: 0 })
    // One profit row, for the buy's closed part; nothing for the sell's (it earned 0).
    const added = (await ledgerOf(userId)).slice(before.length)
    expect(added.map((r) => [r.type, Number(r.amount), r.ref])).toEqual([
      [LedgerType.TRADE_PROFIT, 36, `order:${part.id}`],
    ])
    const history = await get('/v1/api/forex/my_deal', token, { finished: 1, page: 1, limit: 10 })
    const listed = history.body.data.data as { Id: number; ClosedType: number; CloseById: number }[]
    expect(listed.filter((o) => o.ClosedType === ClosedType.CloseBy).map((o) => [o.Id, o.CloseById])).toEqual(
      expect.arrayContaining([
        [part.id, sell],
        [sell, buy],
      ]),
    )
    // The rest is an ordinary position: it closes at the market.
    await refresh()
    expect((await get('/v1/api/forex/close', token, { id: buy })).body.code).toBe(1)
  })

  it('refuses another user, a pending or unknown order, the same side, another instrument, a closed or stale market, bad input: nothing changes', async () => {
    const { token, userId, buy, sell } = await hedged()
    const other = await demo()
    const theirs = await open(other.token, 'EURUSD', 2, '0.1')
    const secondBuy = await open(token, 'EURUSD', 1, '0.1')
    const yen = await open(token, 'USDJPY', 2, '0.1')
    const waiting = await get('/v1/api/forex/submit', token, {
      forex_id: idOf('EURUSD'),
      type: 2,
      cont: '0.1',
      status: 0,
      target_price: 1.2,
      multiple: 30,
    })
    expect(waiting.body.code).toBe(1)
    const rowsBefore = JSON.stringify(await rowsOf(userId))
    const ledgerBefore = (await ledgerOf(userId)).length

    refusedWith(await closeBy(token, buy, theirs), 'order_not_found')
    refusedWith(await closeBy(other.token, theirs, buy), 'order_not_found')
    refusedWith(await closeBy(token, buy, waiting.body.data.id), 'order_not_found')
    refusedWith(await closeBy(token, buy, 9_000_000_000), 'order_not_found')
    refusedWith(await closeBy(token, buy, secondBuy), 'close_by_side')
    refusedWith(await closeBy(token, buy, buy), 'close_by_side')
    const wrong = await closeBy(token, buy, yen, 'en')
    refusedWith(wrong, 'close_by_instrument')
    expect(wrong.body.msg).toBe('A position can only be closed by a position of the same instrument')
    expect((await closeBy(token, buy, 'abc')).body).toMatchObject({ code: 0, reason: 'invalid_input' })
    expect((await closeBy(token, buy, '')).body).toMatchObject({ code: 0, reason: 'invalid_input' })
    // No live quote: 11 seconds without a tick.
    app.clock.advance(11_000)
    refusedWith(await closeBy(token, buy, sell), 'quote_stale')
    // The market closed: Saturday.
    const saved = app.clock.now().getTime()
    app.clock.set(saved + 3 * DAY_MS)
    refusedWith(await closeBy(token, buy, sell), 'market_closed')
    app.clock.set(saved + 100)

    expect(JSON.stringify(await rowsOf(userId))).toBe(rowsBefore)
    expect((await ledgerOf(userId)).length).toBe(ledgerBefore)
  })

  it('of two close-bys of one position sent at once, exactly one goes through', async () => {
    await refresh()
    const { token, userId } = await demo()
    const buy = await open(token, 'EURUSD', 1, '0.5')
    const sellA = await open(token, 'EURUSD', 2, '0.5')
    const sellB = await open(token, 'EURUSD', 2, '0.5')
    const answers = await Promise.all([closeBy(token, buy, sellA), closeBy(token, buy, sellB)])
    const codes = answers.map((a) => a.body.code).sort()
    expect(codes).toEqual([0, 1])
    refusedWith(
      answers.find((a) => a.body.code === 0)!,
      'order_not_found',
    )
    const rows = await rowsOf(userId)
    expect(rows.filter((r) => r.status === OrderStatus.Holding)).toHaveLength(1)
    expect(rows.filter((r) => r.closedType === ClosedType.CloseBy)).toHaveLength(2)
  })

  it('a close and a close-by of one position sent at once: one of them takes it', async () => {
    await refresh()
    const { token, userId } = await demo()
    const buy = await open(token, 'EURUSD', 1, '0.3')
    const sell = await open(token, 'EURUSD', 2, '0.3')
    const [closed, closedBy] = await Promise.all([
      get('/v1/api/forex/close', token, { id: buy }),
      closeBy(token, buy, sell),
    ])
    expect([closed.body.code, closedBy.body.code].sort()).toEqual([0, 1])
    const rows = await rowsOf(userId)
    const buyRow = rows.find((r) => r.id === buy)!
    expect(buyRow.status).toBe(OrderStatus.Closed)
    // Whichever came first: a plain close leaves the sell open, a close by closes it too.
    const sellRow = rows.find((r) => r.id === sell)!
    if (closed.body.code === 1) expect(sellRow.status).toBe(OrderStatus.Holding)
    else expect(sellRow).toMatchObject({ status: OrderStatus.Closed, closedById: buy })
  })
})
