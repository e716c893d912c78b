import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { PASSWORD, lastCode, registerAndLogin } from './accounts.ts'

const NEW_PASSWORD = 'N3wPassword'

describe.each(DRIVERS)('password reset and change on %s', (driver) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(driver)
  })
  afterAll(() => app.close())

  it('resets a forgotten password with an e-mailed code and ends every session', async () => {
    const { email, token } = await registerAndLogin(app)
    expect((await app.post('/api/notify/send_email', { to: email, type: 2 })).body.code).toBe(1)
    const reset = await app.post('/api/user/forget_password', {
      type: 'email',
      account: email,
      new_password: NEW_PASSWORD,
      secondary_password: NEW_PASSWORD,
      auth_code: await lastCode(app, email),
    })
    expect(reset.body).toMatchObject({ code: 1, msg: 'Your password has been changed' })
    expect((await app.get('/api/user/info', { token })).body.code).toBe(999)
    const old = await app.post('/api/user/loginForU', { account: email, password: PASSWORD })
    expect(old.body.reason).toBe('wrong_credentials')
    const fresh = await app.post('/api/user/loginForU', { account: email, password: NEW_PASSWORD })
    expect(fresh.body.code).toBe(1)
  })

  it('sends no reset code to an unregistered address, and refuses a register code used for a reset', async () => {
    // The answer is the one a customer gets; the message says there is no account, without a code.
    const unknown = await app.post('/api/notify/send_email', { to: 'ghost@example.com', type: 2 })
    expect(unknown.body).toMatchObject({ code: 1 })
    await expect(lastCode(app, 'ghost@example.com')).rejects.toThrow(/no code/)
    const { email } = await registerAndLogin(app)
    const reset = await app.post('/api/user/forget_password', {
      account: email,
      new_password: NEW_PASSWORD,
      secondary_password: NEW_PASSWORD,
      auth_code: await lastCode(app, email), // the registration code, already spent and of the wrong purpose
    })
    expect(reset.body.reason).toBe('code_invalid')
  })

  it('changes the password of the signed-in user, keeping this session and ending the others', async () => {
    const { email, token } = await registerAndLogin(app)
    const other = (await app.post('/api/user/loginForU', { account: email, password: PASSWORD })).body.data
      .token
    await app.post('/api/notify/send_email', { to: email, type: 2 }, { token })
    const changed = await app.post(
      '/api/user/amend_password',
      {
        old_password: PASSWORD,
        new_password: NEW_PASSWORD,
        re_password: NEW_PASSWORD,
        auth_code: await lastCode(app, email),
        type: 'email',
      },
      { token },
    )
    expect(changed.body.code).toBe(1)
    expect((await app.get('/api/user/info', { token })).body.code).toBe(1)
    expect((await app.get('/api/user/info', { token: other })).body.code).toBe(999)
  })

  it('needs a session to change a password', async () => {
    const anonymous = await app.post('/api/user/amend_password', {
      old_password: PASSWORD,
      new_password: NEW_PASSWORD,
      auth_code: '123456',
      type: 'email',
    })
    expect(anonymous.body.code).toBe(999)
  })
})
