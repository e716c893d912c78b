import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LedgerType, OrderStatus } from '@tp/contracts'
import { zoneOffsetMs } from '@tp/engine'
import { ledger, orders } from '../src/db/schema.ts'
import { ledgerMatchesBalance } from '../src/trading/ledger.ts'
import { rebuildEngine } from '../src/trading/desk-state.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { connect } from './socket-client.ts'
import { waitForMessage } from './socket-wait.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The first Tuesday at least a day after `fromMs` whose rollover at 17:00 New York (forex, seeded) is
 * 22:00 UTC, the rollover of crypto: New York in standard time, so both roll over at one instant.
 */
function winterTuesdayRollover(fromMs: number): number {
  for (let day = Math.floor(fromMs / DAY_MS) + 1; ; day++) {
    const at = day * DAY_MS + 22 * 60 * 60 * 1000
    if (new Date(at).getUTCDay() === 2 && zoneOffsetMs('America/New_York', at) === -5 * 60 * 60 * 1000)
      return at
  }
}

/*
 * Issue 13, swaps through the real app: the desk's clock books each open position's swap at the
 * rollover (17:00 New York for forex, 22:00 UTC for crypto) with the seeded rates, through the
 * ledger, once, also across a rebuild from the database; my_deal and FOREX_TRADE show it. EURUSD
 * buy: -7.1 points a lot a night (seed).
 */
