import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClosedType, LedgerType } from '@tp/contracts'
import { auditLog, balanceAdjustments, ledger, orders, users } from '../src/db/schema.ts'
import { setSetting } from '../src/settings/settings.ts'
import { createStaff } from '../src/staff/staff-accounts.ts'
import { totpCode } from '../src/security/totp.ts'
import { PASSWORD as USER_PASSWORD, registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { connect } from './socket-client.ts'
import { roundTrip, until, waitForMessage, type Client } from './socket-wait.ts'

/*
 * Issue 11, the users part of the back office: search, profile, ledger, manual adjustments with four
 * eyes above the set amount, disabling an account, ending its sessions, closing a position on a
 * user's behalf. Role checks on every call; audit rows for every change and none for refusals.
 */

const STAFF_PASSWORD = 'correct horse battery'
type Role = 'admin' | 'finance' | 'dealer' | 'support'

describe.each(DRIVERS)('back-office users on %s', (driver) => {
  let app: TestApp
  let btc: number
  const sockets: Client[] = []
  const staffTokens: Record<string, string> = {}
  let staffCount = 0
  let demoCount = 0

  /** A staff member of `role` through the whole first sign-in (password, TOTP set up); its token. */
  async function signInStaff(role: Role): Promise<string> {
    const email = `ops${staffCount++}-${driver}@broker.example`
    expect(await createStaff(app.db, { email, name: 'Ops', role, password: STAFF_PASSWORD })).toMatchObject({
      ok: true,
    })
    const first = (await app.post('/admin/api/auth/login', { email, password: STAFF_PASSWORD })).body.data
    const code = totpCode(first.secret, app.clock.now().getTime())
    const done = await app.post('/admin/api/auth/totp', { code }, { token: first.token })
    expect(done.body.code).toBe(1)
    return done.body.data.token as string
  }

  const tickBtc = async (bid: number, ask: number) => {
    app.clock.advance(100)
    app.tick({ code: 'BTCUSD', bid, ask })
    await app.desk.settle()
  }
  const as = (who: string) => ({ token: staffTokens[who] })
  const staffGet = (who: string, path: string) => app.get(path, as(who))
  const staffPost = (who: string, path: string, body?: Record<string, unknown>) =>
    app.post(path, body ?? {}, { ...as(who), json: true })
  const auditCount = async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n
  const auditRows = (action: string, target?: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(
        target ? and(eq(auditLog.action, action), eq(auditLog.target, target)) : eq(auditLog.action, action),
      )

  async function demo() {
    const demoId = `admin-users-${driver}-${demoCount++}-abcdef`
    const answer = await app.get(`/api/user/createAccountDemoForU?demo_id=${demoId}`)
    return { token: answer.body.data.token as string, userId: answer.body.data.user.id as number, demoId }
  }
  async function realUser() {
    const { token, user, email } = await registerAndLogin(app)
    return { token, userId: user.id as number, email }
  }
  const buyBtc = async (token: string, lots = '0.01') => {
    const placed = await app.get(
      `/v1/api/forex/submit?${new URLSearchParams({ forex_id: String(btc), type: '1', cont: lots, status: '1', multiple: '2' })}`,
      { token },
    )
    expect(placed.body.code).toBe(1)
    return placed.body.data.id as number
  }
  async function signedInSocket(token: string) {
    const client = await connect(app)
    sockets.push(client)
    client.send({ type: 'login', params: token })
    await waitForMessage(client, (m) => m.type === 'login_result' && m.code === 1)
    return client
  }
  const balanceOf = async (userId: number) =>
    (await staffGet('admin', `/admin/api/users/${userId}`)).body.data.balance as string

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    btc = app.market.instrumentByCode('BTCUSD')!.id
    await tickBtc(65_000, 65_030)
    staffTokens.admin = await signInStaff('admin')
    staffTokens.admin2 = await signInStaff('admin')
    staffTokens.finance = await signInStaff('finance')
    staffTokens.dealer = await signInStaff('dealer')
    staffTokens.support = await signInStaff('support')
  })
  afterAll(async () => {
    for (const client of sockets) client.socket.close()
    await app?.close()
  })

  it('checks the role of every call, and never takes a user token', async () => {
    const { token: userToken } = await realUser()
    const nobody = 2_000_000_000
    // Each call aimed at nothing that exists: a permitted role gets a business answer, never 403.
    const calls: [method: 'get' | 'post', path: string, allowed: Role[], body?: Record<string, unknown>][] = [
      ['get', '/admin/api/users?q=x', ['admin', 'finance', 'dealer', 'support']],
      ['get', `/admin/api/users/${nobody}`, ['admin', 'finance', 'dealer', 'support']],
      ['get', `/admin/api/users/${nobody}/ledger`, ['admin', 'finance', 'dealer', 'support']],
      ['post', `/admin/api/users/${nobody}/adjust`, ['admin', 'finance'], { amount: '5', memo: 'x' }],
      ['get', '/admin/api/adjustments', ['admin', 'finance']],
      ['post', `/admin/api/adjustments/${nobody}/approve`, ['admin']],
      ['post', `/admin/api/adjustments/${nobody}/reject`, ['admin']],
      ['post', `/admin/api/users/${nobody}/disable`, ['admin']],
      ['post', `/admin/api/users/${nobody}/enable`, ['admin']],
      ['post', `/admin/api/users/${nobody}/revoke_sessions`, ['admin']],
      ['post', `/admin/api/positions/${nobody}/close`, ['admin', 'dealer']],
    ]
    const before = await auditCount()
    for (const [method, path, allowed, body] of calls) {
      for (const role of ['admin', 'finance', 'dealer', 'support'] as const) {
        const answer = method === 'get' ? await staffGet(role, path) : await staffPost(role, path, body)
        if (allowed.includes(role)) {
          expect(answer.status, `${role} ${path}`).toBe(200)
          expect(answer.body.reason, `${role} ${path}`).not.toBe('staff_forbidden')
        } else {
          expect(answer.status, `${role} ${path}`).toBe(403)
          expect(answer.body).toMatchObject({ code: 0, reason: 'staff_forbidden' })
        }
      }
      const withUserToken =
        method === 'get'
          ? await app.get(path, { token: userToken })
          : await app.post(path, body ?? {}, { token: userToken, json: true })
      expect(withUserToken.body.code, path).toBe(999)
      const anonymous =
        method === 'get' ? await app.get(path) : await app.post(path, body ?? {}, { json: true })
      expect(anonymous.body.code, path).toBe(999)
    }
    // Refusals write nothing to the audit log.
    expect(await auditCount()).toBe(before)
  })

  it('finds users by uid, e-mail, mobile or nickname, taking % and _ literally', async () => {
    const a = await realUser()
    const b = await realUser()
    const c = await realUser()
    const tag = `${driver.slice(0, 2)}${Date.now() % 100_000}`
    await app.db
      .update(users)
      .set({ nickname: `${tag}%pct` })
      .where(eq(users.id, a.userId))
    await app.db
      .update(users)
      .set({ nickname: `${tag}Xpct` })
      .where(eq(users.id, b.userId))
    await app.db
      .update(users)
      .set({ nickname: `${tag}_pct` })
      .where(eq(users.id, c.userId))
    const ids = async (q: string) => {
      const answer = await staffGet('support', `/admin/api/users?${new URLSearchParams({ q })}`)
      expect(answer.body.code).toBe(1)
      return (answer.body.data.data as { id: number }[]).map((u) => u.id).sort()
    }
    expect(await ids(`${tag}%`)).toEqual([a.userId])
    expect(await ids(`${tag}_`)).toEqual([c.userId])
    expect(await ids(tag.toUpperCase())).toEqual([a.userId, b.userId, c.userId].sort())
    const [row] = await app.db.select({ uid: users.uid }).from(users).where(eq(users.id, b.userId))
    expect(await ids(row!.uid)).toEqual([b.userId])
    expect(await ids(a.email.toUpperCase())).toEqual([a.userId])
    const page = await staffGet('finance', `/admin/api/users?${new URLSearchParams({ q: a.email })}`)
    expect(page.body.data).toMatchObject({ total: 1 })
    expect(page.body.data.data[0]).toMatchObject({
      id: a.userId,
      email: a.email,
      is_demo: 0,
      balance: '0.000000',
      frozen: '0.000000',
      identity_status: 0,
      invited_by_uid: null,
      invited_count: 0,
      disabled: false,
    })
    // Paging: limit and total.
    const all = await staffGet('support', '/admin/api/users?limit=2&page=1')
    expect(all.body.data.data).toHaveLength(2)
    expect(all.body.data.total).toBeGreaterThanOrEqual(3)
  })

  it('shows a profile with referrals, live positions, account figures and sessions', async () => {
    const inviter = await realUser()
    const [code] = await app.db
      .select({ code: users.inviteCode })
      .from(users)
      .where(eq(users.id, inviter.userId))
    const invited = await registerAndLogin(app, undefined, { invite_code: code!.code })
    const player = await demo()
    const id = await buyBtc(player.token)
    await tickBtc(65_100, 65_130)
    const detail = (await staffGet('dealer', `/admin/api/users/${player.userId}`)).body
    expect(detail.code).toBe(1)
    expect(detail.data).toMatchObject({ id: player.userId, is_demo: 1, pending_orders: [], live_sessions: 1 })
    expect(detail.data.positions).toHaveLength(1)
    // The engine's live mark: bought at 65 030, marked at the bid 65 100.
    expect(detail.data.positions[0]).toMatchObject({ Id: id, Status: 1, UpdatePrice: 65_100 })
    // 0.01 lot of a 1-coin contract: (65 100 - 65 030) x 0.01.
    expect(Number(detail.data.positions[0].FactProfits)).toBeCloseTo(0.7, 6)
    expect(Number(detail.data.account.margin)).toBeGreaterThan(0)
    expect(detail.data.account.margin_level).toBeGreaterThan(0)
    expect(Number(detail.data.account.equity)).toBeCloseTo(
      Number(detail.data.account.balance) + Number(detail.data.account.profit),
      5,
    )
    const inviterDetail = (await staffGet('support', `/admin/api/users/${inviter.userId}`)).body.data
    expect(inviterDetail).toMatchObject({ invited_count: 1, positions: [], account: { margin_level: null } })
    expect(inviterDetail.referrals).toHaveLength(1)
    const invitedList = await staffGet(
      'support',
      `/admin/api/users?${new URLSearchParams({ q: invited.email })}`,
    )
    expect(invitedList.body.data.data[0].invited_by_uid).toBe(inviterDetail.uid)
    expect((await staffGet('support', '/admin/api/users/2000000000')).body).toMatchObject({
      code: 0,
      reason: 'account_not_found',
    })
  })

  it('adjusts a balance once through the desk, with its memo on a type-10 ledger row; a debit only from free margin', async () => {
    const user = await realUser()
    const before = await auditCount()
    const credit = await staffPost('finance', `/admin/api/users/${user.userId}/adjust`, {
      amount: '500',
      memo: 'Goodwill credit',
    })
    expect(credit.body).toMatchObject({
      code: 1,
      data: { amount: '500.00', status: 1, memo: 'Goodwill credit' },
    })
    expect(await balanceOf(user.userId)).toBe('500.000000')
    const rows = await app.db.select().from(ledger).where(eq(ledger.userId, user.userId))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ type: LedgerType.STAFF_ADJUSTMENT, memo: 'Goodwill credit' })
    // The user sees it with its memo; staff see it with its reference.
    const mine = await app.get('/v1/api/main/account/forexDetail', { token: user.token })
    expect(mine.body.data.list[0]).toMatchObject({ Type: 10, Memo: 'Goodwill credit', Value: '500.000000' })
    const staffLedger = (await staffGet('support', `/admin/api/users/${user.userId}/ledger`)).body.data
    expect(staffLedger).toMatchObject({ total: 1 })
    expect(staffLedger.data[0]).toMatchObject({
      type: 10,
      amount: '500.000000',
      balance_after: '500.000000',
      frozen_amount: '0.000000',
      memo: 'Goodwill credit',
      ref: `adjustment:${credit.body.data.id}`,
    })
    expect(await auditCount()).toBe(before + 1)
    const [applied] = await auditRows('adjustment.apply', `user:${user.userId}`)
    expect(applied).toMatchObject({
      before: { balance: '0.000000' },
      after: { balance: '500.000000', amount: '500.00' },
    })

    // Money that holds a position cannot be taken.
    await buyBtc(user.token)
    const free = Number(
      (await staffGet('admin', `/admin/api/users/${user.userId}`)).body.data.account.free_margin,
    )
    expect(free).toBeGreaterThan(0)
    expect(free).toBeLessThan(500)
    const audited = await auditCount()
    const tooMuch = await staffPost('finance', `/admin/api/users/${user.userId}/adjust`, {
      amount: `-${Math.ceil(free + 1)}`,
      memo: 'Too much',
    })
    expect(tooMuch.body).toMatchObject({ code: 0, reason: 'balance_insufficient' })
    expect(await auditCount()).toBe(audited)
    const balanceNow = await balanceOf(user.userId)
    const debit = await staffPost('finance', `/admin/api/users/${user.userId}/adjust`, {
      amount: '-10.25',
      memo: 'Fee correction',
    })
    expect(debit.body.code).toBe(1)
    expect(Number(await balanceOf(user.userId))).toBeCloseTo(Number(balanceNow) - 10.25, 6)
    expect(
      await app.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.userId, user.userId)),
    ).toHaveLength(2)
    // Demo money is not adjusted.
    const player = await demo()
    expect(
      (await staffPost('finance', `/admin/api/users/${player.userId}/adjust`, { amount: '5', memo: 'x' }))
        .body,
    ).toMatchObject({ code: 0, reason: 'demo_forbidden' })
  })

  it('keeps an adjustment above the four-eyes amount waiting for another admin, who applies it exactly once', async () => {
    const user = await realUser()
    const asked = await staffPost('admin', `/admin/api/users/${user.userId}/adjust`, {
      amount: '1500',
      memo: 'Compensation, ticket 88',
    })
    expect(asked.body).toMatchObject({ code: 1, data: { status: 0, amount: '1500.00' } })
    const id = asked.body.data.id as number
    expect(await balanceOf(user.userId)).toBe('0.000000')
    expect(await auditRows('adjustment.request', `user:${user.userId}`)).toHaveLength(1)
    const waiting = (await staffGet('finance', '/admin/api/adjustments?status=0')).body.data
    expect(waiting.data.map((a: { id: number }) => a.id)).toContain(id)

    const audited = await auditCount()
    // The requester may not decide it, either way; finance may not at all.
    expect((await staffPost('admin', `/admin/api/adjustments/${id}/approve`)).body).toMatchObject({
      code: 0,
      reason: 'four_eyes',
    })
    expect((await staffPost('admin', `/admin/api/adjustments/${id}/reject`)).body.reason).toBe('four_eyes')
    expect((await staffPost('finance', `/admin/api/adjustments/${id}/approve`)).status).toBe(403)
    expect(await auditCount()).toBe(audited)
    // The table refuses it too.
    const [row] = await app.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id))
    await expect(
      app.db
        .update(balanceAdjustments)
        .set({ decidedBy: row!.requestedBy })
        .where(eq(balanceAdjustments.id, id)),
    ).rejects.toThrow()

    // Two approvals at once: one applies, the other finds it decided.
    const answers = await Promise.all([
      staffPost('admin2', `/admin/api/adjustments/${id}/approve`),
      staffPost('admin2', `/admin/api/adjustments/${id}/approve`),
    ])
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 1])
    expect(answers.find((a) => a.body.code === 0)!.body.reason).toBe('already_processed')
    expect(answers.find((a) => a.body.code === 1)!.body.data).toMatchObject({
      status: 1,
      decided_by: expect.any(String),
    })
    expect(await balanceOf(user.userId)).toBe('1500.000000')
    const booked = await app.db
      .select()
      .from(ledger)
      .where(eq(ledger.ref, `adjustment:${id}`))
    expect(booked).toHaveLength(1)
    expect(booked[0]).toMatchObject({ type: 10, memo: 'Compensation, ticket 88', userId: user.userId })
    expect(await auditRows('adjustment.approve', `adjustment:${id}`)).toHaveLength(1)
    expect((await staffPost('admin2', `/admin/api/adjustments/${id}/reject`)).body.reason).toBe(
      'already_processed',
    )

    // A rejection moves nothing, once.
    const other = await staffPost('finance', `/admin/api/users/${user.userId}/adjust`, {
      amount: '-1200',
      memo: 'Reversal',
    })
    const otherId = other.body.data.id as number
    const rejected = await Promise.all([
      staffPost('admin', `/admin/api/adjustments/${otherId}/reject`),
      staffPost('admin2', `/admin/api/adjustments/${otherId}/approve`),
    ])
    expect(rejected.map((a) => a.body.code).sort()).toEqual([0, 1])
    const [decided] = await app.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, otherId))
    if (decided!.status === 2) {
      expect(await balanceOf(user.userId)).toBe('1500.000000')
      expect(
        await app.db
          .select()
          .from(ledger)
          .where(eq(ledger.ref, `adjustment:${otherId}`)),
      ).toHaveLength(0)
    } else {
      expect(await balanceOf(user.userId)).toBe('300.000000')
    }
    const third = await staffPost('finance', `/admin/api/users/${user.userId}/adjust`, {
      amount: '2000',
      memo: 'Mistake',
    })
    const thirdId = third.body.data.id as number
    expect((await staffPost('admin', `/admin/api/adjustments/${thirdId}/reject`)).body).toMatchObject({
      code: 1,
      data: { status: 2 },
    })
    expect(
      await app.db
        .select()
        .from(ledger)
        .where(eq(ledger.ref, `adjustment:${thirdId}`)),
    ).toHaveLength(0)
    expect(await auditRows('adjustment.reject', `adjustment:${thirdId}`)).toHaveLength(1)
    const rejectedList = (await staffGet('admin', '/admin/api/adjustments?status=2')).body.data
    expect(rejectedList.data.map((a: { id: number }) => a.id)).toContain(thirdId)
  })

  it('takes the four-eyes amount from its setting, for what one staff member books alone in a day', async () => {
    const user = await realUser()
    // A staff member with nothing booked today.
    staffTokens.fresh = await signInStaff('finance')
    await setSetting(app.db, 'adjustment_four_eyes_usd', '100')
    try {
      const adjust = (amount: string) =>
        staffPost('fresh', `/admin/api/users/${user.userId}/adjust`, { amount, memo: 'a' })
      expect((await adjust('-100.01')).body.data.status).toBe(0)
      expect((await adjust('60')).body.data.status).toBe(1)
      expect((await adjust('40')).body.data.status).toBe(1)
      // 60 + 40 booked alone today: the next cent needs a second admin, split or not.
      expect((await adjust('0.01')).body.data.status).toBe(0)
      expect(await balanceOf(user.userId)).toBe('100.000000')
    } finally {
      await setSetting(app.db, 'adjustment_four_eyes_usd', '1000')
    }
  })

  it('holds the four-eyes amount when one staff member sends adjustments at once, to one user or several', async () => {
    const first = await realUser()
    const second = await realUser()
    staffTokens.racer = await signInStaff('finance')
    await setSetting(app.db, 'adjustment_four_eyes_usd', '1000')
    const adjust = (userId: number) =>
      staffPost('racer', `/admin/api/users/${userId}/adjust`, { amount: '600', memo: 'race' })
    // 600 + 600 > 1000: whatever the timing, one is booked and the other waits for a second admin.
    const answers = await Promise.all([adjust(first.userId), adjust(second.userId), adjust(first.userId)])
    const statuses = answers.map((a) => a.body.data.status).sort()
    expect(statuses).toEqual([0, 0, 1])
    const booked = Number(await balanceOf(first.userId)) + Number(await balanceOf(second.userId))
    expect(booked).toBe(600)
  })

  it('disables an account: its token answers 999 at once, its socket is signed out, sign-in refused; enable restores it', async () => {
    const user = await realUser()
    const socket = await signedInSocket(user.token)
    expect((await app.get('/api/user/info', { token: user.token })).body.code).toBe(1)
    const disabled = await staffPost('admin', `/admin/api/users/${user.userId}/disable`)
    expect(disabled.body).toMatchObject({ code: 1, data: { disabled: true, sessions_ended: 1 } })
    expect((await app.get('/api/user/info', { token: user.token })).body.code).toBe(999)
    await waitForMessage(socket, (m) => m.type === 'login_result' && m.code === 0)
    const login = () =>
      app.post('/api/user/loginForU', { account: user.email, password: USER_PASSWORD, login_type: 'email' })
    expect((await login()).body).toMatchObject({ code: 0, reason: 'account_disabled' })
    // A wrong password still says only that.
    expect(
      (
        await app.post('/api/user/loginForU', {
          account: user.email,
          password: 'Wrong0ne!',
          login_type: 'email',
        })
      ).body.reason,
    ).toBe('wrong_credentials')
    // The socket cannot sign in again with the dead token.
    socket.send({ type: 'login', params: user.token })
    await roundTrip(socket)
    expect(socket.seen.filter((m) => m.type === 'login_result').at(-1)).toMatchObject({ code: 0 })
    const [audit] = await auditRows('user.disable', `user:${user.userId}`)
    expect(audit).toMatchObject({ after: { sessions_ended: 1, note: 'open positions stay open' } })
    expect((await staffGet('support', `/admin/api/users/${user.userId}`)).body.data).toMatchObject({
      disabled: true,
      live_sessions: 0,
    })
    const audited = await auditCount()
    expect((await staffPost('admin', `/admin/api/users/${user.userId}/disable`)).body.reason).toBe(
      'already_processed',
    )
    expect(await auditCount()).toBe(audited)

    expect((await staffPost('admin', `/admin/api/users/${user.userId}/enable`)).body).toMatchObject({
      code: 1,
      data: { disabled: false },
    })
    expect(await auditRows('user.enable', `user:${user.userId}`)).toHaveLength(1)
    const again = await login()
    expect(again.body.code).toBe(1)
    expect((await app.get('/api/user/info', { token: again.body.data.token })).body.code).toBe(1)
    // The old session stays ended.
    expect((await app.get('/api/user/info', { token: user.token })).body.code).toBe(999)
  })

  it('a disabled account keeps its open positions', async () => {
    const player = await demo()
    const id = await buyBtc(player.token)
    expect((await staffPost('admin', `/admin/api/users/${player.userId}/disable`)).body.code).toBe(1)
    const [audit] = await auditRows('user.disable', `user:${player.userId}`)
    expect(audit).toMatchObject({ after: { open_positions: 1 } })
    expect(app.desk.view.order(id)?.status).toBe(1)
    const detail = (await staffGet('admin', `/admin/api/users/${player.userId}`)).body.data
    expect(detail.positions.map((p: { Id: number }) => p.Id)).toEqual([id])
    // The device's demo sign-in gives no usable session while the account is disabled.
    const again = await app.get(`/api/user/createAccountDemoForU?demo_id=${player.demoId}`)
    if (again.body.code === 1)
      expect((await app.get('/api/user/info', { token: again.body.data.token })).body.code).toBe(999)
    else expect(again.body.reason).toBe('account_disabled')
  })

  it('ends every session of a user; its sockets are signed out at once, sign-in still works', async () => {
    const user = await realUser()
    const second = await app.post('/api/user/loginForU', {
      account: user.email,
      password: USER_PASSWORD,
      login_type: 'email',
    })
    const sockets = [await signedInSocket(user.token), await signedInSocket(second.body.data.token)]
    const answer = await staffPost('admin', `/admin/api/users/${user.userId}/revoke_sessions`)
    expect(answer.body).toMatchObject({ code: 1, data: { sessions_ended: 2 } })
    for (const token of [user.token, second.body.data.token])
      expect((await app.get('/api/user/info', { token })).body.code).toBe(999)
    for (const socket of sockets)
      await waitForMessage(socket, (m) => m.type === 'login_result' && m.code === 0)
    expect(await auditRows('user.revoke_sessions', `user:${user.userId}`)).toHaveLength(1)
    const login = await app.post('/api/user/loginForU', {
      account: user.email,
      password: USER_PASSWORD,
      login_type: 'email',
    })
    expect(login.body.code).toBe(1)
  })

  it("closes a position on the user's behalf with ClosedType 5 at a live price, and tells the user's socket", async () => {
    await tickBtc(65_100, 65_130)
    const player = await demo()
    const socket = await signedInSocket(player.token)
    const id = await buyBtc(player.token)
    const before = await auditCount()
    const closed = await staffPost('dealer', `/admin/api/positions/${id}/close`)
    expect(closed.body).toMatchObject({ code: 1, data: { id, user_id: player.userId, close_price: 65_100 } })
    const [row] = await app.db.select().from(orders).where(eq(orders.id, id))
    expect(row).toMatchObject({ status: 3, closedType: ClosedType.Staff })
    await waitForMessage(socket, (m) => m.type === 'FOREX_CLOSED' && m.id.includes(id))
    const mine = await app.get('/v1/api/forex/my_deal?status=3', { token: player.token })
    expect(mine.body.data.data[0]).toMatchObject({ Id: id, ClosedType: 5 })
    expect(await auditCount()).toBe(before + 1)
    const [audit] = await auditRows('position.close', `order:${id}`)
    expect(audit).toMatchObject({
      before: { user_id: player.userId, status: 'holding' },
      after: { closed_type: 5 },
    })
    // Closed already: nothing to close.
    expect((await staffPost('admin', `/admin/api/positions/${id}/close`)).body).toMatchObject({
      code: 0,
      reason: 'order_not_found',
    })

    // A stale quote refuses it, as it refuses the user.
    const next = await buyBtc(player.token)
    app.clock.advance(11_000)
    const audited = await auditCount()
    expect((await staffPost('dealer', `/admin/api/positions/${next}/close`)).body).toMatchObject({
      code: 0,
      reason: 'quote_stale',
    })
    expect(app.desk.view.order(next)?.status).toBe(1)
    expect(await auditCount()).toBe(audited)
    await tickBtc(65_000, 65_030)
    expect((await staffPost('dealer', `/admin/api/positions/${next}/close`)).body.code).toBe(1)
    await until(() => socket.seen.some((m) => m.type === 'FOREX_CLOSED' && m.id.includes(next)))
  })

  it('answers bad ids and input with clean envelopes, never a 500, and changes nothing', async () => {
    const user = await realUser()
    const before = await auditCount()
    const bad: [string, string, Record<string, unknown>?][] = [
      ['get', '/admin/api/users/abc'],
      ['get', '/admin/api/users/0'],
      ['get', '/admin/api/users/-1'],
      ['get', '/admin/api/users/99999999999'],
      ['get', '/admin/api/users/1.5/ledger'],
      ['get', `/admin/api/users/${user.userId}/ledger?limit=101`],
      ['get', `/admin/api/users/${user.userId}/ledger?page=0`],
      ['get', '/admin/api/users?limit=1e3'],
      ['get', `/admin/api/users?q=${'x'.repeat(101)}`],
      ['get', '/admin/api/adjustments?status=7'],
      ['post', '/admin/api/adjustments/abc/approve'],
      ['post', '/admin/api/positions/abc/close'],
      ['post', '/admin/api/positions/0x10/close'],
      ['post', `/admin/api/users/${user.userId}/adjust`, { amount: '1.234', memo: 'x' }],
      ['post', `/admin/api/users/${user.userId}/adjust`, { amount: '0', memo: 'x' }],
      ['post', `/admin/api/users/${user.userId}/adjust`, { amount: '-0.00', memo: 'x' }],
      ['post', `/admin/api/users/${user.userId}/adjust`, { amount: '1e3', memo: 'x' }],
      ['post', `/admin/api/users/${user.userId}/adjust`, { amount: 'NaN', memo: 'x' }],
      ['post', `/admin/api/users/${user.userId}/adjust`, { amount: 5, memo: 'x' }],
      ['post', `/admin/api/users/${user.userId}/adjust`, { amount: '5', memo: '   ' }],
      ['post', `/admin/api/users/${user.userId}/adjust`, { amount: '5', memo: 'x'.repeat(201) }],
      ['post', `/admin/api/users/${user.userId}/adjust`, { amount: '5' }],
      ['post', `/admin/api/users/${user.userId}/adjust`, { amount: ['5'], memo: 'x' }],
      ['post', `/admin/api/users/${user.userId}/adjust`, { amount: '5', memo: 'a\u0000b' }],
      // A lone surrogate: jsonb refuses it, so it would fail the audit row inside the desk's step.
      ['post', `/admin/api/users/${user.userId}/adjust`, { amount: '5', memo: 'a\ud800b' }],
      // A bidi override makes the memo the user reads say something else.
      ['post', `/admin/api/users/${user.userId}/adjust`, { amount: '5', memo: 'refund \u202e01$' }],
      ['post', '/admin/api/settings', { key: 'site_title', value: 'x\udc00' }],
    ]
    for (const [method, path, body] of bad) {
      const answer = method === 'get' ? await staffGet('admin', path) : await staffPost('admin', path, body)
      expect(answer.status, path).toBeLessThan(500)
      expect(answer.body, `${path} ${JSON.stringify(body)}`).toMatchObject({
        code: 0,
        reason: 'invalid_input',
      })
    }
    // Ids that exist nowhere.
    expect((await staffPost('admin', '/admin/api/adjustments/2000000000/approve')).body.reason).toBe(
      'not_found',
    )
    expect((await staffPost('admin', '/admin/api/positions/2000000000/close')).body.reason).toBe(
      'order_not_found',
    )
    expect((await staffGet('admin', '/admin/api/users/2000000000/ledger')).body.reason).toBe(
      'account_not_found',
    )
    expect(await auditCount()).toBe(before)
    expect(await balanceOf(user.userId)).toBe('0.000000')
    // The desk kept running: the next adjustment is booked.
    const booked = await staffPost('admin', `/admin/api/users/${user.userId}/adjust`, {
      amount: '5',
      memo: 'ok',
    })
    expect(booked.body).toMatchObject({ code: 1, data: { status: 1 } })
  })
})
