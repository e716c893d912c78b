import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '../src/users/auth.ts'
import { SESSION_TTL_MS } from '../src/users/sessions.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { PASSWORD, registerAndLogin } from './accounts.ts'

describe.each(DRIVERS)('sign-in and sessions on %s', (driver) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(driver)
  })
  afterAll(() => app.close())

  const login = (account: string, password: string) =>
    app.post('/api/user/loginForU', { account, password, login_type: 'email' })

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const { email } = await registerAndLogin(app)
    const wrong = await login(email, 'Wrong0pass')
    const unknown = await login('nobody@example.com', PASSWORD)
    expect(wrong.body).toMatchObject({
      code: 0,
      reason: 'wrong_credentials',
      msg: 'Incorrect account or password',
    })
    expect(unknown.body).toEqual(wrong.body)
  })

  it('asks for the captcha or a 15-minute wait after 10 failures, even for the right password', async () => {
    const { email } = await registerAndLogin(app)
    const reasons: string[] = []
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) reasons.push((await login(email, 'Wrong0pass')).body.reason!)
    expect(reasons.slice(0, -1).every((r) => r === 'wrong_credentials')).toBe(true)
    expect(reasons.at(-1)).toBe('captcha_required')
    const hot = await login(email, PASSWORD)
    expect(hot.body).toMatchObject({
      reason: 'captcha_required',
      msg: 'Too many failed attempts. Enter the code in the picture, or try again in 15 minutes',
    })
    app.clock.advance(LOGIN_LOCK_MS + 1000)
    expect((await login(email, PASSWORD)).body.code).toBe(1)
  })

  it('answers 999 without a token, with a bad token, and after the token expires', async () => {
    expect((await app.get('/api/user/info')).body).toMatchObject({ code: 999, reason: 'sign_in_again' })
    expect((await app.get('/api/user/info', { token: 'made-up' })).body.code).toBe(999)
    const { token } = await registerAndLogin(app)
    expect((await app.get('/api/user/info', { token })).body.code).toBe(1)
    expect((await app.get('/api/user/info', { token: `Bearer ${token}` })).body.code).toBe(1)
    app.clock.advance(SESSION_TTL_MS + 1000)
    expect((await app.get('/api/user/info', { token })).body.code).toBe(999)
  })

  it('revokes the token at sign-out and leaves other sessions alone', async () => {
    const { email, token } = await registerAndLogin(app)
    const other = (await login(email, PASSWORD)).body.data.token
    const out = await app.post('/api/user/logout', undefined, { token })
    expect(out.body).toMatchObject({ code: 1, msg: 'You have signed out' })
    expect((await app.get('/api/user/info', { token })).body.code).toBe(999)
    expect((await app.get('/api/user/info', { token: other })).body.code).toBe(1)
  })

  it('accepts a JSON body as well as a form', async () => {
    const { email } = await registerAndLogin(app)
    const json = await app.post('/api/user/loginForU', { account: email, password: PASSWORD }, { json: true })
    expect(json.body.code).toBe(1)
  })

  it('answers malformed bodies with code 0 (HTTP 200, as the family answers), never 500', async () => {
    const broken = await fetch(`${app.base}/api/user/loginForU`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en' },
      body: '{"account":',
    })
    expect(broken.status).toBe(200)
    expect((await broken.json()) as object).toMatchObject({ code: 0, data: null })
    const missing = await app.post('/api/user/loginForU', { account: 'a@b.co' })
    expect(missing.status).toBe(200)
    expect(missing.body).toMatchObject({
      code: 0,
      reason: 'invalid_input',
      msg: 'Please check the field: password',
    })
    const wrongType = await fetch(`${app.base}/api/user/loginForU`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: '<a/>',
    })
    expect(wrongType.status).toBe(200)
    expect(((await wrongType.json()) as { code: number }).code).toBe(0)
    const arrays = await app.post(
      '/api/user/loginForU',
      { account: ['x', 'y'], password: PASSWORD },
      { json: true },
    )
    expect(arrays.status).toBe(200)
  })

  it('answers 413 for an oversized body', async () => {
    const big = await app.post('/api/user/loginForU', { account: 'a'.repeat(100_000), password: PASSWORD })
    expect(big.status).toBe(413)
    expect(big.body).toMatchObject({ code: 0, reason: 'too_large' })
  })
})
