import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, staff, staffSessions } from '../src/db/schema.ts'
import { DEFAULT_RATE_LIMITS } from '../src/http/route-deps.ts'
import { createStaff, ensureFirstAdmin } from '../src/staff/staff-accounts.ts'
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_MAX_FAILURES } from '../src/staff/staff-auth.ts'
import { totpCode } from '../src/security/totp.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

const PASSWORD = 'correct horse battery'

describe.each(DRIVERS)('back-office sign-in on %s', (driver) => {
  let app: TestApp
  let counter = 0
  const email = () => `staff${counter++}@broker.example`

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
  })
  afterAll(async () => {
    await app?.close()
  })

  const login = (address: string, password = PASSWORD) =>
    app.post('/admin/api/auth/login', { email: address, password })
  const totp = (token: string, code: string) => app.post('/admin/api/auth/totp', { code }, { token })
  const me = (token: string) => app.get('/admin/api/me', { token })
  /** The code of the staff member's secret at the test clock's time, `steps` of 30 s from now. */
  const codeOf = (secret: string, steps = 0) => totpCode(secret, app.clock.now().getTime() + steps * 30_000)

  /** A staff member through the whole first sign-in: TOTP set up, signed in. */
  async function setUp(role: 'admin' | 'finance' | 'dealer' | 'support' = 'admin') {
    const address = email()
    expect(
      await createStaff(app.db, { email: address, name: 'Ops', role, password: PASSWORD }),
    ).toMatchObject({
      ok: true,
    })
    const first = (await login(address)).body.data
    const signedIn = (await totp(first.token, codeOf(first.secret))).body.data
    return {
      address,
      secret: first.secret as string,
      token: signedIn.token as string,
      codes: signedIn.recovery_codes,
    }
  }

  it('sets up the authenticator at the first sign-in and answers the recovery codes once', async () => {
    const address = email()
    await createStaff(app.db, { email: address, name: 'Ops', role: 'finance', password: PASSWORD })
    const first = await login(address)
    expect(first.body).toMatchObject({ code: 1, data: { stage: 'setup' } })
    const { token, secret, otpauth_url: url, qr_svg: qr } = first.body.data
    expect(url).toMatch(/^otpauth:\/\/totp\//)
    expect(qr).toMatch(/^<svg/)
    // The pending token opens nothing but the second step.
    expect((await me(token)).body.code).toBe(999)
    expect((await totp(token, '000000')).body).toMatchObject({ code: 0, reason: 'totp_invalid' })
    const done = await totp(token, codeOf(secret))
    expect(done.body).toMatchObject({ code: 1, data: { staff: { email: address, role: 'finance' } } })
    expect(done.body.data.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT)
    expect((await me(done.body.data.token)).body.data).toMatchObject({ email: address, role: 'finance' })
    // The pending token is spent.
    expect((await totp(token, codeOf(secret, 1))).body.code).toBe(999)

    // From now on a code is asked, and no recovery codes are answered again.
    const next = await login(address)
    expect(next.body.data).toEqual({ stage: 'totp', token: expect.any(String) })
    // The code already used is refused; the next step's is taken.
    expect((await totp(next.body.data.token, codeOf(secret))).body.reason).toBe('totp_invalid')
    const again = await totp(next.body.data.token, codeOf(secret, 1))
    expect(again.body.code).toBe(1)
    expect(again.body.data.recovery_codes).toBeUndefined()
  })

  it('refuses wrong passwords and unknown addresses alike, and disabled staff', async () => {
    const { address } = await setUp()
    expect((await login(address, 'wrong password!!')).body).toMatchObject({
      code: 0,
      reason: 'wrong_credentials',
    })
    expect((await login('nobody@broker.example')).body).toMatchObject({
      code: 0,
      reason: 'wrong_credentials',
    })
    await app.db.update(staff).set({ disabledAt: app.clock.now() }).where(eq(staff.email, address))
    expect((await login(address)).body).toMatchObject({ code: 0, reason: 'account_disabled' })
  })

  it('lets one code sign in once even when two requests race with it', async () => {
    const { address, secret } = await setUp()
    app.clock.advance(60_000)
    const a = (await login(address)).body.data.token
    const b = (await login(address)).body.data.token
    const code = codeOf(secret)
    const answers = await Promise.all([totp(a, code), totp(b, code)])
    expect(answers.map((x) => x.body.code).sort()).toEqual([0, 1])
  })

  it('rests the second factor after too many wrong codes', async () => {
    const { address, secret } = await setUp()
    app.clock.advance(60_000)
    const pending = (await login(address)).body.data.token
    for (let i = 0; i < SECOND_FACTOR_MAX_FAILURES; i++)
      expect((await totp(pending, '123456')).body.reason).toBe('totp_invalid')
    expect((await totp(pending, codeOf(secret))).body).toMatchObject({ code: 0, reason: 'account_locked' })
    app.clock.advance(16 * 60_000)
    const later = (await login(address)).body.data.token
    expect((await totp(later, codeOf(secret))).body.code).toBe(1)
  })

  it('takes each recovery code once', async () => {
    const { address, codes } = await setUp()
    const pending = (await login(address)).body.data.token
    const recovery = (code: string, token: string) =>
      app.post('/admin/api/auth/recovery', { code }, { token })
    const used = await recovery(codes[0].toLowerCase(), pending)
    expect(used.body).toMatchObject({ code: 1, data: { staff: { email: address } } })
    const again = (await login(address)).body.data.token
    expect((await recovery(codes[0], again)).body).toMatchObject({ code: 0, reason: 'code_invalid' })
    expect((await recovery(codes[1], again)).body.code).toBe(1)
  })

  it('keeps user and staff tokens apart', async () => {
    const user = await registerAndLogin(app)
    expect((await me(user.token)).body.code).toBe(999)
    expect(
      (await app.post('/admin/api/auth/totp', { code: '123456' }, { token: user.token })).body.code,
    ).toBe(999)
    const { token } = await setUp()
    expect((await app.get('/api/user/info', { token })).body.code).toBe(999)
  })

  it('signs out, and audits signing in and out in an append-only log', async () => {
    const { address, token } = await setUp()
    expect((await app.post('/admin/api/auth/logout', {}, { token })).body.code).toBe(1)
    expect((await me(token)).body.code).toBe(999)
    const [who] = await app.db.select().from(staff).where(eq(staff.email, address))
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.staffId, who!.id))
    expect(rows.map((r) => r.action)).toEqual(['staff.sign_in', 'staff.sign_out'])
    expect(rows[0]).toMatchObject({ staffEmail: address, after: { method: 'totp' } })
    expect(rows[0]!.address).not.toBe('')
    await expect(
      app.db.update(auditLog).set({ action: 'x' }).where(eq(auditLog.staffId, who!.id)),
    ).rejects.toThrow()
    await expect(app.db.delete(auditLog).where(eq(auditLog.staffId, who!.id))).rejects.toThrow()
    await expect(app.db.execute(sql`truncate audit_log`)).rejects.toThrow()
    expect(await app.db.select().from(auditLog).where(eq(auditLog.staffId, who!.id))).toHaveLength(2)
    const sessions = await app.db.select().from(staffSessions).where(eq(staffSessions.staffId, who!.id))
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true)
  })

  it('refuses bad input with a clean envelope and never a 500', async () => {
    const bodies = [
      {},
      { email: 'x' },
      { email: 'not an email', password: 'x' },
      { email: ['a@b.c'], password: 'x' },
      { email: 'a@b.c', password: 'x'.repeat(500) },
    ]
    for (const body of bodies) {
      const answer = await app.post('/admin/api/auth/login', body)
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500)
      expect(answer.body.code).toBe(0)
    }
  })

  it('limits password attempts per address, whatever X-Forwarded-For says', async () => {
    const limited = await startTestApp(driver, {
      historyCandles: 5,
      rateLimits: { adminLogin: DEFAULT_RATE_LIMITS.adminLogin },
    })
    try {
      const statuses: number[] = []
      for (let i = 0; i < DEFAULT_RATE_LIMITS.adminLogin.max + 2; i++) {
        const answer = await limited.post(
          '/admin/api/auth/login',
          { email: 'guess@broker.example', password: `guess ${i}` },
          { headers: { 'x-forwarded-for': `10.0.0.${i}` } },
        )
        statuses.push(answer.status)
      }
      expect(statuses.filter((s) => s === 429)).toHaveLength(2)
    } finally {
      await limited.close()
    }
  })

  it('creates the first admin from ADMIN_EMAIL once, and only on an install without staff', async () => {
    const fresh = await startTestApp(driver, { historyCandles: 5 })
    try {
      const made = await ensureFirstAdmin(fresh.db, { email: 'first@broker.example', password: PASSWORD })
      expect(made).toMatchObject({ ok: true, value: { id: expect.any(Number) } })
      expect(
        await ensureFirstAdmin(fresh.db, { email: 'second@broker.example', password: PASSWORD }),
      ).toEqual({
        ok: true,
        value: null,
      })
      const rows = await fresh.db.select().from(staff)
      expect(rows.map((r) => [r.email, r.role])).toEqual([['first@broker.example', 'admin']])
      expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/)
      expect(
        await createStaff(fresh.db, {
          email: 'weak@broker.example',
          name: '',
          role: 'support',
          password: 'short',
        }),
      ).toMatchObject({ ok: false, reason: 'password_rule' })
      expect(
        await createStaff(fresh.db, {
          email: 'FIRST@broker.example',
          name: '',
          role: 'support',
          password: PASSWORD,
        }),
      ).toMatchObject({ ok: false, reason: 'account_exists' })
    } finally {
      await fresh.close()
    }
  })
})
