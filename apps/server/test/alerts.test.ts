import { fundedUser } from './funded.ts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { priceAlerts } from '../src/db/schema.ts'
import { rebuildEngine } from '../src/trading/desk-state.ts'
import { DRIVERS, startTestApp, type Answer, type TestApp } from './harness.ts'
import { connect } from './socket-client.ts'
import { waitForMessage, type Client } from './socket-wait.ts'

/** Issue 13, price alerts: added and removed by their owner, fired once by a tick, told over the socket. */
describe.each(DRIVERS)('price alerts on %s', (driver) => {
  let app: TestApp
  let demoCount = 0
  const sockets: Client[] = []
  const idOf = (code: string) => app.market.instruments().find((d) => d.code === code)!.id

  async function tick(bid: number, ask: number) {
    app.tick({ code: 'BTCUSD', bid, ask })
    await app.desk.settle()
  }

  async function demo() {
    const answer = await app.get(
      `/api/user/createAccountDemoForU?demo_id=alerts-${driver}-${demoCount++}-abcdef`,
    )
    expect(answer.body.code).toBe(1)
    return { token: answer.body.data.token as string, userId: answer.body.data.user.id as number }
  }

  const call = (path: string, token: string, params: Record<string, string | number>) =>
    app.get(`${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`, {
      token,
    })
  const add = (token: string, direction: number | string, price: number | string, forexId = idOf('BTCUSD')) =>
    call('/v1/api/alert/add', token, { forex_id: forexId, direction, price })
  const refusedWith = (answer: Answer, reason: string) =>
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 0, reason, data: null })

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 20 })
    // A Wednesday noon, so that quotes fire whatever day the tests run on.
    const day = new Date(app.clock.now().getTime() + 86_400_000)
    day.setUTCHours(12, 0, 0, 0)
    while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1)
    app.clock.set(day.getTime())
    await tick(65_000, 65_030)
  })
  afterAll(async () => {
    for (const s of sockets) s.socket.close()
    await app.close()
  })

  it('adds, lists, fires once over the socket, and keeps the fired one in the list', async () => {
    const { token } = await demo()
    const client = await connect(app)
    sockets.push(client)
    client.send({ type: 'login', params: token })
    await waitForMessage(client, (m) => m.type === 'login_result' && m.code === 1)

    const up = await add(token, 1, '65100')
    expect(up.body).toMatchObject({ code: 1, msg: 'Alert added' })
    const upId = up.body.data.id as number
    const downId = (await add(token, 2, '64000')).body.data.id as number
    const list = (await call('/v1/api/alert/list', token, { status: 0 })).body.data
    expect(list.total).toBe(2)
    expect(list.data.map((a: { Id: number }) => a.Id)).toEqual([downId, upId])
    expect(list.data[1]).toMatchObject({ Direction: 1, Price: 65_100, Status: 0, FireTimeHandler: '' })
    expect(list.data[1].ForexTradeLists.Code).toBe('BTCUSD')

    const heard = waitForMessage(client, (m) => m.type === 'PRICE_ALERT')
    app.clock.advance(100)
    await tick(65_100, 65_130)
    expect(await heard).toMatchObject({
      type: 'PRICE_ALERT',
      id: upId,
      code: 'BTCUSD',
      direction: 1,
      price: 65_100,
      bid: 65_100,
      ask: 65_130,
    })
    const [row] = await app.db.select().from(priceAlerts).where(eq(priceAlerts.id, upId))
    expect(row?.firedBid).toBe('65100.0000000000')
    // Once: the next quote above it fires nothing more.
    app.clock.advance(100)
    await tick(65_200, 65_230)
    const fired = (await call('/v1/api/alert/list', token, { status: 1 })).body.data
    expect(fired.data).toMatchObject([{ Id: upId, Status: 1, FiredPrice: 65_100 }])
    expect(fired.data[0].FireTimeHandler).not.toBe('')
    // A restart brings back the waiting alert only.
    const rebuilt = await rebuildEngine(app.db, new Map())
    expect(rebuilt.alertCount()).toBe(app.desk.view.alertCount())
    expect(await call('/v1/api/alert/delete', token, { id: downId })).toMatchObject({
      body: { code: 1, msg: 'Alert removed' },
    })
    expect((await call('/v1/api/alert/list', token, {})).body.data.total).toBe(1)
    await tick(65_000, 65_030)
  })

  it("refuses bad input, prices already reached, other users' alerts and the 101st alert", async () => {
    const { token } = await demo()
    const other = await demo()
    refusedWith(await add(token, 1, '64000'), 'alert_reached')
    refusedWith(await add(token, 2, '66000'), 'alert_reached')
    refusedWith(await add(token, 1, '65100.001'), 'price_invalid')
    refusedWith(await add(token, 1, '66000', 999_999), 'instrument_not_found')
    for (const [direction, price] of [
      [3, '66000'],
      [1, '-5'],
      [1, 'abc'],
      [1, '1e9'],
    ] as const)
      expect((await add(token, direction, price)).body.code).toBe(0)
    const mine = (await add(token, 1, '70000')).body.data.id as number
    refusedWith(await call('/v1/api/alert/delete', other.token, { id: mine }), 'alert_not_found')
    expect((await call('/v1/api/alert/list', other.token, {})).body.data.total).toBe(0)
    // A practice account keeps at most 10 (issue 22: demo load must not reach the single writer).
    for (let i = 1; i < 10; i++) expect((await add(token, 1, String(70_000 + i))).body.code).toBe(1)
    expect((await add(token, 1, '80000')).body).toMatchObject({
      code: 0,
      reason: 'demo_alert_limit',
      data: { max: 10 },
    })
    const refused = await app.get(`/v1/api/alert/add?forex_id=${idOf('BTCUSD')}&direction=1&price=80000`, {
      token,
      lang: 'en',
    })
    expect(refused.body.msg).toBe('Practice accounts can keep at most 10 active alerts')
    // A real account keeps 100.
    const real = await fundedUser(app, '1000')
    for (let i = 0; i < 100; i++) expect((await add(real.token, 1, String(70_000 + i))).body.code).toBe(1)
    refusedWith(await add(real.token, 1, '80000'), 'too_many_alerts')
    expect((await call('/v1/api/alert/list', real.token, { status: 0, limit: 100 })).body.data.total).toBe(
      100,
    )
    expect((await app.get('/v1/api/alert/list')).body).toMatchObject({ code: 999, reason: 'sign_in_again' })
  })
})
