import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../src/db/schema.ts'
import { totpCode } from '../src/security/totp.ts'
import { lastStaffPassword, registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { STAFF_PASSWORD, signedInStaff } from './staff.ts'

describe.each(DRIVERS)('back-office staff management on %s', (driver) => {
  let app: TestApp
  let admin: Awaited<ReturnType<typeof signedInStaff>>

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    admin = await signedInStaff(app, 'admin')
  })
  afterAll(async () => {
    await app?.close()
  })

  const post = (path: string, body: Record<string, unknown> = {}, token = admin.token) =>
    app.post(path, body, { token, json: true })
  const me = (token: string) => app.get('/admin/api/me', { token })
  const login = (email: string) => app.post('/admin/api/auth/login', { email, password: STAFF_PASSWORD })

  it('adds staff, who set their own password, then their own authenticator, at first sign-in', async () => {
    // One admin: nobody else to ask, so a finance member is added at once (decision 028).
    const created = await post('/admin/api/staff', {
      email: 'new.teller@broker.example',
      name: 'New Teller',
      role: 'finance',
    })
    expect(created.body).toMatchObject({
      code: 1,
      data: {
        id: expect.any(Number),
        must_change_password: true,
        password_sent_to: 'new.teller@broker.example',
      },
    })
    expect(created.body.data.temporary_password).toBeUndefined()
    const listed = (await app.get('/admin/api/staff', { token: admin.token })).body.data
    expect(listed.find((s: { email: string }) => s.email === 'new.teller@broker.example')).toMatchObject({
      role: 'finance',
      totp_enabled: false,
      disabled: false,
    })
    const first = await app.post('/admin/api/auth/login', {
      email: 'new.teller@broker.example',
      password: lastStaffPassword(app, 'new.teller@broker.example'),
    })
    expect(first.body.data.stage).toBe('password')
    const own = await app.post(
      '/admin/api/auth/password',
      { password: 'the teller own words' },
      { token: first.body.data.token },
    )
    expect(own.body.data.stage).toBe('setup')
    const [row] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'staff.create'))
    expect(row).toMatchObject({ staffEmail: admin.email, after: { role: 'finance' } })
    expect(
      (
        await post('/admin/api/staff', {
          email: 'x@broker.example',
          name: 'X',
          role: 'boss',
          password: STAFF_PASSWORD,
        })
      ).status,
    ).toBe(200)
  })

  it('resets a lost second factor: sessions end, the next sign-in sets up a new authenticator', async () => {
    const teller = await signedInStaff(app, 'finance')
    expect((await me(teller.token)).body.code).toBe(1)
    const reset = await post(`/admin/api/staff/${teller.id}/reset_second_factor`)
    expect(reset.body).toMatchObject({ code: 1, data: { totp_enabled: false } })
    expect((await me(teller.token)).body.code).toBe(999)
    // Issue 22: a new password first (whoever knew the old one cannot enrol an authenticator).
    const first = (await login(teller.email)).body.data
    expect(first.stage).toBe('password')
    const again = (
      await app.post('/admin/api/auth/password', { password: 'another long phrase' }, { token: first.token })
    ).body.data
    expect(again.stage).toBe('setup')
    expect(again.secret).not.toBe(teller.secret)
    const done = await app.post(
      '/admin/api/auth/totp',
      { code: totpCode(again.secret, app.clock.now().getTime()) },
      { token: again.token },
    )
    expect(done.body.data.recovery_codes).toHaveLength(10)
  })

  it('changes roles and disables staff, audited, never oneself', async () => {
    const clerk = await signedInStaff(app, 'finance')
    const moved = await post(`/admin/api/staff/${clerk.id}/role`, { role: 'support' })
    expect(moved.body).toMatchObject({ code: 1, data: { role: 'support' } })
    const [audited] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `staff:${clerk.id}`))
    expect(audited).toMatchObject({
      action: 'staff.role',
      before: { role: 'finance' },
      after: { role: 'support' },
    })
    expect((await post(`/admin/api/staff/${clerk.id}/disable`)).body.data.disabled).toBe(true)
    expect((await login(clerk.email)).body.reason).toBe('account_disabled')
    expect((await post(`/admin/api/staff/${clerk.id}/disable`)).body.reason).toBe('already_processed')
    expect((await post(`/admin/api/staff/${clerk.id}/enable`)).body.code).toBe(1)
    expect((await login(clerk.email)).body.code).toBe(1)
    // Nobody changes themselves: an active admin always remains.
    for (const path of ['disable', 'reset_second_factor'])
      expect((await post(`/admin/api/staff/${admin.id}/${path}`)).status).toBe(403)
    expect((await post(`/admin/api/staff/${admin.id}/role`, { role: 'support' })).status).toBe(403)
    expect((await post('/admin/api/staff/2000000/disable')).body.reason).toBe('not_found')
  })

  it('is for admins only', async () => {
    for (const role of ['finance', 'dealer', 'support'] as const) {
      const someone = await signedInStaff(app, role)
      expect((await app.get('/admin/api/staff', { token: someone.token })).status).toBe(403)
      expect((await post(`/admin/api/staff/${admin.id}/disable`, {}, someone.token)).status).toBe(403)
    }
    const user = await registerAndLogin(app)
    expect((await app.get('/admin/api/staff', { token: user.token })).body.code).toBe(999)
  })
})
