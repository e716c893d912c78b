import { randomBytes } from 'node:crypto'
import { and, asc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LedgerType } from '@tp/contracts'
import { accounts, auditLog, deposits, ledger, uploads, withdrawals } from '../src/db/schema.ts'
import { ledgerMatchesBalance } from '../src/trading/ledger.ts'
import { STREAM_TIMING } from '../src/staff/queues/event-stream.ts'
import { createStaff } from '../src/staff/staff-accounts.ts'
import { totpCode } from '../src/security/totp.ts'
import { freshEmail, registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { photoWithGps, transparentPng } from './images.ts'

/*
 * The back office's review queues (issue 11) through /admin/api, on PGlite and PostgreSQL: each
 * call behind its role, each decision taken exactly once however staff race, and audited with it.
 */

const STAFF_PASSWORD = 'correct horse battery'
const TRC20_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
type Role = 'admin' | 'finance' | 'dealer' | 'support'
type Account = Awaited<ReturnType<typeof registerAndLogin>>

describe.each(DRIVERS)('back-office review queues on %s', (driver) => {
  let app: TestApp
  const staff = {} as Record<Role, { token: string; email: string; id: number }>
  let pendingToken: string
  let user: Account

  /** A staff member signed in with TOTP. */
  async function signIn(role: Role) {
    const email = `${role}-${randomBytes(4).toString('hex')}@broker.example`
    const created = await createStaff(app.db, { email, name: role, role, password: STAFF_PASSWORD })
    expect(created).toMatchObject({ ok: true })
    const first = (await app.post('/admin/api/auth/login', { email, password: STAFF_PASSWORD })).body.data
    const code = totpCode(first.secret, app.clock.now().getTime())
    const done = (await app.post('/admin/api/auth/totp', { code }, { token: first.token })).body.data
    return { token: done.token as string, email, id: done.staff.id as number }
  }

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    for (const role of ['admin', 'finance', 'dealer', 'support'] as const) staff[role] = await signIn(role)
    // A password through, the second factor still owed.
    const email = `pending-${randomBytes(4).toString('hex')}@broker.example`
    await createStaff(app.db, { email, name: 'Pending', role: 'admin', password: STAFF_PASSWORD })
    pendingToken = (await app.post('/admin/api/auth/login', { email, password: STAFF_PASSWORD })).body.data
      .token
    user = await registerAndLogin(app)
  })
  afterAll(async () => {
    await app?.close()
  })

  const as = (role: Role) => ({ token: staff[role].token, json: true })
  const adminGet = (path: string, role: Role = 'admin') => app.get(`/admin/api${path}`, as(role))
  const adminPost = (path: string, body: Record<string, unknown> = {}, role: Role = 'admin') =>
    app.post(`/admin/api${path}`, body, as(role))
  const account = async (userId: number) =>
    (await app.db.select().from(accounts).where(eq(accounts.userId, userId)))[0]!
  const auditOf = (target: string) =>
    app.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(asc(auditLog.id))

  /** A proof image row of `userId` (the upload call has its own tests). */
  async function proof(userId: number) {
    const id = randomBytes(16).toString('base64url')
    await app.db
      .insert(uploads)
      .values({ id, userId, contentType: 'image/jpeg', bytes: 1000, width: 10, height: 10 })
    return id
  }
  /** A coin deposit request of `amount` USD by `who`; its id. */
  async function depositOf(who: Account, amount = '100') {
    const [channel] = (await app.get('/api/quickCharge/info', { token: who.token })).body.data
    const answer = await app.get(
      `/api/quickCharge/submit?number=${amount}&proofImg=${await proof(who.user.id)}&charge_id=${channel.id}`,
      { token: who.token },
    )
    expect(answer.body).toMatchObject({ code: 1 })
    const [row] = await app.db
      .select({ id: deposits.id })
      .from(deposits)
      .where(eq(deposits.userId, who.user.id))
      .orderBy(asc(deposits.id))
      .then((rows) => rows.slice(-1))
    return row!.id
  }
  /** A funded account with a USDT-TRC20 payout method, and a withdrawal of `amount` of it. */
  async function withdrawalOf(who: Account, amount = '100') {
    const deposit = await depositOf(who, amount)
    expect((await adminPost(`/deposits/${deposit}/approve`, {}, 'finance')).body.code).toBe(1)
    const symbols = (await app.get('/api/account/draw_symbol_list?type=1', { token: who.token })).body.data
    const usdt = symbols.find((s: any) => s.label === 'USDT-TRC20')
    await app.post(
      '/api/wallet/bind_draw_method',
      { type: 1, draw_id: usdt.id, dc_address: TRC20_ADDRESS },
      {
        token: who.token,
      },
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
  async function upload(token: string, bytes: Buffer, name: string, type: string) {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
    const response = await fetch(`${app.base}/api/common/image_upload`, {
      method: 'POST',
      headers: { lang: 'en', authorization: token },
      body: form,
    })
    return (await response.json()).data.url as string
  }
  /** An identity check submitted by `who`; its id. */
  async function identityOf(who: Account, name = 'Chan Tai Man', card = 'A1234567') {
    const front = await upload(who.token, await photoWithGps(), 'front.jpg', 'image/jpeg')
    const reverse = await upload(who.token, await transparentPng(), 'back.png', 'image/png')
    const answer = await app.post(
      '/api/user_real/real_name',
      { name, card_id: card, front_pic: front, reverse_pic: reverse },
      { token: who.token },
    )
    expect(answer.body).toMatchObject({ code: 1 })
    const list = (await adminGet(`/identity?status=1&q=${encodeURIComponent(who.email)}`, 'support')).body
      .data
    return list.data[0].id as number
  }

  it('lets each role do its own work only; user tokens and half-signed-in staff get nothing', async () => {
    const deposit = await depositOf(user)
    const calls: { method: 'GET' | 'POST'; path: string; body?: Record<string, unknown>; roles: Role[] }[] = [
      { method: 'GET', path: '/dashboard', roles: ['admin', 'finance', 'dealer', 'support'] },
      { method: 'GET', path: '/identity', roles: ['admin', 'support'] },
      { method: 'POST', path: '/identity/999999/approve', roles: ['admin', 'support'] },
      {
        method: 'POST',
        path: '/identity/999999/reject',
        body: { reason: 'blurred' },
        roles: ['admin', 'support'],
      },
      { method: 'GET', path: '/deposits', roles: ['admin', 'finance'] },
      { method: 'POST', path: '/deposits/999999/approve', roles: ['admin', 'finance'] },
      { method: 'POST', path: '/deposits/999999/reject', body: { remark: 'x' }, roles: ['admin', 'finance'] },
      {
        method: 'POST',
        path: '/deposits/999999/invalid',
        body: { remark: 'x' },
        roles: ['admin', 'finance'],
      },
      { method: 'GET', path: '/withdrawals', roles: ['admin', 'finance'] },
      {
        method: 'POST',
        path: '/withdrawals/999999/approve',
        body: { real_number: '0xabc' },
        roles: ['admin', 'finance'],
      },
      {
        method: 'POST',
        path: '/withdrawals/999999/reject',
        body: { remark: 'x' },
        roles: ['admin', 'finance'],
      },
    ]
    for (const call of calls) {
      const send = (token: string) =>
        call.method === 'GET'
          ? app.get(`/admin/api${call.path}`, { token })
          : app.post(`/admin/api${call.path}`, call.body ?? {}, { token, json: true })
      for (const role of ['admin', 'finance', 'dealer', 'support'] as const) {
        const answer = await send(staff[role].token)
        const label = `${role} ${call.method} ${call.path}`
        if (call.roles.includes(role)) {
          expect(answer.status, label).toBe(200)
          if (call.method === 'GET') expect(answer.body.code, label).toBe(1)
          else expect(answer.body, label).toMatchObject({ code: 0, reason: 'not_found' })
        } else {
          expect(answer.status, label).toBe(403)
          expect(answer.body, label).toMatchObject({ code: 0, reason: 'staff_forbidden' })
        }
      }
      for (const token of [user.token, pendingToken, 'not-a-token'])
        expect((await send(token)).body.code, `${call.path} without staff`).toBe(999)
    }
    // Refused callers changed nothing and wrote nothing.
    for (const role of ['support', 'dealer'] as const)
      expect((await adminPost(`/deposits/${deposit}/approve`, {}, role)).status).toBe(403)
    expect(
      (await app.post(`/admin/api/deposits/${deposit}/approve`, {}, { token: user.token })).body.code,
    ).toBe(999)
    const [row] = await app.db.select().from(deposits).where(eq(deposits.id, deposit))
    expect(row!.status).toBe(0)
    expect(await auditOf(`deposit:${deposit}`)).toEqual([])
    expect((await account(user.user.id)).balance).toBe('0.000000')
  })

  it('approves a deposit once: credited once, ledgered once, audited once, listed with who decided', async () => {
    const who = await registerAndLogin(app)
    const id = await depositOf(who, '250.50')
    const approved = await adminPost(`/deposits/${id}/approve`, {}, 'finance')
    expect(approved.body).toMatchObject({ code: 1, data: null })
    expect(await adminPost(`/deposits/${id}/approve`, {}, 'admin')).toMatchObject({
      body: { code: 0, reason: 'already_processed' },
    })
    expect((await adminPost(`/deposits/${id}/reject`, { remark: 'late' }, 'finance')).body.reason).toBe(
      'already_processed',
    )
    expect(await account(who.user.id)).toMatchObject({ balance: '250.500000', frozen: '0.000000' })
    const rows = await app.db.select().from(ledger).where(eq(ledger.userId, who.user.id))
    expect(rows.map((r) => [r.type, r.amount, r.ref])).toEqual([
      [LedgerType.DEPOSIT, '250.500000', `deposit:${id}`],
    ])
    expect(await ledgerMatchesBalance(app.db, who.user.id)).toBe(true)
    // What the user sees.
    const history = (await app.get('/api/quickCharge/quick_ist?type=0', { token: who.token })).body.data
    expect(history.data[0]).toMatchObject({ id, status: 1, number: '250.50' })
    // One audit row, of the finance member, from the caller's address.
    const trail = await auditOf(`deposit:${id}`)
    expect(trail).toHaveLength(1)
    expect(trail[0]).toMatchObject({
      staffId: staff.finance.id,
      staffEmail: staff.finance.email,
      action: 'deposit.approve',
      before: { status: 0 },
      after: { status: 1, amount: '250.50', user_id: who.user.id, currency_code: 'USDT' },
      address: '127.0.0.1',
    })
    const listed = (await adminGet(`/deposits?q=${encodeURIComponent(who.email)}`, 'finance')).body.data
    expect(listed).toMatchObject({
      total: 1,
      data: [
        {
          id,
          user_id: who.user.id,
          uid: who.user.uid,
          email: who.email,
          type: 0,
          currency_code: 'USDT',
          amount: '250.50',
          bank_account: null,
          status: 1,
          decided_by: staff.finance.email,
        },
      ],
    })
    expect(listed.data[0].address).not.toBe('')
    expect(listed.data[0].decided_at).not.toBe('')
    expect(listed.data[0].proof_url).toMatch(/^\/.+\?expires=\d+&sig=/)
  })

  it('two staff approving at once credit once; an approval racing a rejection: exactly one wins', async () => {
    const who = await registerAndLogin(app)
    const first = await depositOf(who, '100')
    const answers = await Promise.all([
      adminPost(`/deposits/${first}/approve`, {}, 'finance'),
      adminPost(`/deposits/${first}/approve`, {}, 'admin'),
      adminPost(`/deposits/${first}/approve`, {}, 'finance'),
    ])
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 0, 1])
    expect(answers.filter((a) => a.body.code === 0).map((a) => a.body.reason)).toEqual([
      'already_processed',
      'already_processed',
    ])
    expect((await account(who.user.id)).balance).toBe('100.000000')
    expect(await auditOf(`deposit:${first}`)).toHaveLength(1)

    for (const loser of ['reject', 'invalid'] as const) {
      const id = await depositOf(who, '10')
      const before = (await account(who.user.id)).balance
      const [approve, other] = await Promise.all([
        adminPost(`/deposits/${id}/approve`, {}, 'finance'),
        adminPost(`/deposits/${id}/${loser}`, { remark: 'no such transfer' }, 'admin'),
      ])
      expect([approve.body.code, other.body.code].sort()).toEqual([0, 1])
      const [row] = await app.db.select().from(deposits).where(eq(deposits.id, id))
      const trail = await auditOf(`deposit:${id}`)
      expect(trail).toHaveLength(1)
      if (approve.body.code === 1) {
        expect(row!.status).toBe(1)
        expect(trail[0]!.action).toBe('deposit.approve')
        expect(Number((await account(who.user.id)).balance)).toBe(Number(before) + 10)
      } else {
        expect(row!.status).toBe(loser === 'reject' ? 2 : 3)
        expect(trail[0]).toMatchObject({ action: `deposit.${loser}`, after: { remark: 'no such transfer' } })
        expect((await account(who.user.id)).balance).toBe(before)
      }
    }
    expect(await ledgerMatchesBalance(app.db, who.user.id)).toBe(true)
  })

  it('rejects or marks a deposit invalid with the remark the user reads', async () => {
    const who = await registerAndLogin(app)
    const rejected = await depositOf(who)
    const invalid = await depositOf(who)
    expect((await adminPost(`/deposits/${rejected}/reject`, {}, 'finance')).body).toMatchObject({
      code: 0,
      reason: 'invalid_input',
    })
    expect(
      (await adminPost(`/deposits/${rejected}/reject`, { remark: 'x'.repeat(201) }, 'finance')).status,
    ).toBe(200)
    expect(
      (await adminPost(`/deposits/${rejected}/reject`, { remark: ' Amount differs ' }, 'finance')).body.code,
    ).toBe(1)
    expect(
      (await adminPost(`/deposits/${invalid}/invalid`, { remark: 'Fake proof' }, 'admin')).body.code,
    ).toBe(1)
    const history = (await app.get('/api/quickCharge/quick_ist?type=0', { token: who.token })).body.data.data
    expect(history.map((d: any) => [d.id, d.status, d.remark])).toEqual([
      [invalid, 3, 'Fake proof'],
      [rejected, 2, 'Amount differs'],
    ])
    expect((await account(who.user.id)).balance).toBe('0.000000')
    expect((await auditOf(`deposit:${invalid}`))[0]).toMatchObject({
      staffEmail: staff.admin.email,
      action: 'deposit.invalid',
      before: { status: 0 },
      after: { status: 3, amount: '100.00', remark: 'Fake proof' },
    })
  })

  it('rejects a withdrawal (frozen money released) and pays one only with its reference', async () => {
    const who = await registerAndLogin(app)
    const rejected = await withdrawalOf(who, '100')
    expect(await account(who.user.id)).toMatchObject({ balance: '0.000000', frozen: '100.000000' })
    expect(
      (
        await adminPost(
          `/withdrawals/${rejected}/reject`,
          { remark: 'Address on a sanctions list' },
          'finance',
        )
      ).body.code,
    ).toBe(1)
    expect(await account(who.user.id)).toMatchObject({ balance: '100.000000', frozen: '0.000000' })
    expect((await auditOf(`withdrawal:${rejected}`))[0]).toMatchObject({
      staffId: staff.finance.id,
      action: 'withdrawal.reject',
      before: { status: 0 },
      after: { status: 2, amount: '100.00', fee: '1.00', remark: 'Address on a sanctions list' },
      address: '127.0.0.1',
    })

    const paid = await withdrawalOf(who, '50')
    for (const body of [{}, { real_number: '' }, { real_number: '   ' }, { real_number: 'x'.repeat(129) }]) {
      const answer = await adminPost(`/withdrawals/${paid}/approve`, body, 'finance')
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ code: 0, reason: 'invalid_input' })
    }
    expect(await auditOf(`withdrawal:${paid}`)).toEqual([])
    const reference = '0x9f2c4e1d0b7a'
    expect(
      (await adminPost(`/withdrawals/${paid}/approve`, { real_number: reference }, 'finance')).body.code,
    ).toBe(1)
    expect(await account(who.user.id)).toMatchObject({ balance: '100.000000', frozen: '0.000000' })
    const paidOut = await app.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, who.user.id), eq(ledger.ref, `withdrawal:${paid}`)))
    expect(paidOut.map((r) => r.type)).toContain(LedgerType.WITHDRAWAL)
    expect(await ledgerMatchesBalance(app.db, who.user.id)).toBe(true)
    expect((await auditOf(`withdrawal:${paid}`))[0]).toMatchObject({
      action: 'withdrawal.approve',
      after: { status: 1, amount: '50.00', real_number: reference },
    })
    const listed = (await adminGet(`/withdrawals?q=${encodeURIComponent(who.email)}`, 'finance')).body.data
    expect(listed.total).toBe(2)
    expect(listed.data[0]).toMatchObject({
      id: paid,
      uid: who.user.uid,
      email: who.email,
      type: 1,
      currency: 'USDT-TRC20',
      amount: '50.00',
      address: TRC20_ADDRESS,
      bank: null,
      status: 1,
      real_number: reference,
      remark: '',
      decided_by: staff.finance.email,
    })
    expect(listed.data[1]).toMatchObject({
      id: rejected,
      status: 2,
      real_number: '',
      remark: 'Address on a sanctions list',
    })
  })

  it('decides a withdrawal once however staff race', async () => {
    const who = await registerAndLogin(app)
    const id = await withdrawalOf(who, '100')
    const answers = await Promise.all([
      adminPost(`/withdrawals/${id}/approve`, { real_number: 'REF-1' }, 'finance'),
      adminPost(`/withdrawals/${id}/reject`, { remark: 'duplicate' }, 'admin'),
      adminPost(`/withdrawals/${id}/approve`, { real_number: 'REF-2' }, 'admin'),
    ])
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 0, 1])
    expect(answers.filter((a) => a.body.code === 0).every((a) => a.body.reason === 'already_processed')).toBe(
      true,
    )
    const [row] = await app.db.select().from(withdrawals).where(eq(withdrawals.id, id))
    expect(await account(who.user.id)).toMatchObject(
      row!.status === 1
        ? { balance: '0.000000', frozen: '0.000000' }
        : { balance: '100.000000', frozen: '0.000000' },
    )
    expect(await auditOf(`withdrawal:${id}`)).toHaveLength(1)
    expect(await ledgerMatchesBalance(app.db, who.user.id)).toBe(true)
  })

  it('approves and rejects identity checks with a reason; the user center shows it', async () => {
    const approved = await registerAndLogin(app)
    const rejected = await registerAndLogin(app)
    const a = await identityOf(approved)
    const r = await identityOf(rejected, 'Lee Siu Ming')
    const waiting = (await adminGet(`/identity?status=1&q=${encodeURIComponent(rejected.email)}`, 'support'))
      .body.data
    expect(waiting.data[0]).toMatchObject({
      id: r,
      uid: rejected.user.uid,
      email: rejected.email,
      name: 'Lee Siu Ming',
      card_id: 'A1234567',
      status: 1,
    })
    // Staff open the images with the signed links.
    for (const link of [waiting.data[0].front_pic, waiting.data[0].reverse_pic])
      expect((await fetch(`${app.base}${link}`)).status).toBe(200)
    expect(waiting.data[0].created_at).not.toBe('')
    // The name finds it too.
    expect(
      (await adminGet('/identity?q=siu%20ming', 'support')).body.data.data.map((c: any) => c.id),
    ).toContain(r)

    expect((await adminPost(`/identity/${a}/approve`, {}, 'support')).body.code).toBe(1)
    expect((await adminPost(`/identity/${a}/reject`, { reason: 'late' }, 'admin')).body.reason).toBe(
      'already_processed',
    )
    for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(201) }, { reason: 'bad\u0007bell' }])
      expect((await adminPost(`/identity/${r}/reject`, body, 'support')).body).toMatchObject({
        code: 0,
        reason: 'invalid_input',
      })
    expect(
      (await adminPost(`/identity/${r}/reject`, { reason: 'The photo is blurred' }, 'support')).body.code,
    ).toBe(1)

    const center = async (who: Account) =>
      (await app.get('/api/user_real/center', { token: who.token })).body.data
    expect(await center(approved)).toMatchObject({ review_status: 2 })
    expect(await center(rejected)).toMatchObject({ review_status: 0, reject_reason: 'The photo is blurred' })
    expect(await auditOf(`identity:${a}`)).toEqual([
      expect.objectContaining({
        staffId: staff.support.id,
        action: 'identity.approve',
        before: { status: 1 },
        after: { status: 2, user_id: approved.user.id },
        address: '127.0.0.1',
      }),
    ])
    expect(await auditOf(`identity:${r}`)).toEqual([
      expect.objectContaining({
        action: 'identity.reject',
        after: { status: 3, user_id: rejected.user.id, reason: 'The photo is blurred' },
      }),
    ])
    const decided = (await adminGet(`/identity?status=2&q=${encodeURIComponent(approved.email)}`, 'support'))
      .body.data
    expect(decided.data[0]).toMatchObject({ id: a, status: 2, reviewed_by: staff.support.email })
  })

  it('shows staff the other accounts that use the same document number (waiting or approved)', async () => {
    const first = await registerAndLogin(app)
    const second = await registerAndLogin(app)
    const third = await registerAndLogin(app)
    const alone = await registerAndLogin(app)
    const card = `D${Date.now() % 1e9}`
    const one = await identityOf(first, 'Wong Ka Ho', card)
    const two = await identityOf(second, 'Wong Ka Ho', card.toLowerCase())
    const three = await identityOf(third, 'Wong Ka Ho', card)
    await identityOf(alone, 'Ho Siu Fung', `${card}9`)
    expect(
      (await adminPost(`/identity/${three}/reject`, { reason: 'Document used elsewhere' }, 'support')).body
        .code,
    ).toBe(1)
    const listed = async (who: Account) =>
      (await adminGet(`/identity?q=${encodeURIComponent(who.email)}`, 'support')).body.data.data[0]
    // The number is compared as stored (upper case); a rejected check no longer counts.
    expect(await listed(first)).toMatchObject({ id: one, same_card_uids: [second.user.uid] })
    expect(await listed(second)).toMatchObject({ id: two, same_card_uids: [first.user.uid] })
    expect((await listed(third)).same_card_uids.sort()).toEqual([first.user.uid, second.user.uid].sort())
    expect(await listed(alone)).toMatchObject({ same_card_uids: [] })
  })

  it('pages and filters the queues, waiting ones oldest first, and refuses bad input cleanly', async () => {
    const who = await registerAndLogin(app, freshEmail().replace('@', '_pager@'))
    const ids = [await depositOf(who, '11'), await depositOf(who, '12'), await depositOf(who, '13')]
    const q = `q=${encodeURIComponent(who.email)}`
    const page = async (query: string) => (await adminGet(`/deposits?${q}&${query}`, 'finance')).body.data
    expect((await page('status=0&limit=2&page=1')).data.map((d: any) => d.id)).toEqual([ids[0], ids[1]])
    expect(await page('status=0&limit=2&page=2')).toMatchObject({ total: 3, data: [{ id: ids[2] }] })
    expect((await page('limit=2')).data.map((d: any) => d.id)).toEqual([ids[2], ids[1]])
    expect((await page('')).data).toHaveLength(3)
    expect(await page('status=1')).toEqual({ data: [], total: 0 })
    expect(await page('type=1')).toEqual({ data: [], total: 0 })
    expect((await page('type=0&status=')).total).toBe(3)
    // Wildcards are taken as text.
    expect((await adminGet('/deposits?q=%25', 'finance')).body.data).toEqual({ data: [], total: 0 })
    expect((await adminGet(`/deposits?q=${who.user.uid}`, 'finance')).body.data.total).toBe(3)
    expect((await adminGet(`/withdrawals?${q}&status=0&type=2`, 'finance')).body.data).toEqual({
      data: [],
      total: 0,
    })
    // Default page size 20.
    expect((await adminGet('/deposits', 'finance')).body.data.data.length).toBeLessThanOrEqual(20)

    for (const query of [
      'page=0',
      'page=-1',
      'limit=0',
      'limit=101',
      'status=9',
      'type=7',
      'page=abc',
      `q=${'x'.repeat(101)}`,
    ]) {
      for (const path of ['/deposits', '/withdrawals', '/identity']) {
        if (path === '/identity' && query === 'type=7') continue
        const answer = await adminGet(`${path}?${query}`)
        expect(answer.status, `${path}?${query}`).toBe(200)
        expect(answer.body, `${path}?${query}`).toMatchObject({ code: 0, reason: 'invalid_input' })
      }
    }
    const badIds = ['abc', '0', '-1', '99999999999999999999', '1.5', '1e3', '%20']
    for (const id of badIds) {
      for (const [path, body] of [
        [`/deposits/${id}/approve`, {}],
        [`/deposits/${id}/reject`, { remark: 'x' }],
        [`/deposits/${id}/invalid`, { remark: 'x' }],
        [`/withdrawals/${id}/approve`, { real_number: 'REF' }],
        [`/withdrawals/${id}/reject`, { remark: 'x' }],
        [`/identity/${id}/approve`, {}],
        [`/identity/${id}/reject`, { reason: 'x' }],
      ] as const) {
        const answer = await adminPost(path, body)
        expect(answer.status, path).toBe(200)
        expect(answer.body, path).toMatchObject({ code: 0, reason: 'invalid_input' })
      }
    }
    // An identity id beyond 32 bits is refused before SQL sees it.
    expect((await adminPost('/identity/2147483648/approve')).status).toBe(200)
    expect(await app.db.select().from(auditLog).where(like(auditLog.action, 'deposit.%'))).not.toHaveLength(0)
  })

  it('tells the client of each final decision once, in their inbox and language, and no one else', async () => {
    const alice = await registerAndLogin(app)
    const bob = await registerAndLogin(app)
    const inbox = async (who: Account, lang = 'en') => {
      const answer = await app.get('/api/notice/list?limit=50', { token: who.token, lang })
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 })
      return answer.body.data as {
        list: {
          id: number
          kind: string
          title: string
          body: string
          detail: string
          link: string
          read: boolean
        }[]
        total: number
        unread: number
      }
    }
    const credited = await depositOf(alice, '120')
    const rejected = await depositOf(alice, '30')
    expect((await adminPost(`/deposits/${credited}/approve`, {}, 'finance')).body.code).toBe(1)
    expect(
      (await adminPost(`/deposits/${rejected}/reject`, { remark: 'proof unreadable' }, 'finance')).body.code,
    ).toBe(1)
    // Decided again: refused, and no second notice.
    expect((await adminPost(`/deposits/${credited}/approve`, {}, 'admin')).body.code).toBe(0)
    expect((await adminPost(`/deposits/${rejected}/reject`, { remark: 'again' }, 'admin')).body.code).toBe(0)
    const paid = await withdrawalOf(alice, '40')
    const refused = await withdrawalOf(alice, '25')
    expect(
      (await adminPost(`/withdrawals/${paid}/approve`, { real_number: 'TX-77' }, 'finance')).body.code,
    ).toBe(1)
    expect(
      (await adminPost(`/withdrawals/${refused}/reject`, { remark: 'wrong network' }, 'finance')).body.code,
    ).toBe(1)
    const check = await identityOf(alice)
    expect((await adminPost(`/identity/${check}/reject`, { reason: 'blurred' }, 'support')).body.code).toBe(1)

    const mine = await inbox(alice)
    const kinds = mine.list.map((notice) => notice.kind)
    // Newest first; the deposits made for the two withdrawals were credited too (one notice each).
    expect(kinds).toEqual([
      'identity_rejected',
      'withdrawal_rejected',
      'withdrawal_paid',
      'deposit_credited',
      'deposit_credited',
      'deposit_rejected',
      'deposit_credited',
    ])
    expect(mine).toMatchObject({ total: 7, unread: 7 })
    const byKind = (kind: string) => mine.list.find((notice) => notice.kind === kind)!
    expect(byKind('deposit_rejected')).toMatchObject({
      title: 'Deposit not credited',
      body: `Your deposit #${rejected} of 30.00 USD was not credited.`,
      detail: 'proof unreadable',
      link: '/mine/charge',
      read: false,
    })
    expect(byKind('withdrawal_paid')).toMatchObject({ detail: 'TX-77', link: '/mine/withdraw' })
    expect(byKind('withdrawal_paid').body).toBe(`Your withdrawal #${paid} of 40.00 USD has been paid.`)
    expect(byKind('withdrawal_rejected').detail).toBe('wrong network')
    expect(byKind('identity_rejected')).toMatchObject({ detail: 'blurred', link: '/mine/auth' })
    const chinese = await inbox(alice, 'hk')
    expect(chinese.list[0]!.title).not.toBe('Identity check not approved')
    expect((await inbox(bob)).list).toEqual([])

    // Read marks: only one's own; one, then all.
    const first = mine.list[0]!.id
    const bobMarks = await app.post('/api/notice/read', { id: first }, { token: bob.token, json: true })
    expect(bobMarks.body).toMatchObject({ code: 1, data: { unread: 0 } })
    expect((await inbox(alice)).unread).toBe(7)
    const one = await app.post('/api/notice/read', { id: first }, { token: alice.token, json: true })
    expect(one.body).toMatchObject({ code: 1, data: { unread: 6 } })
    expect((await app.get('/api/notice/unread', { token: alice.token })).body).toMatchObject({
      data: { unread: 6 },
    })
    const all = await app.post('/api/notice/read', { all: 1 }, { token: alice.token, json: true })
    expect(all.body).toMatchObject({ code: 1, data: { unread: 0 } })
    expect((await inbox(alice)).list.every((notice) => notice.read)).toBe(true)
    for (const bad of [{}, { id: 'x' }, { id: first, all: 1 }, { all: 2 }]) {
      const answer = await app.post('/api/notice/read', bad, { token: alice.token, json: true })
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ code: 0, reason: 'invalid_input' })
    }
    expect((await app.get('/api/notice/list?limit=0', { token: alice.token })).body).toMatchObject({
      code: 0,
    })
    expect((await app.get('/api/notice/list')).body.code).not.toBe(1)
  })

  it('counts what waits on the dashboard', async () => {
    const counts = async (role: Role = 'dealer') => {
      const answer = await adminGet('/dashboard', role)
      expect(answer.body.code).toBe(1)
      return answer.body.data
    }
    const before = await counts()
    expect(Object.keys(before).sort()).toEqual([
      'adjustments_waiting',
      'chat_unread',
      'deposits_waiting',
      'feedback_new',
      'identity_waiting',
      'withdrawals_waiting',
    ])
    const who = await registerAndLogin(app)
    const deposit = await depositOf(who, '300')
    await identityOf(who)
    expect(await counts()).toMatchObject({
      deposits_waiting: before.deposits_waiting + 1,
      identity_waiting: before.identity_waiting + 1,
    })
    await withdrawalOf(who, '100')
    expect((await app.post('/api/chat/send', { text: 'Hello?' }, { token: who.token })).body.code).toBe(1)
    expect((await app.post('/api/chat/send', { text: 'Anyone?' }, { token: who.token })).body.code).toBe(1)
    expect(await counts('support')).toMatchObject({
      deposits_waiting: before.deposits_waiting + 1,
      withdrawals_waiting: before.withdrawals_waiting + 1,
      chat_unread: before.chat_unread + 1,
    })
    expect((await adminPost(`/deposits/${deposit}/approve`, {}, 'finance')).body.code).toBe(1)
    expect((await counts()).deposits_waiting).toBe(before.deposits_waiting)
  })

  /** An open event stream: its text so far, and a wait for text matching a pattern. */
  async function openStream(token: string) {
    const controller = new AbortController()
    const response = await fetch(`${app.base}/admin/api/events`, {
      headers: { authorization: token, accept: 'text/event-stream' },
      signal: controller.signal,
    })
    let text = ''
    let ended = false
    const reading = (async () => {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
      try {
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          text += value
        }
      } catch {
        // aborted by the test
      }
      ended = true
    })()
    return {
      response,
      text: () => text,
      ended: () => ended,
      async until(check: () => boolean, ms = 3000) {
        const deadline = Date.now() + ms
        while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
        return check()
      },
      async close() {
        controller.abort()
        await reading
      },
    }
  }

  it('streams new items to signed-in staff, pings, and ends with the staff session', async () => {
    const timing = { ...STREAM_TIMING }
    STREAM_TIMING.pingMs = 100
    STREAM_TIMING.sessionCheckMs = 50
    try {
      // Neither a user's token nor a half-signed-in one opens a stream.
      for (const token of [user.token, pendingToken]) {
        const refused = await app.get('/admin/api/events', { token })
        expect(refused.body.code).toBe(999)
      }
      const mine = await signIn('finance')
      const stream = await openStream(mine.token)
      expect(stream.response.status).toBe(200)
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/)
      const who = await registerAndLogin(app)
      await depositOf(who, '100')
      expect(await stream.until(() => stream.text().includes('"queue":"deposits"'))).toBe(true)
      expect(stream.text()).toContain('data: {"type":"queue","queue":"deposits"}\n\n')
      await withdrawalOf(who, '50')
      expect(await stream.until(() => stream.text().includes('"queue":"withdrawals"'))).toBe(true)
      // A balance adjustment, booked or waiting for a second admin, moves the adjustments list.
      const adjusted = await app.post(
        `/admin/api/users/${who.user.id}/adjust`,
        { amount: '5', memo: 'goodwill' },
        { token: mine.token, json: true },
      )
      expect(adjusted.body.code).toBe(1)
      expect(await stream.until(() => stream.text().includes('"queue":"adjustments"'))).toBe(true)
      expect(await stream.until(() => stream.text().includes(': ping\n\n'))).toBe(true)
      // A refused request announces nothing.
      const before = stream.text().split('"deposits"').length
      await app.get('/api/quickCharge/submit?number=100&proofImg=nope&charge_id=1', { token: who.token })
      await new Promise((r) => setTimeout(r, 100))
      expect(stream.text().split('"deposits"').length).toBe(before)

      // Signing out ends the stream.
      expect((await app.post('/admin/api/auth/logout', {}, { token: mine.token })).body.code).toBe(1)
      expect(await stream.until(stream.ended)).toBe(true)
      await stream.close()
    } finally {
      Object.assign(STREAM_TIMING, timing)
    }
  })

  it('ends streams whose session expires, and bounds the streams of one staff member', async () => {
    const timing = { ...STREAM_TIMING }
    STREAM_TIMING.sessionCheckMs = 50
    try {
      const mine = await signIn('support')
      const streams = []
      for (let i = 0; i < 8; i++) streams.push(await openStream(mine.token))
      expect(streams.every((s) => s.response.status === 200)).toBe(true)
      const ninth = await app.get('/admin/api/events', { token: mine.token })
      expect(ninth).toMatchObject({ status: 429, body: { code: 0, reason: 'rate_limited' } })
      await streams.pop()!.close()
      const again = await openStream(mine.token)
      expect(again.response.status).toBe(200)
      streams.push(again)
      // Past the session's 12 hours every stream ends.
      app.clock.advance(13 * 60 * 60 * 1000)
      for (const stream of streams) expect(await stream.until(stream.ended)).toBe(true)
      for (const stream of streams) await stream.close()
    } finally {
      Object.assign(STREAM_TIMING, timing)
    }
  })
})
