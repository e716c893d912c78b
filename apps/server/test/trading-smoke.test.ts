import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerMatchesBalance } from '../src/trading/ledger.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

describe.each(DRIVERS)('a demo trade end to end on %s', (driver) => {
  let app: TestApp
  let token: string
  let userId: number
  const btc = () => app.market.instruments().find((d) => d.code === 'BTCUSD')!.id

  beforeAll(async () => {
    app = await startTestApp(driver)
    const demo = await app.get('/api/user/createAccountDemoForU?demo_id=device-trade-0001')
    token = demo.body.data.token
    userId = demo.body.data.user.id
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
  })
  afterAll(() => app.close())

  it('buys, marks, closes and books the profit', async () => {
    const submit = await app.get(
      `/v1/api/forex/submit?forex_id=${btc()}&type=1&cont=0.1&status=1&multiple=2`,
      {
        token,
      },
    )
    expect(submit.body).toMatchObject({ code: 1 })
    const holding = await app.get('/v1/api/forex/my_deal?status=1&page=1', { token })
    expect(holding.body.data.total).toBe(1)
    expect(holding.body.data.data[0]).toMatchObject({
      Price: 65_030,
      Quantity: 0.1,
      Status: 1,
      Multiple: 2,
      TradeFee: '2.000000',
    })
    expect(holding.body.data.data[0].CautionMoney).toBe('3251.500000')

    app.clock.advance(1000)
    app.tick({ code: 'BTCUSD', bid: 65_530, ask: 65_560 })
    const marked = await app.get('/v1/api/forex/my_deal?status=1&page=1', { token })
    expect(marked.body.data.data[0]).toMatchObject({ UpdatePrice: 65_530, FactProfits: '50.000000' })

    const id = submit.body.data.id
    const other = await app.get('/api/user/createAccountDemoForU?demo_id=device-trade-0002')
    const stolen = await app.get(`/v1/api/forex/close?id=${id}`, { token: other.body.data.token })
    expect(stolen.body).toMatchObject({ code: 0, reason: 'order_not_found' })

    const closed = await app.get(`/v1/api/forex/close?id=${id}`, { token })
    expect(closed.body).toMatchObject({ code: 1 })
    const history = await app.get('/v1/api/forex/my_deal?status=3&page=1', { token })
    expect(history.body.data).toMatchObject({ total: 1, all_fact_profits: '50.000000' })
    expect(history.body.data.data[0]).toMatchObject({
      Status: 3,
      ClosedType: 1,
      UpdatePrice: 65_530,
      FactProfits: '50.000000',
    })
    const balance = await app.get('/v1/api/main/wallet/getBalance', { token })
    // 10,000 start - 2 fee + 50 profit.
    expect(balance.body.data.balance).toBe('10048.00')
    expect(await ledgerMatchesBalance(app.db, userId)).toBe(true)
    const detail = await app.get('/v1/api/main/account/forexDetail?page=1', { token })
    expect(detail.body.data.list.map((r: { Value: string }) => r.Value)).toEqual([
      '50.000000',
      '-2.000000',
      '10000.000000',
    ])
  })
})
