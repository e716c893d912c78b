import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TradingEngine } from '@tp/engine'
import { storedReads } from '../src/trading/trading-reads.ts'
import { fundedUser } from './funded.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

/*
 * Decision 049: a gateway reads trading state from the database (as committed) marked at the quotes
 * it holds; the process with the desk reads its engine. Both must tell a client the same: the same
 * live orders, marks, margin, equity, what can be withdrawn and margin-call state, for accounts in
 * profit, in loss, in margin call, quoted in another currency, with pending orders and alerts. And
 * an app that reads as a gateway answers the calls the phone makes with the same figures.
 */

describe.each(DRIVERS)('reads of trading state on %s', (driver) => {
  let app: TestApp
  let stored: TestApp
  const prices: Record<string, { bid: number; ask: number }> = {
    BTCUSD: { bid: 65_000, ask: 65_030 },
    EURUSD: { bid: 1.085, ask: 1.0851 },
    USDJPY: { bid: 151.5, ask: 151.512 },
  }
  let demoCount = 0

  const idOf = (target: TestApp, code: string) => target.market.instrumentByCode(code)!.id
  async function tick(target: TestApp, code: string, bid: number, ask: number) {
    prices[code] = { bid, ask }
    target.tick({ code, bid, ask })
    await target.desk.settle()
  }
  async function refresh(target: TestApp) {
    target.clock.advance(100)
    for (const [code, p] of Object.entries(prices)) target.tick({ code, ...p })
    await target.desk.settle()
  }
  async function demo(target: TestApp) {
    const answer = await target.get(
      `/api/user/createAccountDemoForU?demo_id=reads-${driver}-${demoCount++}-abcdef`,
    )
    return { token: answer.body.data.token as string, userId: answer.body.data.user.id as number }
  }
  async function submit(target: TestApp, token: string, params: Record<string, string | number>) {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()
    const answer = await target.get(`/v1/api/forex/submit?${query}`, { token })
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 })
  }
  const open = (target: TestApp, token: string, code: string, side: 1 | 2, cont: string, multiple: number) =>
    submit(target, token, { forex_id: idOf(target, code), type: side, cont, status: 1, multiple })

  /**
   * What a client is told of an account, as read from `engine`: decimals as numbers (the engine
   * writes "1.0000" where the database gives "1"), and sums of floats to 6 decimals (a rebuilt
   * engine adds the positions in another order).
   */
  const figures = (engine: TradingEngine, userId: number) => {
    const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 1e6) / 1e6 : n)
    const view = engine.accountView(userId)
    return {
      orders: engine.ordersOf(userId).map((o) => {
        const { mark, profit, margin } = engine.markOf(o)
        return {
          id: o.id,
          status: o.status,
          side: o.side,
          instrumentId: o.instrumentId,
          lots: Number(o.lots),
          leverage: o.leverage,
          contractSize: Number(o.contractSize),
          price: o.price,
          originPrice: o.originPrice,
          stopLoss: o.stopLoss,
          takeProfit: o.takeProfit,
          margin: Number(o.margin),
          fee: Number(o.fee),
          swap: Number(o.swap),
          expiresAtMs: o.expiresAtMs,
          marks: { mark, profit: round(profit), margin: round(margin) },
        }
      }),
      view: view && {
        balance: view.balance,
        equity: round(view.equity),
        usedMargin: round(view.usedMargin),
        freeMargin: round(view.freeMargin),
        marginLevel: round(view.marginLevel),
        profit: round(view.profit),
      },
      withdrawable: engine.withdrawable(userId),
      marginCalled: engine.isMarginCalled(userId),
    }
  }

  /** A few accounts in different states, opened through the phone's calls on `target`. */
  async function accounts(target: TestApp) {
    await refresh(target)
    const winner = await demo(target)
    await open(target, winner.token, 'BTCUSD', 1, '0.1', 2)
    await open(target, winner.token, 'USDJPY', 2, '1', 30)
    await submit(target, winner.token, {
      forex_id: idOf(target, 'EURUSD'),
      type: 1,
      cont: '0.5',
      status: 0,
      multiple: 20,
      target_price: 1.05,
    })
    await target.get(`/v1/api/alert/add?forex_id=${idOf(target, 'BTCUSD')}&direction=1&price=70000`, {
      token: winner.token,
    })
    const loser = await demo(target)
    await open(target, loser.token, 'EURUSD', 1, '2.5', 30)
    const idle = await demo(target)
    // Real money: what it can withdraw is its free margin.
    const real = await fundedUser(target, '5000')
    await open(target, real.token, 'BTCUSD', 2, '0.05', 2)
    await tick(target, 'USDJPY', 151.2, 151.212)
    await tick(target, 'BTCUSD', 63_450, 63_480)
    // 10,000 of balance and 250,000 EUR at 30x bought at 1.0851: at 1.07 the margin level is about
    // 70%, between the stop-out (50%) and the margin call (100%).
    await tick(target, 'EURUSD', 1.07, 1.0701)
    return { winner, loser, idle, real }
  }

  beforeAll(async () => {
    const settings = { max_quote_age_ms: '3600000' }
    app = await startTestApp(driver, { historyCandles: 5, settings })
    stored = await startTestApp(driver, { historyCandles: 5, settings, storedReads: true })
  })
  afterAll(async () => {
    await app?.close()
    await stored?.close()
  })

  it('tells each account the same from the database as from the engine', async () => {
    const { winner, loser, idle, real } = await accounts(app)
    const reads = storedReads(app.db, () => app.market.lastQuotes())
    for (const { userId } of [winner, loser, idle, real])
      expect(figures(await reads.ofUser(userId), userId)).toEqual(figures(app.desk.view, userId))
    expect(figures(app.desk.view, loser.userId).marginCalled).toBe(true)
    expect(figures(app.desk.view, winner.userId).orders).toHaveLength(3)
    // A user who never traded has no live orders and no engine account either way.
    expect(figures(await reads.ofUser(999_999), 999_999)).toEqual(figures(app.desk.view, 999_999))
    // Every account at once (staff's risk view).
    const everyone = await reads.ofEveryone()
    const byUser = (a: { userId: number }, b: { userId: number }) => a.userId - b.userId
    const withLiveOrders = [...app.desk.view.accountTotals()].filter(
      (a) => app.desk.view.ordersOf(a.userId).length > 0,
    )
    const totals = (list: { userId: number; balance: unknown; usedMargin: number; positions: number }[]) =>
      list
        .sort(byUser)
        .map((a) => ({ ...a, balance: Number(a.balance), usedMargin: Math.round(a.usedMargin * 1e6) }))
    expect(totals([...everyone.accountTotals()])).toEqual(totals(withLiveOrders))
    expect(figures(app.desk.view, real.userId).withdrawable).not.toBe('0.00')
    expect(await reads.riskSettings()).toEqual(app.desk.view.riskSettings())
  })

  it('answers the phone the same when it reads as a gateway', async () => {
    const { winner, loser, real } = await accounts(stored)
    for (const { token, userId } of [winner, loser, real]) {
      const engine = stored.desk.view
      const view = engine.accountView(userId)!
      const balance = (await stored.get('/v1/api/main/wallet/getBalance', { token })).body.data
      expect(Number(balance.profit)).toBeCloseTo(view.profit, 4)
      expect(Number(balance.margin)).toBeCloseTo(view.usedMargin, 4)
      expect(Number(balance.equity)).toBeCloseTo(view.equity, 4)
      expect(balance.withdrawable).toBe(engine.withdrawable(userId))
      const holding = (await stored.get('/v1/api/forex/my_deal?status=1&page=1&limit=50', { token })).body
        .data
      expect(holding.data.map((o: { Id: number }) => o.Id)).toEqual(
        engine
          .ordersOf(userId)
          .filter((o) => o.status === 1)
          .map((o) => o.id)
          .reverse(),
      )
      expect(Number(holding.all_fact_profits)).toBeCloseTo(view.profit, 4)
    }
  })
})
