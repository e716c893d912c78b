import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshEmail, lastCode, PASSWORD, registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

/*
 * Invitations (issue 10): a user's code, and how many accounts registered with it, on PGlite and
 * PostgreSQL. Registration itself records the inviter (users/auth.ts, register.test.ts).
 */

describe.each(DRIVERS)('invitations on %s', (driver) => {
  let app: TestApp

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
  })
  afterAll(async () => {
    await app?.close()
  })

  const inviteInfo = async (token: string) => {
    const answer = await app.get('/api/user/invite_info', { token })
    expect(answer.body.code).toBe(1)
    return answer.body.data
  }

  it('counts the accounts registered with the code, and only those', async () => {
    const inviter = await registerAndLogin(app)
    const bystander = await registerAndLogin(app)
    expect(await inviteInfo(inviter.token)).toEqual({
      invite_code: inviter.user.invite_code,
      invited_count: 0,
    })

    const invited = await registerAndLogin(app, freshEmail(), { invite_code: inviter.user.invite_code })
    expect(await inviteInfo(inviter.token)).toEqual({
      invite_code: inviter.user.invite_code,
      invited_count: 1,
    })
    // Codes are read without regard to case, as people type them.
    await registerAndLogin(app, freshEmail(), { invite_code: String(inviter.user.invite_code).toLowerCase() })
    expect((await inviteInfo(inviter.token)).invited_count).toBe(2)

    expect(await inviteInfo(bystander.token)).toEqual({
      invite_code: bystander.user.invite_code,
      invited_count: 0,
    })
    expect((await inviteInfo(invited.token)).invited_count).toBe(0)
  })

  it('refuses an unknown code at registration and counts nothing', async () => {
    const inviter = await registerAndLogin(app)
    const email = freshEmail()
    await app.post('/api/notify/send_email', { to: email, type: 1 })
    const refused = await app.post('/api/user/register', {
      type: 'email',
      account: email,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: await lastCode(app, email),
      invite_code: 'NOPE2345',
    })
    expect(refused.body).toMatchObject({ code: 0, reason: 'invite_invalid' })
    expect((await inviteInfo(inviter.token)).invited_count).toBe(0)
  })

  it('refuses demo accounts and visitors', async () => {
    const demo = (await app.get('/api/user/createAccountDemoForU?demo_id=invite-demo-0001')).body.data.token
    expect((await app.get('/api/user/invite_info', { token: demo })).body).toMatchObject({
      code: 0,
      reason: 'demo_forbidden',
      msg: 'Please register or log in to a real account',
    })
    expect((await app.get('/api/user/invite_info')).body.code).toBe(999)
  })
})
