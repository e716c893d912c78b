import type { ProviderStatus } from '@tp/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from './accounts.ts'
import { fundedUser as funded } from './funded.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { signedInStaff } from './staff.ts'

describe.each(DRIVERS)('back-office risk view on %s', (driver) => {
  let app: TestApp
  let providers: ProviderStatus[] = []
  let dealer: Awaited<ReturnType<typeof signedInStaff>>

  beforeAll(async () => {
    app = await startTestApp(driver, {
      historyCandles: 20,
      // As main.ts gives the FIX price source's state (apps/server/test/fix-*.test.ts test the source).
      providers: () => providers,
    })
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    await app.desk.settle()
    dealer = await signedInStaff(app, 'dealer')
  })
  afterAll(async () => {
    await app?.close()
  })

  const btc = () => app.market.instruments().find((d) => d.code === 'BTCUSD')!.id

  const fundedUser = (amount: string) => funded(app, amount)
  const order = (token: string, type: 1 | 2, lots: string) =>
    app.get(`/v1/api/forex/submit?forex_id=${btc()}&type=${type}&cont=${lots}&status=1&multiple=2`, { token })

  it('shows the open exposure of real accounts, the accounts nearest to stop-out and today’s money', async () => {
    const buyer = await fundedUser('10000')
    const seller = await fundedUser('10000')
    expect((await order(buyer.token, 1, '0.1')).body.code).toBe(1)
    expect((await order(seller.token, 2, '0.05')).body.code).toBe(1)
    // A demo account's position is not the house's money.
    const demo = await app.get('/api/user/createAccountDemoForU?demo_id=risk-view-demo-000001')
    expect((await order(demo.body.data.token, 1, '0.2')).body.code).toBe(1)
    app.clock.advance(100)
    app.tick({ code: 'BTCUSD', bid: 66_000, ask: 66_030 })
    await app.desk.settle()

    const view = (await app.get('/admin/api/risk', { token: dealer.token })).body.data
    const row = view.exposure.find((e: { code: string }) => e.code === 'BTCUSD')
    // Buyer: (66,000 - 65,030) x 0.1 = 97; seller: (65,000 - 66,030) x 0.05 = -51.5.
    expect(row).toMatchObject({
      long_lots: 0.1,
      short_lots: 0.05,
      net_lots: 0.05,
      positions: 2,
      client_profit: 45.5,
    })
    expect(view.nearest_stop_out.map((a: { uid: string }) => a.uid).sort()).toEqual(
      [buyer.user.uid, seller.user.uid].sort(),
    )
    const levels = view.nearest_stop_out.map((a: { margin_level: number }) => a.margin_level)
    expect([...levels].sort((a, b) => a - b)).toEqual(levels)
    expect(view.today.deposits).toBe('20000.00')
    // No trade closed yet: the house has earned exactly the fees.
    expect(Number(view.today.fees)).toBeGreaterThan(0)
    expect(view.today.house_result).toBe(view.today.fees)
    expect(view.daily).toHaveLength(30)
    expect(view.daily.at(-1)).toEqual({
      date: app.clock.now().toISOString().slice(0, 10),
      house_result: view.today.fees,
    })

    const withDemo = (await app.get('/admin/api/risk?demo=1', { token: dealer.token })).body.data
    expect(withDemo.exposure.find((e: { code: string }) => e.code === 'BTCUSD')).toMatchObject({
      long_lots: 0.3,
      positions: 3,
    })

    // The next rollover (22:00 UTC) books BTCUSD's swap: -18 % a year on a buy, -12 % on a sell.
    const now = app.clock.now().getTime()
    const day = Math.floor(now / 86_400_000) * 86_400_000
    const rollover = day + 22 * 3_600_000 > now ? day + 22 * 3_600_000 : day + 46 * 3_600_000
    app.clock.set(rollover)
    app.desk.onClock()
    await app.desk.settle()
    // Back to the database's day: ledger rows are stamped by its clock.
    app.clock.set(now)
    const after = (await app.get('/admin/api/risk', { token: dealer.token })).body.data
    // Buyer: 0.1 x 66,000 (the bid) x 18 % / 360 = 3.30; seller: 0.05 x 66,030 (the ask) x 12 % / 360
    // = 1.1005, a charge rounded away from zero: 1.11.
    expect(after.today.swaps).toBe('-4.41')
    expect(after.today.house_result).toBe((Number(view.today.fees) + 4.41).toFixed(2))
  })

  it("shows the liquidity providers' state when prices are theirs, and none otherwise", async () => {
    expect((await app.get('/admin/api/risk', { token: dealer.token })).body.data.providers).toEqual([])
    providers = [
      { name: 'lp1', live: true, quietForMs: 12, instruments: 34 },
      { name: 'lp2', live: false, quietForMs: 4_100, instruments: 0 },
    ]
    expect((await app.get('/admin/api/risk', { token: dealer.token })).body.data.providers).toEqual([
      { name: 'lp1', live: true, quiet_for_ms: 12, instruments: 34 },
      { name: 'lp2', live: false, quiet_for_ms: 4_100, instruments: 0 },
    ])
    providers = []
  })

  it('is for dealers, finance and admins only', async () => {
    const support = await signedInStaff(app, 'support')
    expect((await app.get('/admin/api/risk', { token: support.token })).status).toBe(403)
    const finance = await signedInStaff(app, 'finance')
    expect((await app.get('/admin/api/risk', { token: finance.token })).body.code).toBe(1)
    const user = await registerAndLogin(app)
    expect((await app.get('/admin/api/risk', { token: user.token })).body.code).toBe(999)
    expect((await app.get('/admin/api/risk?demo=yes', { token: dealer.token })).status).toBe(200)
  })
})
