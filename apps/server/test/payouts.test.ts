import { randomBytes } from 'node:crypto'
import { Decimal } from 'decimal.js'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deposits, uploads, withdrawals } from '../src/db/schema.ts'
import { registerAndLogin } from './accounts.ts'
import { approvedDeposit } from './approvers.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

/*
 * Issue 22, items 8 to 10: what a withdrawal pays out and what can be withdrawn, on PGlite and
 * PostgreSQL. Coins are paid exactly to their smallest unit (never 0.01 coin), at the live quote with
 * the staff-set margin, frozen on the request; a stale quote is refused; the wallet answer says what
 * can be withdrawn now and a refusal says that figure.
 */

const BTC_ADDRESS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

describe.each(DRIVERS)('payouts on %s', (driver) => {
  let app: TestApp

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 20 })
  })
  afterAll(async () => {
    await app.close()
  })

  /** Fresh quotes for the coins, at the test clock's time. */
  async function quotes() {
    app.tick({ code: 'BTCUSD', bid: 74_590, ask: 74_600 })
    app.tick({ code: 'ETHUSD', bid: 3_215.5, ask: 3_216.07 })
    await app.desk.settle()
  }

  async function funded(amount: string) {
    const { token, user } = await registerAndLogin(app)
    const userId = user.id as number
    const id = randomBytes(16).toString('base64url')
    await app.db
      .insert(uploads)
      .values({ id, userId, contentType: 'image/jpeg', bytes: 1000, width: 10, height: 10 })
    const [channel] = (await app.get('/api/quickCharge/info', { token })).body.data
    const submitted = await app.get(
      `/api/quickCharge/submit?number=${amount}&proofImg=${id}&charge_id=${channel.id}`,
      { token },
    )
    expect(submitted.body).toMatchObject({ code: 1 })
    const [row] = await app.db.select().from(deposits).where(eq(deposits.userId, userId))
    await approvedDeposit(app, row!.id)
    return { token, userId }
  }

  async function coinMethod(token: string, label: string, address: string) {
    const symbols = (await app.get('/api/account/draw_symbol_list?type=1', { token })).body.data
    const symbol = symbols.find((s: any) => s.label === label)
    const bound = await app.post(
      '/api/wallet/bind_draw_method',
      { type: 1, draw_id: symbol.id, dc_address: address },
      { token },
    )
    expect(bound.body).toMatchObject({ code: 1 })
    const methods = (await app.get(`/api/wallet/get_draw_method?draw_type=1&draw_id=${symbol.id}`, { token }))
      .body.data
    return { currencyId: symbol.id as number, methodId: methods[0].id as number, symbol }
  }

  const withdraw = (token: string, m: { currencyId: number; methodId: number }, amount: string) =>
    app.post(
      '/api/account/draw',
      { draw_currency_id: m.currencyId, number: amount, draw_method_id: m.methodId },
      { token },
    )

  const lastWithdrawal = async (userId: number) =>
    (
      await app.db.select().from(withdrawals).where(eq(withdrawals.userId, userId)).orderBy(withdrawals.id)
    ).at(-1)!

  it("pays the issue's BTC and ETH figures exactly, at the live ask plus the margin, never 0.01 coin", async () => {
    await quotes()
    const { token, userId } = await funded('5000')
    const btc = await coinMethod(token, 'BTC-BTC', BTC_ADDRESS)
    // BTCUSD ask 74,600 and the default margin of 0.5 %: 74,973 USD per BTC, shown before confirming.
    expect(btc.symbol).toMatchObject({
      usd_price: '74973',
      precision: 8,
      rate_source: 'quote:BTCUSD',
      rate_ready: true,
      rate_margin_pct: '0.5',
    })
    for (const amount of ['476', '1424']) {
      expect((await withdraw(token, btc, amount)).body).toMatchObject({ code: 1 })
      const row = await lastWithdrawal(userId)
      // A share fee of 0.1 %, rounded up to the cent (a charge never rounds below what is due),
      // then (amount - fee) / 74,973 rounded down to the satoshi.
      expect(new Decimal(row.fee).toFixed(2)).toBe(amount === '476' ? '0.48' : '1.43')
      const expected = new Decimal(amount).minus(row.fee).div('74973').toDecimalPlaces(8, Decimal.ROUND_DOWN)
      expect(new Decimal(row.received).toFixed()).toBe(expected.toFixed())
      expect(new Decimal(row.received).equals('0.01')).toBe(false)
      expect(new Decimal(row.usdPrice).toFixed()).toBe('74973')
      expect(row.rateSource).toBe('quote:BTCUSD')
      expect(row.rateQuotedAt).not.toBeNull()
      expect(new Decimal(row.rateMarginPct).toFixed()).toBe('0.5')
    }
    // 1,424 less its 1.43 fee, at 74,973 USD per BTC, to the satoshi below.
    expect(new Decimal((await lastWithdrawal(userId)).received).toFixed()).toBe('0.01897443')

    const eth = await coinMethod(token, 'ETH-ERC20', ETH_ADDRESS)
    expect((await withdraw(token, eth, '16.10')).body).toMatchObject({ code: 1 })
    const row = await lastWithdrawal(userId)
    const rate = new Decimal('3216.07').times('1.005')
    const expected = new Decimal('16.08').div(rate).toDecimalPlaces(18, Decimal.ROUND_DOWN)
    expect(new Decimal(row.received).toFixed()).toBe(expected.toFixed())
    expect(new Decimal(row.received).decimalPlaces()).toBe(18)
    // The house pays at most one wei less than the debit is worth, never more.
    expect(new Decimal(row.received).times(rate).lessThanOrEqualTo('16.08')).toBe(true)
    const list = (await app.get('/api/account/draw_list?type=1&page=1', { token })).body.data.data
    expect(list[0]).toMatchObject({ number: '16.10', fee: '0.02', real_number: expected.toFixed() })
  })

  it('refuses a coin payout when its quote is stale, and says so before confirming', async () => {
    await quotes()
    const { token } = await funded('1000')
    const btc = await coinMethod(token, 'BTC-BTC', BTC_ADDRESS)
    app.clock.advance(10_001)
    const answer = await withdraw(token, btc, '100')
    expect(answer.body).toMatchObject({ code: 0, reason: 'payout_rate_stale' })
    expect(answer.body.msg).toContain('BTC')
    const symbols = (await app.get('/api/account/draw_symbol_list?type=1', { token })).body.data
    expect(symbols.find((s: any) => s.label === 'BTC-BTC')).toMatchObject({ rate_ready: false })
    // USDT keeps its staff-set rate, stated as such, whatever the market does.
    expect(symbols.find((s: any) => s.label === 'USDT-TRC20')).toMatchObject({
      usd_price: '1',
      rate_source: 'staff',
      rate_ready: true,
      precision: 6,
    })
    await quotes()
    expect((await withdraw(token, btc, '100')).body).toMatchObject({ code: 1 })
  })

  it('shows what can be withdrawn now (free margin within the balance) and refuses above it with that figure', async () => {
    await quotes()
    const { token } = await funded('700')
    const usdt = await coinMethod(token, 'USDT-TRC20', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')
    expect((await app.get('/v1/api/main/wallet/getBalance', { token })).body.data).toMatchObject({
      balance: '700.00',
      withdrawable: '700.00',
    })
    const btc = app.market.instrumentByCode('BTCUSD')!.id
    // 0.01 BTC at 74,600, 1:2: 373 of margin, and the position is marked at the bid (-0.1).
    const opened = await app.get(
      `/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.01&status=1&multiple=2`,
      {
        token,
      },
    )
    expect(opened.body.code).toBe(1)
    const balance = (await app.get('/v1/api/main/wallet/getBalance', { token })).body.data
    const free = new Decimal(balance.free_margin)
    const expected = Decimal.min(balance.balance, free).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2)
    expect(balance.withdrawable).toBe(expected)
    expect(Number(balance.withdrawable)).toBeLessThan(Number(balance.balance))
    const tooMuch = await withdraw(token, usdt, '600')
    expect(tooMuch.body).toMatchObject({ code: 0, reason: 'withdraw_above_available' })
    expect(tooMuch.body.msg).toContain(balance.withdrawable)
    expect((await withdraw(token, usdt, balance.withdrawable)).body).toMatchObject({ code: 1 })
    expect((await app.get('/v1/api/main/wallet/getBalance', { token })).body.data.withdrawable).toBe('0.00')
  })
})
