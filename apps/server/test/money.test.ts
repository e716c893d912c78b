import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LedgerType } from '@tp/contracts'
import { accounts, deposits, ledger, uploads, withdrawals } from '../src/db/schema.ts'
import { approveDeposit, rejectDeposit } from '../src/money/deposits.ts'
import { decideWithdrawal } from '../src/money/withdrawals.ts'
import { ledgerMatchesBalance } from '../src/trading/ledger.ts'
import { registerAndLogin } from './accounts.ts'
import { financePair } from './approvers.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

/*
 * Money in and out (issue 9) through the API and the staff service functions, on PGlite and
 * PostgreSQL: nobody can withdraw the same money twice, nothing a user types creates money, and no
 * approval credits twice.
 */

const TRC20_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'

describe.each(DRIVERS)('money in and out on %s', (driver) => {
  let app: TestApp
  /** A finance member's staff id: the amounts here are below the four-eyes threshold. */
  let finance: number

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 20 })
    finance = (await financePair(app))[0]
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    await app.desk.settle()
  })
  afterAll(async () => {
    await app.close()
  })

  const account = async (userId: number) =>
    (await app.db.select().from(accounts).where(eq(accounts.userId, userId)))[0]!
  /** A proof image of `userId` (the upload call has its own tests: the row is what deposits check). */
  async function proof(userId: number) {
    const id = randomBytes(16).toString('base64url')
    await app.db
      .insert(uploads)
      .values({ id, userId, contentType: 'image/jpeg', bytes: 1000, width: 10, height: 10 })
    return id
  }
  async function depositAndApprove(token: string, userId: number, amount: string) {
    const [channel] = (await app.get('/api/quickCharge/info', { token })).body.data
    const submitted = await app.get(
      `/api/quickCharge/submit?number=${amount}&proofImg=${await proof(userId)}&charge_id=${channel.id}&address=${channel.address}`,
      { token },
    )
    expect(submitted.body).toMatchObject({ code: 1 })
    const [row] = await app.db.select().from(deposits).where(eq(deposits.userId, userId))
    expect(await approveDeposit(app.db, app.desk, row!.id, finance)).toMatchObject({ ok: true })
    return row!.id
  }
  async function usdtMethod(token: string) {
    const symbols = (await app.get('/api/account/draw_symbol_list?type=1', { token })).body.data
    const usdt = symbols.find((s: any) => s.label === 'USDT-TRC20')
    const bound = await app.post(
      '/api/wallet/bind_draw_method',
      { type: 1, draw_id: usdt.id, dc_address: TRC20_ADDRESS },
      { token },
    )
    expect(bound.body).toMatchObject({ code: 1 })
    const [method] = (await app.get(`/api/wallet/get_draw_method?draw_type=1`, { token })).body.data
    return { currencyId: usdt.id as number, methodId: method.id as number }
  }
  const withdraw = (token: string, m: { currencyId: number; methodId: number }, amount: string) =>
    app.post(
      '/api/account/draw',
      { draw_currency_id: m.currencyId, number: amount, draw_method_id: m.methodId },
      { token },
    )

  it('a deposit is credited once, on approval, and lists with its status', async () => {
    const { token, user } = await registerAndLogin(app)
    const userId = user.id as number
    expect((await app.get('/api/quickCharge/symbols', { token })).body.data.map((c: any) => c.name)).toEqual([
      'USD',
      'EUR',
      'HKD',
    ])
    const id = await depositAndApprove(token, userId, '250.50')
    expect(await account(userId)).toMatchObject({ balance: '250.500000', frozen: '0.000000' })
    expect(await approveDeposit(app.db, app.desk, id, finance)).toMatchObject({
      ok: false,
      reason: 'already_processed',
    })
    const history = (await app.get('/api/quickCharge/quick_ist?type=0&page=1', { token })).body.data
    expect(history).toMatchObject({
      total: 1,
      data: [{ id, number: '250.50', status: 1, currency_code: 'USDT' }],
    })
    const rows = await app.db.select().from(ledger).where(eq(ledger.userId, userId))
    expect(rows.map((r) => [r.type, r.amount, r.ref])).toEqual([
      [LedgerType.DEPOSIT, '250.500000', `deposit:${id}`],
    ])
    expect(await ledgerMatchesBalance(app.db, userId)).toBe(true)
  })

  it('ten concurrent approvals of one deposit credit it once; an approval racing a rejection: one wins', async () => {
    const { token, user } = await registerAndLogin(app)
    const userId = user.id as number
    const [channel] = (await app.get('/api/quickCharge/info', { token })).body.data
    for (let i = 0; i < 2; i++)
      await app.get(
        `/api/quickCharge/submit?number=100&proofImg=${await proof(userId)}&charge_id=${channel.id}`,
        {
          token,
        },
      )
    const [first, second] = await app.db
      .select()
      .from(deposits)
      .where(eq(deposits.userId, userId))
      .orderBy(deposits.id)
    const approvals = await Promise.all(
      Array.from({ length: 10 }, () => approveDeposit(app.db, app.desk, first!.id, finance)),
    )
    expect(approvals.filter((a) => a.ok)).toHaveLength(1)
    expect((await account(userId)).balance).toBe('100.000000')
    const [approved, rejected] = await Promise.all([
      approveDeposit(app.db, app.desk, second!.id, finance),
      rejectDeposit(app.db, second!.id, 2, 'no such transfer'),
    ])
    expect([approved.ok, rejected.ok].filter(Boolean)).toHaveLength(1)
    expect((await account(userId)).balance).toBe(approved.ok ? '200.000000' : '100.000000')
    expect(await ledgerMatchesBalance(app.db, userId)).toBe(true)
  })

  it('1,000 concurrent withdrawals of money enough for one: exactly one is frozen', async () => {
    const { token, user } = await registerAndLogin(app)
    const userId = user.id as number
    await depositAndApprove(token, userId, '100')
    const method = await usdtMethod(token)
    const answers = await Promise.all(Array.from({ length: 1000 }, () => withdraw(token, method, '100')))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1)
    expect(new Set(answers.filter((a) => a.body.code !== 1).map((a) => a.body.reason))).toEqual(
      new Set(['withdraw_above_available']),
    )
    expect(await account(userId)).toMatchObject({ balance: '0.000000', frozen: '100.000000' })
    expect(await app.db.select().from(withdrawals).where(eq(withdrawals.userId, userId))).toHaveLength(1)
    expect(await ledgerMatchesBalance(app.db, userId)).toBe(true)
    const list = (await app.get('/api/account/draw_list?type=1&page=1', { token })).body.data
    expect(list).toMatchObject({
      total: 1,
      data: [{ number: '100.00', fee: '1.00', real_number: '99.00', status: 0, address: TRC20_ADDRESS }],
    })
    // A thousand requests through the embedded database take 15 s on an idle machine: the time is
    // the run's, not the rule's.
  }, 90_000)

  it('retries of one withdrawal with an idempotency key freeze once and all get its answer', async () => {
    const { token, user } = await registerAndLogin(app)
    const userId = user.id as number
    await depositAndApprove(token, userId, '500')
    const method = await usdtMethod(token)
    const body = { draw_currency_id: method.currencyId, number: '100', draw_method_id: method.methodId }
    const retry = () => app.post('/api/account/draw', body, { token, headers: { 'idempotency-key': 'w-1' } })
    const answers = await Promise.all(Array.from({ length: 20 }, retry))
    expect(answers.map((a) => a.body.code)).toEqual(Array(20).fill(1))
    expect((await retry()).body.code).toBe(1)
    expect(await app.db.select().from(withdrawals).where(eq(withdrawals.userId, userId))).toHaveLength(1)
    expect(await account(userId)).toMatchObject({ balance: '400.000000', frozen: '100.000000' })
  })

  it('paying racing rejecting one withdrawal: one decision, and the money ends where it says', async () => {
    const { token, user } = await registerAndLogin(app)
    const userId = user.id as number
    await depositAndApprove(token, userId, '300')
    const method = await usdtMethod(token)
    for (const _ of [1, 2]) expect((await withdraw(token, method, '100')).body.code).toBe(1)
    const [a, b] = await app.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId))
      .orderBy(withdrawals.id)
    const [paid, rejected] = await Promise.all([
      decideWithdrawal(app.db, app.desk, a!.id, 'pay', finance),
      decideWithdrawal(app.db, app.desk, a!.id, 'reject', finance),
    ])
    expect([paid.ok, rejected.ok].filter(Boolean)).toHaveLength(1)
    expect(await decideWithdrawal(app.db, app.desk, a!.id, 'pay', finance)).toMatchObject({
      reason: 'already_processed',
    })
    expect((await decideWithdrawal(app.db, app.desk, b!.id, 'reject', finance)).ok).toBe(true)
    expect(await account(userId)).toMatchObject(
      paid.ok ? { balance: '200.000000', frozen: '0.000000' } : { balance: '300.000000', frozen: '0.000000' },
    )
    expect(await ledgerMatchesBalance(app.db, userId)).toBe(true)
  })

  it('a losing trade never reaches frozen money, and money holding a position cannot be withdrawn', async () => {
    const { token, user } = await registerAndLogin(app)
    const userId = user.id as number
    await depositAndApprove(token, userId, '5000')
    const method = await usdtMethod(token)
    const btc = app.market.instrumentByCode('BTCUSD')!.id
    // 0.1 BTC at 65,030, 1:2: 3,251.5 of margin; free margin about 1,745.
    const opened = await app.get(`/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.1&status=1&multiple=2`, {
      token,
    })
    expect(opened.body.code).toBe(1)
    expect((await withdraw(token, method, '2000')).body).toMatchObject({
      code: 0,
      reason: 'withdraw_above_available',
    })
    expect((await withdraw(token, method, '1500')).body.code).toBe(1)
    // The price falls far: the position is stopped out and the loss exceeds the balance left.
    app.clock.advance(100)
    app.tick({ code: 'BTCUSD', bid: 20_000, ask: 20_030 })
    await app.desk.settle()
    const after = await account(userId)
    expect(after.frozen).toBe('1500.000000')
    expect(after.balance).toBe('0.000000')
    const writeOff = await app.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), eq(ledger.type, LedgerType.WRITE_OFF)))
    expect(writeOff).toHaveLength(1)
    expect(await ledgerMatchesBalance(app.db, userId)).toBe(true)
    app.clock.advance(100)
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    await app.desk.settle()
  })

  it("refuses odd amounts, other users' methods, and demo accounts on every call", async () => {
    const { token } = await registerAndLogin(app)
    const other = await registerAndLogin(app)
    const mine = await usdtMethod(token)
    for (const amount of ['NaN', '1e3', '0x10', '-5', '', '10.001', '99999999999', ' ', '0', ' 10 ', '+10']) {
      const answer = await withdraw(token, mine, amount)
      expect(answer.status, amount).toBe(200)
      expect(answer.body).toMatchObject({ code: 0, reason: 'invalid_input' })
    }
    expect((await withdraw(token, mine, '5')).body).toMatchObject({ reason: 'amount_out_of_range' })
    expect((await withdraw(other.token, mine, '50')).body).toMatchObject({ reason: 'method_not_found' })
    const demo = (await app.get('/api/user/createAccountDemoForU?demo_id=money-demo-abcdef')).body.data.token
    for (const path of [
      '/api/quickCharge/info',
      '/api/quickCharge/symbols',
      '/api/quickCharge/wire_info?bank_coin=1',
      '/api/quickCharge/quick_ist?type=0',
      '/api/account/draw_list?type=1',
      '/api/quickCharge/submit?number=10&proofImg=x&charge_id=1',
    ])
      expect((await app.get(path, { token: demo })).body, path).toMatchObject({
        code: 0,
        reason: 'demo_forbidden',
      })
    expect((await withdraw(demo, mine, '10')).body).toMatchObject({ reason: 'demo_forbidden' })
  })
})
