import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notices } from '../src/db/schema.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

/*
 * Issue 26 (decision 043): the trading engine's events write their owner's notice in the statement
 * that writes them, once each, and a restart writes none again. BTCUSD trades around the clock (2
 * decimals, spread 30 points here).
 */

interface Notice {
  id: number
  kind: string
  title: string
  body: string
  link: string
  read: boolean
}

describe.each(DRIVERS)('trading notices on %s', (driver) => {
  let app: TestApp
  let btc: number
  let demos = 0

  const tick = async (bid: number) => {
    app.clock.advance(1_000)
    app.tick({ code: 'BTCUSD', bid, ask: bid + 30 })
    await app.desk.settle()
  }
  async function demo() {
    const answer = await app.get(
      `/api/user/createAccountDemoForU?demo_id=notices-${driver}-${demos++}-abcdef`,
    )
    return { token: answer.body.data.token as string, userId: answer.body.data.user.id as number }
  }
  const call = async (token: string, path: string, query: Record<string, string | number>) => {
    const answer = await app.get(`${path}?${new URLSearchParams(query as Record<string, string>)}`, { token })
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 })
    return answer.body.data
  }
  const leverage = () =>
    Math.max(
      ...app.market
        .view(app.market.instrument(btc)!, app.clock.now().getTime())
        .HasForexMultiple.map((option: { Value: number }) => option.Value),
    )
  const submit = (token: string, query: Record<string, string | number>) =>
    call(token, '/v1/api/forex/submit', {
      forex_id: btc,
      type: 1,
      cont: '0.01',
      multiple: leverage(),
      ...query,
    })
  const inbox = async (token: string): Promise<Notice[]> =>
    (await call(token, '/api/notice/list', { limit: 50 })).list

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    btc = app.market.instrumentByCode('BTCUSD')!.id
  })
  afterAll(() => app.close())

  it('tells the owner of a stop-loss, a take-profit, a trailing stop, a filled pending order and a price alert, once each', async () => {
    await tick(65_000)
    const { token, userId } = await demo()
    const other = await demo()
    const stopped = (await submit(token, { status: 1, stop_loss_price: '64000' })).id as number
    const taken = (await submit(token, { status: 1, target_profit_price: '66000' })).id as number
    const trailed = (await submit(token, { status: 1 })).id as number
    await call(token, '/v1/api/forex/set_trailing_stop', { id: trailed, points: 50_000 })
    const pending = (await submit(token, { status: 0, target_price: '64500' })).id as number
    await call(token, '/v1/api/alert/add', { forex_id: btc, direction: 2, price: 64_800 })
    await submit(other.token, { status: 1 })
    expect(await inbox(token)).toEqual([])

    // Down through the alert, the pending order's price, the trailing stop (500.00 behind 65,000)
    // and the stop-loss; then up through the take-profit.
    for (const bid of [64_700, 64_400, 63_900, 66_100]) await tick(bid)
    const kinds = (await inbox(token)).map((notice) => notice.kind)
    expect(kinds.sort()).toEqual([
      'pending_filled',
      'price_alert',
      'stop_loss',
      'take_profit',
      'trailing_stop',
    ])
    const byKind = async (kind: string) => (await inbox(token)).find((notice) => notice.kind === kind)!
    expect(await byKind('stop_loss')).toMatchObject({
      title: 'Stop-loss hit',
      link: '/order?type=3',
      read: false,
    })
    expect((await byKind('stop_loss')).body).toMatch(
      new RegExp(
        `^Your position #${stopped} \\(0\\.01 lots BTC.?USD\\) was closed by its stop-loss at 63900\\. Profit: -11\\.\\d\\d USD\\.$`,
      ),
    )
    expect((await byKind('take_profit')).body).toContain(`#${taken}`)
    expect((await byKind('take_profit')).body).toMatch(/Profit: \+\d+\.\d\d USD/)
    expect((await byKind('trailing_stop')).body).toContain(`#${trailed}`)
    expect(await byKind('pending_filled')).toMatchObject({ link: '/order' })
    expect((await byKind('pending_filled')).body).toContain(`#${pending}`)
    expect((await byKind('price_alert')).body).toMatch(/^BTC.?USD reached 64800 \(bid 64700\)\.$/)
    expect(await inbox(other.token)).toEqual([])

    // A restart rebuilds the engine from the database: nothing is told twice.
    await app.restart()
    await tick(66_200)
    const rows = await app.db.select().from(notices).where(eq(notices.userId, userId))
    expect(rows).toHaveLength(5)
  })

  it('tells the owner of a margin call, then of the stop-out that closes the position', async () => {
    await tick(65_000)
    const { token } = await demo()
    const lots = (Math.floor((9_500 * leverage()) / 65_030 / 0.01) * 0.01).toFixed(2)
    const id = (await submit(token, { status: 1, cont: lots })).id as number
    const [order] = (await call(token, '/v1/api/forex/my_deal', { status: 1 })).data
    const margin = Number(order.CautionMoney)
    const balance = 10_000 - Number(order.TradeFee)
    // Equity near 80 % of the margin: below the margin-call level (100), above the stop-out (50).
    const bid = (level: number) =>
      Math.round((65_030 + (level * margin - balance) / Number(lots)) * 100) / 100
    await tick(bid(0.8))
    expect((await inbox(token)).map((notice) => notice.kind)).toEqual(['margin_call'])
    // The level as the MARGIN_CALL message gives it (the margin follows the price, so not exactly 80).
    const level = Number(/^Your margin level is (\d+\.\d\d)%\./.exec((await inbox(token))[0]!.body)?.[1])
    expect(level).toBeGreaterThanOrEqual(50)
    expect(level).toBeLessThan(100)
    await tick(bid(0.3))
    const told = await inbox(token)
    expect(told.map((notice) => notice.kind)).toEqual(['stop_out', 'margin_call'])
    expect(told[0]!.body).toContain(`#${id}`)
  })
})
