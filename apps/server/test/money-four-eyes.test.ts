import { randomBytes } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LedgerType } from '@tp/contracts'
import { accounts, auditLog, deposits, ledger, uploads, withdrawals } from '../src/db/schema.ts'
import { ledgerMatchesBalance } from '../src/trading/ledger.ts'
import { setSetting } from '../src/settings/settings.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { signedInStaff } from './staff.ts'

/*
 * Four eyes on money in and out (issue 22 item 6, decision 025), on PGlite and PostgreSQL: a deposit
 * or a withdrawal above the threshold (with what the user had approved by one person that UTC day)
 * needs two different staff members; the first approval books nothing, the second books once
 * however staff race, and the same person can never give both.
 */

const TRC20_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
type Staff = Awaited<ReturnType<typeof signedInStaff>>
type Account = Awaited<ReturnType<typeof registerAndLogin>>

describe.each(DRIVERS)('four eyes on deposits and withdrawals on %s', (driver) => {
  let app: TestApp
  let a: Staff
  let b: Staff
  let c: Staff
  let admin: Staff

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    a = await signedInStaff(app, 'finance')
    b = await signedInStaff(app, 'finance')
    c = await signedInStaff(app, 'finance')
    admin = await signedInStaff(app, 'admin')
    // The defaults (10,000 USD), said here so that the test reads on its own.
    await setSetting(app.db, 'deposit_four_eyes_usd', '10000')
    await setSetting(app.db, 'withdraw_four_eyes_usd', '10000')
  })
  afterAll(async () => {
    await app?.close()
  })

  const post = (who: Staff, path: string, body: Record<string, unknown> = {}) =>
    app.post(`/admin/api${path}`, body, { token: who.token, json: true })
  const get = (who: Staff, path: string) => app.get(`/admin/api${path}`, { token: who.token })
  const account = async (userId: number) =>
    (await app.db.select().from(accounts).where(eq(accounts.userId, userId)))[0]!
  const trail = (target: string) =>
    app.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(asc(auditLog.id))
  const depositRow = async (id: number) =>
    (await app.db.select().from(deposits).where(eq(deposits.id, id)))[0]!
  const listed = async (who: Staff, queue: 'deposits' | 'withdrawals', user: Account) =>
    (await get(who, `/${queue}?q=${encodeURIComponent(user.email)}`)).body.data.data as any[]

  async function depositOf(who: Account, amount: string) {
    const proof = randomBytes(16).toString('base64url')
    await app.db.insert(uploads).values({
      id: proof,
      userId: who.user.id,
      contentType: 'image/jpeg',
      bytes: 1000,
      width: 10,
      height: 10,
    })
    const [channel] = (await app.get('/api/quickCharge/info', { token: who.token })).body.data
    const answer = await app.get(
      `/api/quickCharge/submit?number=${amount}&proofImg=${proof}&charge_id=${channel.id}`,
      { token: who.token },
    )
    expect(answer.body).toMatchObject({ code: 1 })
    const rows = await app.db
      .select({ id: deposits.id })
      .from(deposits)
      .where(eq(deposits.userId, who.user.id))
      .orderBy(asc(deposits.id))
    return rows.at(-1)!.id
  }

  /** A user with `amount` USD credited (by two approvers above the threshold). */
  async function funded(amount: string) {
    const who = await registerAndLogin(app)
    const id = await depositOf(who, amount)
    const first = await post(a, `/deposits/${id}/approve`)
    expect(first.body.code).toBe(1)
    if (first.body.data)
      expect((await post(b, `/deposits/${id}/approve`)).body).toMatchObject({ code: 1, data: null })
    expect((await account(who.user.id)).balance).toBe(`${amount}.000000`)
    return who
  }

  async function withdrawalOf(who: Account, amount: string) {
    const symbols = (await app.get('/api/account/draw_symbol_list?type=1', { token: who.token })).body.data
    const usdt = symbols.find((s: any) => s.label === 'USDT-TRC20')
    await app.post(
      '/api/wallet/bind_draw_method',
      { type: 1, draw_id: usdt.id, dc_address: TRC20_ADDRESS },
      { token: who.token },
    )
    const [method] = (await app.get('/api/wallet/get_draw_method?draw_type=1', { token: who.token })).body
      .data
    const asked = await app.post(
      '/api/account/draw',
      { draw_currency_id: usdt.id, number: amount, draw_method_id: method.id },
      { token: who.token },
    )
    expect(asked.body).toMatchObject({ code: 1 })
    const rows = await app.db.select().from(withdrawals).where(eq(withdrawals.userId, who.user.id))
    return rows.at(-1)!.id
  }

  it('a 1,000,000 deposit approved by one finance member is not credited; a second one credits it once', async () => {
    const who = await registerAndLogin(app)
    const id = await depositOf(who, '1000000')
    expect((await listed(a, 'deposits', who))[0]).toMatchObject({ two_approvals: true, first_approval: null })
    const first = await post(a, `/deposits/${id}/approve`)
    expect(first.body).toMatchObject({ code: 1, data: { waiting_for_second_approval: true } })
    expect(await account(who.user.id)).toMatchObject({ balance: '0.000000' })
    expect(await app.db.select().from(ledger).where(eq(ledger.userId, who.user.id))).toEqual([])
    expect(await depositRow(id)).toMatchObject({ status: 0, firstApprovedBy: a.id, secondApprovedBy: null })
    // The user still reads "under review".
    const history = (await app.get('/api/quickCharge/quick_ist?type=0', { token: who.token })).body.data
    expect(history.data[0]).toMatchObject({ id, status: 0 })
    // The queue shows who approved first, and tells the first approver it was them.
    const [mine] = await listed(a, 'deposits', who)
    expect(mine).toMatchObject({
      id,
      status: 0,
      two_approvals: true,
      first_approval: { by: a.email, note: '', by_you: true },
    })
    expect(mine.first_approval.at).not.toBe('')
    expect((await listed(b, 'deposits', who))[0].first_approval).toMatchObject({ by: a.email, by_you: false })

    // The first approver's second click is refused, with a translated reason, and changes nothing.
    const again = await post(a, `/deposits/${id}/approve`)
    expect(again.body).toMatchObject({ code: 0, reason: 'second_approver_needed' })
    expect(again.body.msg).not.toBe('second_approver_needed')
    expect(await account(who.user.id)).toMatchObject({ balance: '0.000000' })

    const second = await post(b, `/deposits/${id}/approve`)
    expect(second.body).toMatchObject({ code: 1, data: null })
    expect(await account(who.user.id)).toMatchObject({ balance: '1000000.000000' })
    const rows = await app.db.select().from(ledger).where(eq(ledger.userId, who.user.id))
    expect(rows.map((r) => [r.type, r.amount, r.ref])).toEqual([
      [LedgerType.DEPOSIT, '1000000.000000', `deposit:${id}`],
    ])
    expect(await ledgerMatchesBalance(app.db, who.user.id)).toBe(true)
    expect((await post(c, `/deposits/${id}/approve`)).body.reason).toBe('already_processed')
    expect(await depositRow(id)).toMatchObject({ status: 1, firstApprovedBy: a.id, secondApprovedBy: b.id })
    expect((await trail(`deposit:${id}`)).map((r) => [r.action, r.staffId, (r.after as any).status])).toEqual(
      [
        ['deposit.first_approve', a.id, 0],
        ['deposit.approve', b.id, 1],
      ],
    )
    const [done] = await listed(c, 'deposits', who)
    expect(done).toMatchObject({
      status: 1,
      decided_by: b.email,
      first_approval: { by: a.email, by_you: false },
    })
  })

  it('racing second approvals credit once; the first approver racing them gets nothing', async () => {
    const who = await registerAndLogin(app)
    const id = await depositOf(who, '50000')
    expect((await post(a, `/deposits/${id}/approve`)).body.data).toEqual({
      waiting_for_second_approval: true,
    })
    const answers = await Promise.all([
      post(b, `/deposits/${id}/approve`),
      post(c, `/deposits/${id}/approve`),
      post(admin, `/deposits/${id}/approve`),
      post(a, `/deposits/${id}/approve`),
      post(b, `/deposits/${id}/approve`),
    ])
    expect(answers.filter((x) => x.body.code === 1)).toHaveLength(1)
    expect(answers[3]!.body.code).toBe(0)
    for (const x of answers.filter((y) => y.body.code === 0))
      expect(['already_processed', 'second_approver_needed']).toContain(x.body.reason)
    expect((await account(who.user.id)).balance).toBe('50000.000000')
    expect(await app.db.select().from(ledger).where(eq(ledger.userId, who.user.id))).toHaveLength(1)
    expect((await trail(`deposit:${id}`)).map((r) => r.action)).toEqual([
      'deposit.first_approve',
      'deposit.approve',
    ])
    expect(await ledgerMatchesBalance(app.db, who.user.id)).toBe(true)
  })

  it('two first clicks racing: one records the first approval, the other is the second (two people) or refused', async () => {
    const who = await registerAndLogin(app)
    const id = await depositOf(who, '20000')
    const same = await Promise.all([post(a, `/deposits/${id}/approve`), post(a, `/deposits/${id}/approve`)])
    expect(same.map((x) => x.body.code).sort()).toEqual([0, 1])
    expect(same.find((x) => x.body.code === 0)!.body.reason).toBe('second_approver_needed')
    expect((await account(who.user.id)).balance).toBe('0.000000')
  })

  it('a rejection by either approver ends a half-approved deposit; nothing is credited', async () => {
    const who = await registerAndLogin(app)
    const byFirst = await depositOf(who, '30000')
    const byOther = await depositOf(who, '30000')
    for (const id of [byFirst, byOther]) expect((await post(a, `/deposits/${id}/approve`)).body.code).toBe(1)
    expect(
      (await post(a, `/deposits/${byFirst}/reject`, { remark: 'Second look: no such transfer' })).body.code,
    ).toBe(1)
    expect((await post(b, `/deposits/${byOther}/invalid`, { remark: 'Forged proof' })).body.code).toBe(1)
    expect((await depositRow(byFirst)).status).toBe(2)
    expect((await depositRow(byOther)).status).toBe(3)
    for (const id of [byFirst, byOther])
      expect((await post(c, `/deposits/${id}/approve`)).body.reason).toBe('already_processed')
    expect((await account(who.user.id)).balance).toBe('0.000000')
  })

  it('the table refuses one person as both approvers, even if the code were wrong', async () => {
    const who = await registerAndLogin(app)
    const id = await depositOf(who, '100')
    await expect(
      app.db
        .update(deposits)
        .set({ firstApprovedBy: a.id, secondApprovedBy: a.id })
        .where(eq(deposits.id, id)),
    ).rejects.toThrow()
    await expect(
      app.db.update(deposits).set({ secondApprovedBy: a.id }).where(eq(deposits.id, id)),
    ).rejects.toThrow()
    const w = await withdrawalOf(await funded('100'), '50')
    await expect(
      app.db
        .update(withdrawals)
        .set({ firstApprovedBy: b.id, secondApprovedBy: b.id })
        .where(eq(withdrawals.id, w)),
    ).rejects.toThrow()
  })

  it('at or below the threshold one approval credits as before; splitting a day past it needs two', async () => {
    const who = await registerAndLogin(app)
    const exact = await depositOf(who, '10000')
    expect((await listed(a, 'deposits', who))[0]).toMatchObject({ two_approvals: false })
    expect((await post(a, `/deposits/${exact}/approve`)).body).toMatchObject({ code: 1, data: null })
    expect((await account(who.user.id)).balance).toBe('10000.000000')
    expect((await listed(a, 'deposits', who))[0]).toMatchObject({
      status: 1,
      first_approval: null,
      two_approvals: false,
    })
    // The same user's next deposit today, however small, goes past what one person may approve.
    const small = await depositOf(who, '10')
    expect((await listed(a, 'deposits', who))[0]).toMatchObject({ id: small, two_approvals: true })
    expect((await post(a, `/deposits/${small}/approve`)).body.data).toEqual({
      waiting_for_second_approval: true,
    })
    expect((await account(who.user.id)).balance).toBe('10000.000000')
    expect((await post(b, `/deposits/${small}/approve`)).body.code).toBe(1)
    expect((await account(who.user.id)).balance).toBe('10010.000000')

    // Ten deposits of 9,999 by one client: the first is approved alone, the rest need two.
    const splitter = await registerAndLogin(app)
    const ids = []
    for (let i = 0; i < 3; i++) ids.push(await depositOf(splitter, '9999'))
    const answers = []
    for (const id of ids) answers.push((await post(a, `/deposits/${id}/approve`)).body.data)
    expect(answers).toEqual([
      null,
      { waiting_for_second_approval: true },
      { waiting_for_second_approval: true },
    ])
    expect((await account(splitter.user.id)).balance).toBe('9999.000000')
    // Another client's day is their own.
    const other = await registerAndLogin(app)
    const theirs = await depositOf(other, '9999')
    expect((await post(a, `/deposits/${theirs}/approve`)).body.data).toBeNull()
    // A raised threshold lets one person approve more; a broken stored value keeps the default.
    await setSetting(app.db, 'deposit_four_eyes_usd', 'not a number')
    const again = await depositOf(other, '5000')
    expect((await post(a, `/deposits/${again}/approve`)).body.data).toEqual({
      waiting_for_second_approval: true,
    })
    await setSetting(app.db, 'deposit_four_eyes_usd', '10000')
  })

  it('a withdrawal above the threshold is paid only on a second approval, once however staff race', async () => {
    const who = await funded('30000')
    const id = await withdrawalOf(who, '20000')
    expect(await account(who.user.id)).toMatchObject({ balance: '10000.000000', frozen: '20000.000000' })
    const first = await post(a, `/withdrawals/${id}/approve`, { real_number: 'Checked the address and KYC' })
    expect(first.body).toMatchObject({ code: 1, data: { waiting_for_second_approval: true } })
    expect(await account(who.user.id)).toMatchObject({ balance: '10000.000000', frozen: '20000.000000' })
    const row = (await app.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!
    expect(row).toMatchObject({
      status: 0,
      firstApprovedBy: a.id,
      firstNote: 'Checked the address and KYC',
      notes: '',
    })
    // The user still reads "under review" (waiting).
    const mine = (await app.get('/api/account/draw_list?type=1', { token: who.token })).body.data
    expect(mine.data[0]).toMatchObject({ id, status: 0, notes: '' })
    expect((await listed(b, 'withdrawals', who))[0]).toMatchObject({
      status: 0,
      first_approval: { by: a.email, note: 'Checked the address and KYC', by_you: false },
    })
    expect((await post(a, `/withdrawals/${id}/approve`, { real_number: 'TX-A' })).body.reason).toBe(
      'second_approver_needed',
    )

    const answers = await Promise.all([
      post(b, `/withdrawals/${id}/approve`, { real_number: 'TX-B' }),
      post(c, `/withdrawals/${id}/approve`, { real_number: 'TX-C' }),
      post(admin, `/withdrawals/${id}/approve`, { real_number: 'TX-D' }),
    ])
    expect(answers.filter((x) => x.body.code === 1)).toHaveLength(1)
    expect(answers.filter((x) => x.body.code === 0).every((x) => x.body.reason === 'already_processed')).toBe(
      true,
    )
    expect(await account(who.user.id)).toMatchObject({ balance: '10000.000000', frozen: '0.000000' })
    const paidOut = await app.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, who.user.id), eq(ledger.ref, `withdrawal:${id}`)))
    expect(paidOut.filter((r) => r.type === LedgerType.WITHDRAWAL)).toHaveLength(1)
    expect(await ledgerMatchesBalance(app.db, who.user.id)).toBe(true)
    const [paid] = await listed(c, 'withdrawals', who)
    expect(paid).toMatchObject({ status: 1, first_approval: { by: a.email } })
    expect(['TX-B', 'TX-C', 'TX-D']).toContain(paid.real_number)
    expect((await trail(`withdrawal:${id}`)).map((r) => r.action)).toEqual([
      'withdrawal.first_approve',
      'withdrawal.approve',
    ])
  })

  it('a rejection after the first approval releases the frozen money; small ones are paid alone, a split day is not', async () => {
    const who = await funded('30000')
    const big = await withdrawalOf(who, '15000')
    expect((await post(a, `/withdrawals/${big}/approve`, { real_number: 'ok' })).body.code).toBe(1)
    expect(
      (await post(b, `/withdrawals/${big}/reject`, { remark: 'Address on a sanctions list' })).body.code,
    ).toBe(1)
    expect(await account(who.user.id)).toMatchObject({ balance: '30000.000000', frozen: '0.000000' })
    expect((await post(c, `/withdrawals/${big}/approve`, { real_number: 'late' })).body.reason).toBe(
      'already_processed',
    )

    const small = await withdrawalOf(who, '6000')
    expect((await post(a, `/withdrawals/${small}/approve`, { real_number: 'TX-1' })).body).toMatchObject({
      code: 1,
      data: null,
    })
    expect(await account(who.user.id)).toMatchObject({ balance: '24000.000000', frozen: '0.000000' })
    // 6,000 more the same day is past 10,000 paid on one approval.
    const next = await withdrawalOf(who, '6000')
    expect((await listed(a, 'withdrawals', who))[0]).toMatchObject({ id: next, two_approvals: true })
    expect((await post(a, `/withdrawals/${next}/approve`, { real_number: 'TX-2' })).body.data).toEqual({
      waiting_for_second_approval: true,
    })
    expect(await account(who.user.id)).toMatchObject({ frozen: '6000.000000' })
    expect((await post(b, `/withdrawals/${next}/approve`, { real_number: 'TX-2' })).body).toMatchObject({
      code: 1,
      data: null,
    })
    expect(await account(who.user.id)).toMatchObject({ balance: '18000.000000', frozen: '0.000000' })
    expect(await ledgerMatchesBalance(app.db, who.user.id)).toBe(true)
  })
})