describe.each(DRIVERS)('swaps on %s', (driver) => {
  let app: TestApp
  let tuesdayRollover = 0
  const prices = {
    EURUSD: { bid: 1.085, ask: 1.0851 },
    USDJPY: { bid: 151.5, ask: 151.512 },
    BTCUSD: { bid: 65_000, ask: 65_030 },
  }

  const idOf = (code: string) => app.market.instruments().find((d) => d.code === code)!.id
  const get = (path: string, token: string, params: Record<string, string | number> = {}) =>
    app.get(`${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`, {
      token,
      lang: 'en',
    })

  /** Every instrument ticked at the clock's time, committed. */
  async function refresh() {
    for (const [code, p] of Object.entries(prices)) app.tick({ code, ...p })
    await app.desk.settle()
  }

  async function open(token: string, code: string, side: 1 | 2, cont: string, multiple: number) {
    const answer = await get('/v1/api/forex/submit', token, {
      forex_id: idOf(code),
      type: side,
      cont,
      status: 1,
      multiple,
    })
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 })
    return answer.body.data.id as number
  }

  async function rollover(atMs: number) {
    app.clock.set(atMs)
    app.desk.onClock()
    await app.desk.settle()
  }

  const swapRows = (userId: number) =>
    app.db
      .select({ amount: ledger.amount, ref: ledger.ref })
      .from(ledger)
      .where(and(eq(ledger.userId, userId), eq(ledger.type, LedgerType.SWAP)))
      .orderBy(asc(ledger.id))

  let demoCount = 0
  async function demo() {
    const answer = await app.get(
      `/api/user/createAccountDemoForU?demo_id=swaps-${driver}-${demoCount++}-abcdef`,
    )
    return { token: answer.body.data.token as string, userId: answer.body.data.user.id as number }
  }

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 20 })
    // Tuesday 21:00 UTC: forex is open, an hour before a normal night's rollover.
    tuesdayRollover = winterTuesdayRollover(app.clock.now().getTime())
    app.clock.set(tuesdayRollover - 60 * 60 * 1000)
    await refresh()
  })
  afterAll(async () => {
    await app.close()
  })

  it('books each position a night at the rollover, once, and shows it on the order', async () => {
    const { token, userId } = await demo()
    const long = await open(token, 'EURUSD', 1, '1', 30)
    const short = await open(token, 'USDJPY', 2, '0.5', 30)
    const crypto = await open(token, 'BTCUSD', 1, '0.1', 2)
    // A restart before the rollover's commit would rebuild from this: it must book the same, once.
    const restartedBefore = await rebuildEngine(
      app.db,
      new Map(Object.entries(prices).map(([c, p]) => [idOf(c), { ...p, timeMs: tuesdayRollover - 1000 }])),
    )

    await rollover(tuesdayRollover - 1)
    expect(await swapRows(userId)).toEqual([])
    const socket = await connect(app)
    socket.send({ type: 'login', params: token })
    await waitForMessage(socket, (m) => m.type === 'login_result' && m.code === 1)
    await rollover(tuesdayRollover)

    const rows = await swapRows(userId)
    expect(rows.map((r) => r.ref)).toEqual([`order:${long}`, `order:${short}`, `order:${crypto}`])
    // -7.1 points x 0.00001 x 100,000: -7.10. USDJPY sell: -28.9 points x 0.001 x 50,000 JPY, in USD.
    expect(rows[0]?.amount).toBe('-7.100000')
    expect(Number(rows[1]?.amount)).toBeCloseTo(-1445 / 151.506, 2)
    // BTCUSD, -18 % a year over 360 days of 0.1 x 65,000 (the bid): -3.25.
    expect(rows[2]?.amount).toBe('-3.250000')
    expect(await ledgerMatchesBalance(app.db, userId)).toBe(true)
    const [stored] = await app.db.select().from(orders).where(eq(orders.id, long))
    expect(stored).toMatchObject({ swap: '-7.100000' })
    // Paid through the end of Tuesday in New York (05:00 UTC on Wednesday), and 12 hours at least.
    expect(stored?.swapThrough?.getTime()).toBe(tuesdayRollover + 12 * 60 * 60 * 1000)

    // The order shows what it paid; the trading ledger lists the rows by their name.
    const holding = (
      await get('/v1/api/forex/my_deal', token, { status: OrderStatus.Holding, page: 1, limit: 10 })
    ).body.data.data
    expect(holding.find((o: { Id: number }) => o.Id === long)).toMatchObject({ Swap: '-7.100000' })
    // The account it heard as it signed in may predate the rollover: the push after it carries the swap.
    const swapOf = (m: { TransOrder: { Id: number; Swap: string }[] }) =>
      m.TransOrder.find((o) => o.Id === long)?.Swap
    await waitForMessage(socket, (m) => m.type === 'FOREX_TRADE' && swapOf(m) === '-7.100000')
    socket.socket.close()
    const log = (await get('/v1/api/main/accountLog/forexChange', token, { page: 1, limit: 10 })).body.data
      .list
    expect(log[0]).toMatchObject({ Type: LedgerType.SWAP, MemoTran: 'Swap (overnight financing)' })

    // Again at the same rollover, and after a rebuild from the database (a restart after the commit): nothing.
    await rollover(tuesdayRollover + 1000)
    const restartedAfter = await rebuildEngine(app.db, new Map())
    expect(restartedAfter.rolloverDue(tuesdayRollover + 2000).filter((e) => e.type === 'booked')).toEqual([])
    expect(await swapRows(userId)).toHaveLength(3)
    // A restart before the commit books the very same rows, once.
    const before = restartedBefore
      .rolloverDue(tuesdayRollover + 2000)
      .flatMap((e) =>
        e.type === 'booked' && e.booking.userId === userId ? [e.booking.amount.toFixed(6)] : [],
      )
    expect(before).toEqual(rows.map((r) => r.amount))
  })

  it('charges three nights on Wednesday, and the closed order keeps its swap', async () => {
    const wednesday = tuesdayRollover + DAY_MS
    app.clock.set(wednesday - 60_000)
    await refresh()
    const { token, userId } = await demo()
    const long = await open(token, 'EURUSD', 1, '0.1', 30)
    await rollover(wednesday)
    expect((await swapRows(userId)).map((r) => r.amount)).toEqual(['-2.130000'])
    app.clock.advance(1000)
    await refresh()
    expect((await get('/v1/api/forex/close', token, { id: long })).body.code).toBe(1)
    const closed = (
      await get('/v1/api/forex/my_deal', token, { status: OrderStatus.Closed, page: 1, limit: 10 })
    ).body.data.data
    expect(closed[0]).toMatchObject({ Id: long, Swap: '-2.130000' })
    expect(await ledgerMatchesBalance(app.db, userId)).toBe(true)
  })
})
