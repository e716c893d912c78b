import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, users } from '../src/db/schema.ts'
import { totpCode } from '../src/security/totp.ts'
import { PASSWORD, registerAndLogin } from './accounts.ts'
import { verifiedIdentity } from './approvers.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { SoftwarePasskey } from './software-passkey.ts'
import { signedInStaff } from './staff.ts'

/*
 * Issue 26 (decision 047): a client's own second factor. An authenticator app and passkeys, with
 * recovery codes; asked at sign-in, and again (within 5 minutes) before a withdrawal, a payout
 * method's change or a change of the factor itself; five wrong codes rest it; each code and each
 * passkey challenge is good once, whatever races on it; staff remove it only for a verified client.
 */

const STEP_MS = 30_000
const TRC20 = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'

describe.each(DRIVERS)('a client second factor on %s', (driver) => {
  let app: TestApp
  let origin: string

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    origin = 'http://localhost:5173'
  })
  afterAll(() => app?.close())

  const code = (secret: string) => totpCode(secret, app.clock.now().getTime())
  /** The next 30-second step: a code is good once, so each use in a test waits for a new one. */
  const nextStep = () => app.clock.advance(STEP_MS)
  const post = (path: string, body: unknown, token?: string) =>
    app.post(path, body as Record<string, unknown>, { token, json: true, headers: { origin } })
  const signIn = (email: string, password = PASSWORD) =>
    post('/api/user/loginForU', { account: email, password, login_type: 'email' })

  /** A client with an authenticator app (its secret) and the recovery codes shown once. */
  async function withTotp() {
    const user = await registerAndLogin(app)
    expect((await post('/api/security/verify', { password: PASSWORD }, user.token)).body.code).toBe(1)
    const setup = await post('/api/security/totp/setup', {}, user.token)
    expect(setup.body.code).toBe(1)
    const secret = setup.body.data.secret as string
    expect(setup.body.data.otpauth_url).toMatch(/^otpauth:\/\/totp\//)
    expect(setup.body.data.qr_svg).toContain('<svg')
    const enabled = await post('/api/security/totp/enable', { code: code(secret) }, user.token)
    expect(enabled.body.code).toBe(1)
    // Turning it on proved the factor for 5 minutes: the tests start after that.
    app.clock.advance(5 * 60_000 + STEP_MS)
    return { ...user, secret, recoveryCodes: enabled.body.data.recovery_codes as string[] }
  }

  it('asks the password before the first factor, and the first right code turns it on with 10 recovery codes', async () => {
    const user = await registerAndLogin(app)
    const status = await app.get('/api/security', { token: user.token })
    expect(status.body.data).toMatchObject({
      totp: false,
      passkeys: [],
      recovery_codes_left: 0,
      step_up_until: 0,
    })
    const early = await post('/api/security/totp/setup', {}, user.token)
    expect(early.body).toMatchObject({ code: 0, reason: 'step_up_required', data: { methods: 'password' } })
    expect((await post('/api/security/verify', { password: 'Wrong1234' }, user.token)).body.reason).toBe(
      'old_password_wrong',
    )
    expect((await post('/api/security/verify', { password: PASSWORD }, user.token)).body.code).toBe(1)
    const setup = await post('/api/security/totp/setup', {}, user.token)
    const secret = setup.body.data.secret as string
    const wrong = String((Number(code(secret)) + 1) % 1_000_000).padStart(6, '0')
    expect((await post('/api/security/totp/enable', { code: wrong }, user.token)).body.reason).toBe(
      'totp_invalid',
    )
    const enabled = await post('/api/security/totp/enable', { code: code(secret) }, user.token)
    expect(enabled.body.data.recovery_codes).toHaveLength(10)
    const after = await app.get('/api/security', { token: user.token })
    expect(after.body.data).toMatchObject({ totp: true, recovery_codes_left: 10 })
    // Its owner hears of it (by e-mail too): a factor they did not add is a taken account.
    const inbox = await app.get('/api/notice/list', { token: user.token })
    expect(inbox.body.data.list[0]).toMatchObject({ kind: 'second_factor_added', link: '/mine/security' })
    expect(inbox.body.data.list[0].body).toContain('authenticator app')
    // A second set-up while one is on is refused; the password no longer proves it is the client.
    expect((await post('/api/security/totp/setup', {}, user.token)).body.reason).toBe('already_processed')
    expect((await post('/api/security/verify', { password: PASSWORD }, user.token)).body).toMatchObject({
      reason: 'step_up_required',
      data: { methods: 'totp,recovery' },
    })
  })

  it('signs in in two steps: the password earns a ticket, a code of the authenticator the session', async () => {
    const user = await withTotp()
    const first = await signIn(user.email)
    expect(first.body).toMatchObject({
      code: 0,
      reason: 'second_factor_required',
      data: { methods: 'totp,recovery' },
    })
    expect(first.body.msg).toContain('/login')
    const ticket = first.body.data.ticket as string
    expect(first.body.data.token).toBeUndefined()
    const wrongPassword = await signIn(user.email, 'Wrong1234')
    expect(wrongPassword.body.reason).toBe('wrong_credentials')
    expect(wrongPassword.body.data).toBeNull()

    const right = code(user.secret)
    const done = await post('/api/user/login/second_factor', { ticket, totp_code: right })
    expect(done.body.code).toBe(1)
    expect((await app.get('/api/user/info', { token: done.body.data.token })).body.data.email).toBe(
      user.email,
    )
    // The ticket is used up, and the code is good once even on a new ticket.
    expect((await post('/api/user/login/second_factor', { ticket, totp_code: right })).body.reason).toBe(
      'sign_in_again',
    )
    const again = (await signIn(user.email)).body.data.ticket
    expect(
      (await post('/api/user/login/second_factor', { ticket: again, totp_code: right })).body.reason,
    ).toBe('totp_invalid')
    // A recovery code works once (dashes and case do not matter).
    const recovery = user.recoveryCodes[0]!.toLowerCase()
    const byRecovery = await post('/api/user/login/second_factor', { ticket: again, recovery_code: recovery })
    expect(byRecovery.body.code).toBe(1)
    const third = (await signIn(user.email)).body.data.ticket
    expect(
      (await post('/api/user/login/second_factor', { ticket: third, recovery_code: recovery })).body.reason,
    ).toBe('code_invalid')
  })

  it('a ticket ends when the password changes, and is never a session', async () => {
    const user = await withTotp()
    const ticket = (await signIn(user.email)).body.data.ticket as string
    expect((await app.get('/api/user/info', { token: ticket })).body.code).toBe(999)
    await app.db.update(users).set({ passwordHash: 'changed' }).where(eq(users.id, user.user.id))
    const late = await post('/api/user/login/second_factor', { ticket, totp_code: code(user.secret) })
    expect(late.body.reason).toBe('sign_in_again')
  })

  it('one right code on one ticket, sent 10 times at once, opens one session', async () => {
    const user = await withTotp()
    const ticket = (await signIn(user.email)).body.data.ticket as string
    const right = code(user.secret)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/user/login/second_factor', { ticket, totp_code: right })),
    )
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1)
  })

  it('rests the second factor after 5 wrong codes, even for the right one, then takes it', async () => {
    const user = await withTotp()
    const ticket = (await signIn(user.email)).body.data.ticket as string
    const wrong = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/user/login/second_factor', { ticket, totp_code: '000000' })),
    )
    expect(wrong.filter((a) => a.body.reason === 'totp_invalid').length).toBeLessThanOrEqual(5)
    expect(wrong.some((a) => a.body.reason === 'account_locked')).toBe(true)
    const resting = await post('/api/user/login/second_factor', { ticket, totp_code: code(user.secret) })
    expect(resting.body.reason).toBe('account_locked')
    app.clock.advance(15 * 60_000)
    const fresh = (await signIn(user.email)).body.data.ticket as string
    expect(
      (await post('/api/user/login/second_factor', { ticket: fresh, totp_code: code(user.secret) })).body
        .code,
    ).toBe(1)
  })

  it('asks a fresh proof before a payout method or a withdrawal, for 5 minutes', async () => {
    const user = await withTotp()
    const symbols = (await app.get('/api/account/draw_symbol_list?type=1', { token: user.token })).body.data
    const usdt = symbols.find((s: { label: string }) => s.label === 'USDT-TRC20')
    const bind = () =>
      post('/api/wallet/bind_draw_method', { type: 1, draw_id: usdt.id, dc_address: TRC20 }, user.token)
    const refused = await bind()
    expect(refused.body).toMatchObject({
      code: 0,
      reason: 'step_up_required',
      data: { methods: 'totp,recovery' },
    })
    expect(
      (await app.get('/api/wallet/get_draw_method?draw_type=1', { token: user.token })).body.data,
    ).toEqual([])
    const proved = await post('/api/security/verify', { totp_code: code(user.secret) }, user.token)
    expect(proved.body.data.until).toBe(app.clock.now().getTime() + 5 * 60_000)
    expect((await bind()).body.code).toBe(1)
    const [method] = (await app.get('/api/wallet/get_draw_method?draw_type=1', { token: user.token })).body
      .data
    app.clock.advance(5 * 60_000)
    const draw = await post(
      '/api/account/draw',
      { draw_currency_id: usdt.id, number: '50', draw_method_id: method.id },
      user.token,
    )
    expect(draw.body.reason).toBe('step_up_required')
    const del = await post('/api/wallet/del_draw_method', { id: method.id }, user.token)
    expect(del.body.reason).toBe('step_up_required')
    // Another session of the same client has not proved anything.
    const other = await post('/api/user/login/second_factor', {
      ticket: (await signIn(user.email)).body.data.ticket,
      totp_code: code(user.secret),
    })
    nextStep()
    expect(
      (await post('/api/security/verify', { totp_code: code(user.secret) }, other.body.data.token)).body.code,
    ).toBe(1)
    expect((await post('/api/wallet/del_draw_method', { id: method.id }, user.token)).body.reason).toBe(
      'step_up_required',
    )
  })

  it('a client without a second factor withdraws as before', async () => {
    const user = await registerAndLogin(app)
    const symbols = (await app.get('/api/account/draw_symbol_list?type=1', { token: user.token })).body.data
    const usdt = symbols.find((s: { label: string }) => s.label === 'USDT-TRC20')
    const bound = await post(
      '/api/wallet/bind_draw_method',
      { type: 1, draw_id: usdt.id, dc_address: TRC20 },
      user.token,
    )
    expect(bound.body.code).toBe(1)
  })

  it('adds a passkey, signs in with it alone, and refuses a replayed, phished or counted-back answer', async () => {
    const user = await withTotp()
    expect((await post('/api/security/verify', { totp_code: code(user.secret) }, user.token)).body.code).toBe(
      1,
    )
    const key = new SoftwarePasskey('localhost', origin)
    const options = (await post('/api/security/passkey/options', {}, user.token)).body.data
    expect(options.rp.id).toBe('localhost')
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    })
    const added = await post(
      '/api/security/passkey/add',
      { name: 'Phone', passkey: key.create(options) },
      user.token,
    )
    expect(added.body).toMatchObject({ code: 1, data: { recovery_codes: [] } })
    const status = (await app.get('/api/security', { token: user.token })).body.data
    expect(status.passkeys).toMatchObject([{ name: 'Phone', last_used_at: null }])

    const challenge = (await post('/api/user/login/passkey_options', {})).body.data
    expect(challenge.allowCredentials).toEqual([])
    const answer = key.get(challenge)
    const signedIn = await post('/api/user/login/passkey', { passkey: answer })
    expect(signedIn.body.code).toBe(1)
    expect(signedIn.body.data.user.id).toBe(user.user.id)
    // The same answer again: its challenge is used up.
    expect((await post('/api/user/login/passkey', { passkey: answer })).body.reason).toBe('passkey_invalid')
    // Signed on another site (a phishing page relaying our challenge).
    const phished = key.get((await post('/api/user/login/passkey_options', {})).body.data, {
      origin: 'https://evil.example',
    })
    expect((await post('/api/user/login/passkey', { passkey: phished })).body.reason).toBe('passkey_invalid')
    // A copy of the key whose counter went back.
    const fresh = (await post('/api/user/login/passkey_options', {})).body.data
    key.counter = 1
    expect((await post('/api/user/login/passkey', { passkey: key.get(fresh) })).body.reason).toBe(
      'passkey_invalid',
    )
  })

  it("a ticket's passkey step names only the account's passkeys, and another client's passkey is refused", async () => {
    const owner = await withTotp()
    expect(
      (await post('/api/security/verify', { totp_code: code(owner.secret) }, owner.token)).body.code,
    ).toBe(1)
    const key = new SoftwarePasskey('localhost', origin)
    const options = (await post('/api/security/passkey/options', {}, owner.token)).body.data
    await post('/api/security/passkey/add', { name: 'Key', passkey: key.create(options) }, owner.token)
    const ticket = (await signIn(owner.email)).body.data.ticket as string
    expect((await signIn(owner.email)).body.data.methods).toBe('totp,passkey,recovery')
    const forTicket = (await post('/api/user/login/passkey_options', { ticket })).body.data
    expect(forTicket.allowCredentials).toMatchObject([{ id: key.credentialId, transports: ['internal'] }])
    const done = await post('/api/user/login/second_factor', { ticket, passkey: key.get(forTicket) })
    expect(done.body.code).toBe(1)

    const stranger = await withTotp()
    const theirTicket = (await signIn(stranger.email)).body.data.ticket as string
    const challenge = (await post('/api/user/login/passkey_options', {})).body.data
    const wrongKey = await post('/api/user/login/second_factor', {
      ticket: theirTicket,
      passkey: key.get(challenge),
    })
    expect(wrongKey.body.reason).toBe('passkey_invalid')
  })

  it('two renewals of the recovery codes at once leave one set of ten', async () => {
    const user = await withTotp()
    expect((await post('/api/security/verify', { totp_code: code(user.secret) }, user.token)).body.code).toBe(
      1,
    )
    const answers = await Promise.all([1, 2].map(() => post('/api/security/recovery_codes', {}, user.token)))
    expect(answers.every((a) => a.body.data.recovery_codes.length === 10)).toBe(true)
    expect((await app.get('/api/security', { token: user.token })).body.data.recovery_codes_left).toBe(10)
  })

  it('a passkey refused for the limit cannot be sent again on the same challenge', async () => {
    const user = await withTotp()
    expect((await post('/api/security/verify', { totp_code: code(user.secret) }, user.token)).body.code).toBe(
      1,
    )
    const options = (await post('/api/security/passkey/options', {}, user.token)).body.data
    const made = new SoftwarePasskey('localhost', origin).create(options)
    const first = await post('/api/security/passkey/add', { name: 'Key', passkey: made }, user.token)
    expect(first.body.code).toBe(1)
    const again = await post('/api/security/passkey/add', { name: 'Key again', passkey: made }, user.token)
    expect(again.body.reason).toBe('passkey_invalid')
    expect((await app.get('/api/security', { token: user.token })).body.data.passkeys).toHaveLength(1)
  })

  it('removing the last factor drops the recovery codes; the next sign-in needs the password only', async () => {
    const user = await withTotp()
    expect((await post('/api/security/totp/disable', {}, user.token)).body.reason).toBe('step_up_required')
    expect(
      (await post('/api/security/verify', { recovery_code: user.recoveryCodes[1] }, user.token)).body.code,
    ).toBe(1)
    expect((await post('/api/security/totp/disable', {}, user.token)).body.code).toBe(1)
    expect((await app.get('/api/security', { token: user.token })).body.data).toMatchObject({
      totp: false,
      recovery_codes_left: 0,
    })
    expect((await signIn(user.email)).body.code).toBe(1)
  })

  it('staff reset it only for a verified client, with the check in the audit, and end every session', async () => {
    const user = await withTotp()
    const admin = await signedInStaff(app, 'admin')
    const support = await signedInStaff(app, 'support')
    const reset = (token: string, identity_check = 'Video call 10:05 UTC, face and passport matched') =>
      app.post(`/admin/api/users/${user.user.id}/second_factor_reset`, { identity_check }, { token })
    expect((await reset(support.token)).body.reason).toBe('staff_forbidden')
    expect((await reset(admin.token, 'short')).body.code).toBe(0)
    expect((await reset(admin.token)).body.reason).toBe('identity_unverified')
    await verifiedIdentity(app, user.user.id)
    const detail = await app.get(`/admin/api/users/${user.user.id}`, { token: admin.token })
    expect(detail.body.data.second_factor).toEqual(['totp'])
    expect((await reset(admin.token)).body.code).toBe(1)
    expect((await app.get('/api/user/info', { token: user.token })).body.code).toBe(999)
    const again = await signIn(user.email)
    expect(again.body.code).toBe(1)
    const inbox = await app.get('/api/notice/list', { token: again.body.data.token })
    expect(inbox.body.data.list[0]).toMatchObject({ kind: 'second_factor_removed' })
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.second_factor_reset'))
    expect(entry?.after).toMatchObject({ identity_check: 'Video call 10:05 UTC, face and passport matched' })
    expect((await reset(admin.token)).body.reason).toBe('already_processed')
  })

  it('a demo account has no second factor to set', async () => {
    const demo = await app.get('/api/user/createAccountDemoForU?demo_id=second-factor-demo')
    const token = demo.body.data.token as string
    expect((await app.get('/api/security', { token })).body.reason).toBe('demo_forbidden')
    expect((await post('/api/security/verify', { password: PASSWORD }, token)).body.reason).toBe(
      'demo_forbidden',
    )
  })
})
