import { asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, hedgeFills, hedgeOrders, hedgeRules } from '../src/db/schema.ts'
import type { TestProvider } from '../src/fix/test-provider.ts'
import { fundedUser } from './funded.ts'
import { hedgingTo, startHedgingProvider } from './hedging-provider.ts'
import { signedInStaff } from './staff.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { sleep } from './socket-wait.ts'

/*
 * Issue 28, decision 051: hedging through the real app to a test provider's order session (FIX 4.4
 * on this machine's loopback). Client trades go through the HTTP calls; the rules are the back
 * office's table; the provider fills, half fills, rejects, and loses reports on demand.
 */

/** Waits for a condition that the hedger reaches on its own, in its own time. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > until) throw new Error(`not reached in ${ms} ms: ${JSON.stringify(value)}`)
    await sleep(50)
  }
}

describe.each(DRIVERS)('hedging to a liquidity provider on %s', (driver) => {
  let app: TestApp
  let lp: TestProvider
  let dealer: Awaited<ReturnType<typeof signedInStaff>>
  const btc = () => app.market.instrumentByCode('BTCUSD')!.id
  const eth = () => app.market.instrumentByCode('ETHUSD')!.id

  beforeAll(async () => {
    lp = await startHedgingProvider()
    app = await startTestApp(driver, {
      historyCandles: 10,
      hedging: hedgingTo(lp, { retryMs: 300 }),
    })
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    app.tick({ code: 'ETHUSD', bid: 3300, ask: 3302 })
    await app.desk.settle()
    dealer = await signedInStaff(app, 'dealer')
  })
  afterAll(async () => {
    await app?.close()
    await lp?.stop()
  })
  beforeEach(async () => {
    lp.fillMode('fill')
    // The rules of the test before go: the hedges they made are unwound (B-book keeps no hedge).
    await app.db.delete(hedgeRules)
    await app.hedger!.rulesChanged()
    await eventually(
      () => app.db.select().from(hedgeOrders),
      (rows) => rows.every((r) => !['new', 'working'].includes(r.status)),
    )
  })

  const order = (token: string, instrumentId: number, type: 1 | 2, lots: string) =>
    app.get(`/v1/api/forex/submit?forex_id=${instrumentId}&type=${type}&cont=${lots}&status=1&multiple=2`, {
      token,
      lang: 'en',
    })
  const close = (token: string, id: number) => app.get(`/v1/api/forex/close?id=${id}`, { token, lang: 'en' })
  const ordersOf = (instrumentId: number) =>
    app.db
      .select()
      .from(hedgeOrders)
      .where(eq(hedgeOrders.instrumentId, instrumentId))
      .orderBy(asc(hedgeOrders.id))
  /** A rule saved by the dealing desk in the back office. */
  const rule = async (values: {
    instrument?: string
    clientGroup?: string
    mode: string
    thresholdLots?: string
  }) => {
    const saved = await app.post(
      '/admin/api/hedging/rules',
      {
        instrument: values.instrument ?? null,
        client_group: values.clientGroup ?? null,
        mode: values.mode,
        threshold_lots: values.thresholdLots ?? '0',
      },
      { token: dealer.token, json: true },
    )
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 1 })
  }
  /** A client moved to a group in the back office. */
  const moveTo = async (userId: number, group: string) => {
    const moved = await app.post(
      `/admin/api/users/${userId}/group`,
      { client_group: group },
      { token: dealer.token, json: true },
    )
    expect(moved.body, JSON.stringify(moved.body)).toMatchObject({ code: 1, data: { client_group: group } })
  }
  const hedgeOf = (instrumentId: number, mode: string) =>
    app.hedger!.nets().find((p) => p.instrumentId === instrumentId && p.mode === mode) ?? {
      clientLots: 0,
      hedgeLots: 0,
    }
  /** Every stored order is over, and the hedge is where the rules want it. */
  const settled = (instrumentId: number, count: number) =>
    eventually(
      () => ordersOf(instrumentId),
      (rows) => rows.length >= count && rows.every((r) => !['new', 'working'].includes(r.status)),
    )

  it('passes every trade of an A-book group on, filled at the provider, and closes it the same way', async () => {
    const client = await fundedUser(app, '200000')
    await moveTo(client.userId, 'pro')
    await rule({ clientGroup: 'pro', mode: 'a_book' })
    const before = lp.filled().length

    const opened = await order(client.token, btc(), 1, '0.5')
    expect(opened.body).toMatchObject({ code: 1 })
    const [buy] = await settled(btc(), 1)
    expect(buy).toMatchObject({
      provider: 'lp1',
      mode: 'a_book',
      lots: '0.5000',
      filledLots: '0.5000',
      status: 'filled',
    })
    // The provider was asked for 0.5 lots × the contract size (1), and filled it at its own ask.
    const fill = lp.filled()[before]!
    expect(fill).toMatchObject({ clOrdId: buy!.clOrdId, symbol: 'BTC/USD', side: 'buy', quantity: 0.5 })
    expect(Number(buy!.avgPrice)).toBe(fill.price)
    expect(Number(buy!.refPrice)).toBe(65_030)
    const fills = await app.db.select().from(hedgeFills).where(eq(hedgeFills.orderId, buy!.id))
    expect(fills.map((f) => [f.lots, Number(f.price)])).toEqual([['0.5000', fill.price]])

    // A partial close passes the closed part on; the full close the rest.
    const id = opened.body.data.id as number
    expect(
      (await app.get(`/v1/api/forex/close?id=${id}&cont=0.2`, { token: client.token })).body,
    ).toMatchObject({ code: 1 })
    await eventually(
      () => ordersOf(btc()),
      (rows) => rows.length === 2 && rows[1]!.status === 'filled',
    )
    // What is left keeps the position's id.
    expect((await close(client.token, id)).body).toMatchObject({ code: 1 })
    const rows = await eventually(
      () => ordersOf(btc()),
      (r) => r.length === 3 && r[2]!.status === 'filled',
    )
    expect(rows.map((r) => r.lots)).toEqual(['0.5000', '-0.2000', '-0.3000'])
    expect(hedgeOf(btc(), 'a_book')).toMatchObject({ clientLots: 0, hedgeLots: 0 })
  })

  it('passes on only the house net beyond a hybrid threshold, and nothing of demo accounts or B-book clients', async () => {
    await rule({ instrument: 'ETHUSD', mode: 'hybrid', thresholdLots: '1' })
    const [a, b] = await Promise.all([fundedUser(app, '200000'), fundedUser(app, '200000')])
    const demo = await app.get('/api/user/createAccountDemoForU?demo_id=device-hedge-0001')
    expect((await order(demo.body.data.token, eth(), 1, '5')).body).toMatchObject({ code: 1 })
    expect((await order(a.token, eth(), 1, '0.8')).body).toMatchObject({ code: 1 })
    await app.hedger!.settle()
    // 0.8 long by clients: within the 1 lot the house keeps.
    expect(await ordersOf(eth())).toEqual([])
    expect((await order(b.token, eth(), 1, '1.5')).body).toMatchObject({ code: 1 })
    // 2.3 long: the house is short 2.3, keeps 1 and buys 1.3.
    const [buy] = await settled(eth(), 1)
    expect(buy).toMatchObject({ mode: 'hybrid', lots: '1.3000', status: 'filled' })
    expect((await order(a.token, eth(), 2, '2')).body).toMatchObject({ code: 1 })
    // 0.3 long by clients, 1.3 long hedge: the house is long 1, within the threshold again.
    await app.hedger!.settle()
    expect(await ordersOf(eth())).toHaveLength(1)
    expect((await order(a.token, eth(), 2, '1')).body).toMatchObject({ code: 1 })
    // 0.7 short by clients: the house is long 2, sells 1.
    const rows = await eventually(
      () => ordersOf(eth()),
      (r) => r.length === 2 && r[1]!.status === 'filled',
    )
    expect(rows[1]).toMatchObject({ lots: '-1.0000' })
    expect(hedgeOf(eth(), 'hybrid')).toMatchObject({ clientLots: -0.7, hedgeLots: 0.3 })
  })

  it('follows the rules over open positions: a client moved, a rule changed, a rule deleted', async () => {
    const client = await fundedUser(app, '200000')
    const known = (await ordersOf(eth())).length
    const newOrders = async (count: number) =>
      (
        await eventually(
          () => settled(eth(), known + count),
          (r) => r.length === known + count,
        )
      ).slice(known)
    // Its position is the house's (no rule for its group) until it moves into an A-book group.
    expect((await order(client.token, eth(), 1, '0.5')).body).toMatchObject({ code: 1 })
    await app.hedger!.settle()
    expect(await ordersOf(eth())).toHaveLength(known)
    await rule({ clientGroup: 'movers', mode: 'a_book' })
    expect(await ordersOf(eth())).toHaveLength(known)
    await moveTo(client.userId, 'movers')
    expect((await newOrders(1)).map((o) => [o.mode, o.lots])).toEqual([['a_book', '0.5000']])
    // The group's rule becomes hybrid keeping 0.2: the A-book hedge is sold, the hybrid one bought.
    await rule({ clientGroup: 'movers', mode: 'hybrid', thresholdLots: '0.2' })
    const changed = await newOrders(3)
    expect(
      changed
        .slice(1)
        .map((o) => [o.mode, o.lots])
        .sort(),
    ).toEqual([
      ['a_book', '-0.5000'],
      ['hybrid', '0.3000'],
    ])
    // No rule: the house keeps the risk, and the hedge no rule wants is sold.
    const [deleted] = await app.db.select().from(hedgeRules)
    const answer = await app.post(
      `/admin/api/hedging/rules/${deleted!.id}/delete`,
      {},
      { token: dealer.token, json: true },
    )
    expect(answer.body).toMatchObject({ code: 1 })
    expect((await newOrders(4)).slice(3).map((o) => [o.mode, o.lots])).toEqual([['hybrid', '-0.3000']])
    expect(hedgeOf(eth(), 'a_book').hedgeLots).toBeCloseTo(0, 8)
    expect(hedgeOf(eth(), 'hybrid').hedgeLots).toBeCloseTo(0, 8)
  })

  it('records partial fills and rejects, and orders the rest again after a wait', async () => {
    const client = await fundedUser(app, '200000')
    await moveTo(client.userId, 'vip')
    await rule({ instrument: 'BTCUSD', clientGroup: 'vip', mode: 'a_book' })
    const known = (await ordersOf(btc())).length
    lp.fillMode('partial')
    expect((await order(client.token, btc(), 2, '0.4')).body).toMatchObject({ code: 1 })
    const partial = await eventually(
      () => ordersOf(btc()),
      (r) => r.length > known && r[known]!.status !== 'new' && r[known]!.status !== 'working',
    )
    expect(partial[known]).toMatchObject({ lots: '-0.4000', filledLots: '0.2000', status: 'partial' })
    lp.fillMode('reject')
    // The rest (0.2) is ordered again after the wait, and rejected: recorded with the provider's reason.
    const rejected = await eventually(
      () => ordersOf(btc()),
      (r) => r.length > known + 1 && r[known + 1]!.status === 'rejected',
    )
    expect(rejected[known + 1]).toMatchObject({
      lots: '-0.2000',
      filledLots: '0.0000',
      reason: 'no liquidity',
    })
    lp.fillMode('fill')
    const done = await eventually(
      () => ordersOf(btc()),
      (r) => r.some((o, i) => i > known + 1 && o.status === 'filled'),
    )
    const last = done[done.length - 1]!
    expect(last).toMatchObject({ lots: '-0.2000', filledLots: '0.2000' })
    expect(hedgeOf(btc(), 'a_book')).toMatchObject({ clientLots: -0.4, hedgeLots: -0.4 })
  })

  it('neither loses nor doubles an order whose reports were lost with the connection', async () => {
    const client = await fundedUser(app, '200000')
    await moveTo(client.userId, 'lost')
    await rule({ instrument: 'ETHUSD', clientGroup: 'lost', mode: 'a_book' })
    const known = (await ordersOf(eth())).length
    const filledBefore = lp.filled().length
    // The provider fills the order, but its report never arrives; then the connection drops.
    lp.loseReports(1)
    const started = Date.now()
    expect((await order(client.token, eth(), 1, '0.3')).body).toMatchObject({ code: 1 })
    expect(Date.now() - started).toBeLessThan(5_000)
    await eventually(
      async () => lp.filled().length,
      (n) => n === filledBefore + 1,
    )
    expect((await ordersOf(eth()))[known]).toMatchObject({ status: 'new' })
    lp.disconnect()
    // On the next logon the hedger asks what became of it: filled, booked once, not sent again.
    const rows = await eventually(
      () => ordersOf(eth()),
      (r) => r[known]?.status === 'filled',
    )
    expect(rows[known]).toMatchObject({ lots: '0.3000', filledLots: '0.3000' })
    await sleep(300)
    expect(lp.filled().length).toBe(filledBefore + 1)
    const fills = await app.db.select().from(hedgeFills).where(eq(hedgeFills.orderId, rows[known]!.id))
    expect(fills).toHaveLength(1)
    expect(fills[0]!.execId).toMatch(/^status:/)
  })

  it('books a fill whose report fell into a sequence gap, asking its status, and sends nothing twice', async () => {
    const client = await fundedUser(app, '200000')
    await moveTo(client.userId, 'gap')
    await rule({ instrument: 'BTCUSD', clientGroup: 'gap', mode: 'a_book' })
    const known = (await ordersOf(btc())).length
    const filledBefore = lp.filled().length
    // The report is lost and the provider's numbers jump: its next heartbeat shows the gap.
    lp.loseReports(1)
    lp.gap(1)
    expect((await order(client.token, btc(), 2, '0.3')).body).toMatchObject({ code: 1 })
    const rows = await eventually(
      () => ordersOf(btc()),
      (r) => r[known]?.status === 'filled',
    )
    expect(rows[known]).toMatchObject({ lots: '-0.3000', filledLots: '0.3000' })
    expect(lp.filled().length).toBe(filledBefore + 1)
    const fills = await app.db.select().from(hedgeFills).where(eq(hedgeFills.orderId, rows[known]!.id))
    expect(fills.map((f) => f.lots)).toEqual(['-0.3000'])
  })

  it('asks after an order no report answered, with no gap and no reconnect to tell', async () => {
    const client = await fundedUser(app, '200000')
    await moveTo(client.userId, 'silent')
    await rule({ instrument: 'ETHUSD', clientGroup: 'silent', mode: 'a_book' })
    const known = (await ordersOf(eth())).length
    lp.loseReports(1)
    expect((await order(client.token, eth(), 1, '0.2')).body).toMatchObject({ code: 1 })
    await eventually(
      async () => lp.filled().at(-1)?.quantity,
      (q) => q === 0.2,
    )
    expect((await ordersOf(eth()))[known]).toMatchObject({ status: 'new' })
    // Past the time an immediate-or-cancel order takes, its status is asked (within the next check).
    app.clock.advance(6000)
    const rows = await eventually(
      () => ordersOf(eth()),
      (r) => r[known]?.status === 'filled',
      12_000,
    )
    expect(rows[known]).toMatchObject({ lots: '0.2000', filledLots: '0.2000' })
  })

  it('lets clients trade while the provider is away, and hedges once it is back', async () => {
    const client = await fundedUser(app, '200000')
    await moveTo(client.userId, 'away')
    await rule({ instrument: 'BTCUSD', clientGroup: 'away', mode: 'a_book' })
    const known = (await ordersOf(btc())).length
    const filledBefore = lp.filled().length
    lp.disconnect()
    const started = Date.now()
    expect((await order(client.token, btc(), 1, '0.1')).body).toMatchObject({ code: 1 })
    expect(Date.now() - started).toBeLessThan(5_000)
    const rows = await eventually(
      () => ordersOf(btc()),
      (r) => r[known]?.status === 'filled',
    )
    expect(rows[known]).toMatchObject({ lots: '0.1000', filledLots: '0.1000' })
    expect(lp.filled().length).toBe(filledBefore + 1)
  })

  it('takes up after a restart where it left off: open positions hedged, nothing ordered twice', async () => {
    const client = await fundedUser(app, '200000')
    await moveTo(client.userId, 'restart')
    await rule({ instrument: 'ETHUSD', clientGroup: 'restart', mode: 'a_book' })
    const known = (await ordersOf(eth())).length
    expect((await order(client.token, eth(), 2, '0.6')).body).toMatchObject({ code: 1 })
    await settled(eth(), known + 1)
    const count = (await ordersOf(eth())).length
    await app.restart()
    app.tick({ code: 'ETHUSD', bid: 3300, ask: 3302 })
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    await app.hedger!.settle()
    await sleep(300)
    expect(await ordersOf(eth())).toHaveLength(count)
    expect(hedgeOf(eth(), 'a_book').clientLots).toBeCloseTo(hedgeOf(eth(), 'a_book').hedgeLots)
  })
  it('shows the desk the house, hedged and unhedged net, and every order with its fills and slippage', async () => {
    const client = await fundedUser(app, '200000')
    await moveTo(client.userId, 'shown')
    await rule({ instrument: 'BTCUSD', clientGroup: 'shown', mode: 'a_book' })
    const known = (await ordersOf(btc())).length
    lp.fillMode('partial')
    expect((await order(client.token, btc(), 1, '0.2')).body).toMatchObject({ code: 1 })
    await eventually(
      () => ordersOf(btc()),
      (r) => r[known]?.status === 'partial',
    )
    lp.fillMode('fill')
    await eventually(
      () => ordersOf(btc()),
      (r) => r.length > known + 1 && r[known + 1]!.status === 'filled',
    )

    const view = await app.get('/admin/api/hedging', { token: dealer.token })
    expect(view.body.code).toBe(1)
    const data = view.body.data
    expect(data.enabled).toBe(true)
    expect(data.rules).toEqual([
      expect.objectContaining({
        instrument: 'BTCUSD',
        client_group: 'shown',
        mode: 'a_book',
        threshold_lots: '0',
      }),
    ])
    expect(data.groups).toContainEqual({ client_group: 'shown', clients: 1 })
    for (const net of data.nets)
      expect(Number(net.unhedged_lots)).toBeCloseTo(Number(net.house_lots) + Number(net.hedged_lots), 8)
    const partial = data.orders.find((o: { status: string }) => o.status === 'partial')
    expect(partial).toMatchObject({
      code: 'BTCUSD',
      mode: 'a_book',
      lots: '0.2',
      filled_lots: '0.1',
      provider: 'lp1',
    })
    expect(partial.cl_ord_id).toMatch(/^H[0-9a-z]+$/)
    expect(partial.fills).toEqual([expect.objectContaining({ lots: '0.1' })])
    // The provider's fill price against the house's reference, in points, worse for the house when positive.
    const expected = Math.round((Number(partial.avg_price) - Number(partial.ref_price)) * 100)
    expect(partial.slippage_points).toBe(expected)
  })

  it('refuses rules and groups that make no sense, and staff who may not change them', async () => {
    const post = (path: string, body: Record<string, unknown>, token = dealer.token) =>
      app.post(path, body, { token, json: true, lang: 'en' })
    const bad = [
      { instrument: 'NOPE', client_group: null, mode: 'a_book' },
      { instrument: null, client_group: 'Not A Group', mode: 'a_book' },
      { instrument: null, client_group: null, mode: 'c_book' },
      { instrument: null, client_group: null, mode: 'hybrid', threshold_lots: '-1' },
      { instrument: null, client_group: null, mode: 'hybrid', threshold_lots: '1.23456' },
      { instrument: null, client_group: null, mode: 'a_book', provider: 'lp1' },
    ]
    for (const body of bad) {
      const answer = await post('/admin/api/hedging/rules', body)
      expect(answer.body, JSON.stringify(body)).toMatchObject({ code: 0, reason: 'invalid_input' })
    }
    expect(await app.db.select().from(hedgeRules)).toEqual([])
    const support = await signedInStaff(app, 'support')
    const refused = await post(
      '/admin/api/hedging/rules',
      { instrument: null, client_group: null, mode: 'a_book' },
      support.token,
    )
    expect(refused.body.code).toBe(0)
    expect(await app.db.select().from(hedgeRules)).toEqual([])
    const demo = await app.get('/api/user/createAccountDemoForU?demo_id=device-hedge-0002')
    const demoMoved = await post(`/admin/api/users/${demo.body.data.user.id}/group`, { client_group: 'pro' })
    expect(demoMoved.body).toMatchObject({ code: 0, reason: 'account_not_found' })
    // Saving a pair's rule again replaces it; deleting it leaves none.
    await rule({ instrument: 'ETHUSD', mode: 'hybrid', thresholdLots: '2.5' })
    await rule({ instrument: 'ETHUSD', mode: 'hybrid', thresholdLots: '3' })
    const rules = await app.db.select().from(hedgeRules)
    expect(rules.map((r) => [r.instrument, r.clientGroup, r.mode, r.thresholdLots])).toEqual([
      ['ETHUSD', null, 'hybrid', '3.0000'],
    ])
    const deleted = await post(`/admin/api/hedging/rules/${rules[0]!.id}/delete`, {})
    expect(deleted.body).toMatchObject({ code: 1, data: [] })
    const moved = await fundedUser(app, '1000')
    await moveTo(moved.userId, 'audited')
    // Every change is in the audit log, with who made it and what it was before (this test's are the last).
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['hedge_rule.save', 'hedge_rule.delete', 'user.client_group']))
    expect(
      audited
        .filter((a) => a.target === 'hedge_rule:ETHUSD/*')
        .slice(-3)
        .map((a) => [a.action, a.before, a.after]),
    ).toEqual([
      ['hedge_rule.save', null, { mode: 'hybrid', threshold_lots: '2.5' }],
      [
        'hedge_rule.save',
        { mode: 'hybrid', threshold_lots: '2.5000' },
        { mode: 'hybrid', threshold_lots: '3' },
      ],
      ['hedge_rule.delete', { mode: 'hybrid', threshold_lots: '3.0000' }, null],
    ])
    expect(
      audited
        .filter((a) => a.target === `user:${moved.userId}`)
        .map((a) => [a.staffEmail, a.before, a.after]),
    ).toEqual([[dealer.email, { client_group: 'standard' }, { client_group: 'audited' }]])
    expect((await post(`/admin/api/hedging/rules/${rules[0]!.id}/delete`, {})).body).toMatchObject({
      code: 0,
    })
  })
})
