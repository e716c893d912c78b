import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox, users, verificationCodes } from '../src/db/schema.ts'
import { setSetting } from '../src/settings/settings.ts'
import { CODE_TTL_MS } from '../src/users/verification-codes.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { PASSWORD, freshEmail, lastCode, registerAndLogin } from './accounts.ts'

const form = (email: string, code: string, extra: Record<string, string> = {}) => ({
  type: 'email',
  account: email,
  password: PASSWORD,
  re_password: PASSWORD,
  sms_code: code,
  ...extra,
})

describe.each(DRIVERS)('registration by e-mail on %s', (driver) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(driver)
  })
  afterAll(() => app.close())

  it('sends a 6-digit code to the outbox, registers with it and signs in', async () => {
    const { token, user } = await registerAndLogin(app)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(user).toMatchObject({ is_demo: 0, balance: '0.00', lock_balance: '0.00' })
    expect(user.uid).toMatch(/^[1-9][0-9]{7}$/)
    expect(user.invite_code).toMatch(/^[2-9A-Z]{8}$/)
  })

  it('refuses a wrong code, and the code still works afterwards', async () => {
    const email = freshEmail()
    await app.post('/api/notify/send_email', { to: email, type: 1 })
    const code = await lastCode(app, email)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const refused = await app.post('/api/user/register', form(email, wrong))
    expect(refused.status).toBe(200)
    expect(refused.body).toMatchObject({
      code: 0,
      reason: 'code_invalid',
      msg: 'The verification code is incorrect',
    })
    expect(await app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0)
    expect((await app.post('/api/user/register', form(email, code))).body.code).toBe(1)
  })

  it('refuses a code used twice', async () => {
    const email = freshEmail()
    await app.post('/api/notify/send_email', { to: email, type: 1 })
    const code = await lastCode(app, email)
    expect((await app.post('/api/user/register', form(email, code))).body.code).toBe(1)
    const again = await app.post('/api/user/register', form(email, code))
    expect(again.body.reason).toBe('account_exists')
  })

  it('refuses an expired code', async () => {
    const email = freshEmail()
    await app.post('/api/notify/send_email', { to: email, type: 1 })
    app.clock.advance(CODE_TTL_MS + 1000)
    const refused = await app.post('/api/user/register', form(email, await lastCode(app, email)))
    expect(refused.body.reason).toBe('code_expired')
  })

  it('kills a code after 5 wrong tries', async () => {
    const email = freshEmail()
    await app.post('/api/notify/send_email', { to: email, type: 1 })
    const code = await lastCode(app, email)
    const wrong = code === '000000' ? '111111' : '000000'
    const reasons = []
    for (let i = 0; i < 5; i++)
      reasons.push((await app.post('/api/user/register', form(email, wrong))).body.reason)
    expect(reasons).toEqual([
      'code_invalid',
      'code_invalid',
      'code_invalid',
      'code_invalid',
      'code_too_many_tries',
    ])
    expect((await app.post('/api/user/register', form(email, code))).body.reason).toBe('code_too_many_tries')
  })

  it('makes the sender wait a minute between codes', async () => {
    const email = freshEmail()
    expect((await app.post('/api/notify/send_email', { to: email, type: 1 })).body.code).toBe(1)
    const soon = await app.post('/api/notify/send_email', { to: email, type: 1 })
    expect(soon.body).toMatchObject({ code: 0, reason: 'code_wait' })
    expect(soon.body.msg).toMatch(/wait 60 seconds/)
    app.clock.advance(60_000)
    expect((await app.post('/api/notify/send_email', { to: email, type: 1 })).body.code).toBe(1)
  })

  it('refuses a duplicate e-mail, in any letter case', async () => {
    const { email } = await registerAndLogin(app)
    const sent = await app.post('/api/notify/send_email', { to: email.toUpperCase(), type: 1 })
    expect(sent.body.reason).toBe('account_exists')
  })

  it('keeps only a hash of each code', async () => {
    const email = freshEmail()
    await app.post('/api/notify/send_email', { to: email, type: 1 })
    const code = await lastCode(app, email)
    const [row] = await app.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.destination, email))
    expect(row?.codeHash).not.toContain(code)
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('links an invited user to the inviter and refuses an unknown invitation code', async () => {
    const inviter = await registerAndLogin(app)
    const email = freshEmail()
    await app.post('/api/notify/send_email', { to: email, type: 1 })
    const code = await lastCode(app, email)
    const bad = await app.post('/api/user/register', form(email, code, { invite_code: 'NOPE2345' }))
    expect(bad.body.reason).toBe('invite_invalid')
    const good = await app.post(
      '/api/user/register',
      form(email, code, { invite_code: inviter.user.invite_code }),
    )
    expect(good.body.code).toBe(1)
    const [row] = await app.db.select().from(users).where(eq(users.email, email))
    expect(row?.invitedBy).toBe(inviter.user.id)
  })

  it('explains the password rule and mismatched passwords, translated', async () => {
    const email = freshEmail()
    const weak = await app.post(
      '/api/user/register',
      form(email, '123456', { password: 'short', re_password: 'short' }),
    )
    expect(weak.status).toBe(200)
    expect(weak.body.reason).toBe('password_rule')
    const differ = await app.post('/api/user/register', form(email, '123456', { re_password: 'Other0ne!' }), {
      lang: 'hk',
    })
    expect(differ.body).toMatchObject({ code: 0, reason: 'passwords_differ', msg: '兩次輸入的密碼不一致' })
  })

  it('refuses a malformed address with code 0 and the field name', async () => {
    const bad = await app.post('/api/notify/send_email', { to: 'not-an-email', type: 1 })
    expect(bad.status).toBe(200)
    expect(bad.body).toMatchObject({
      code: 0,
      reason: 'invalid_input',
      msg: 'Please check the field: recipient',
    })
  })
})

describe.each(DRIVERS)('registration by mobile and by captcha on %s', (driver) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(driver)
  })
  afterAll(() => app.close())

  it('registers a mobile number with an SMS code and signs in with it', async () => {
    const areas = (await app.get('/api/default/area_list')).body.data as { id: number; code: string }[]
    const hk = areas.find((a) => a.code === 'HK')
    expect(hk).toBeDefined()
    const sent = await app.post('/api/notify/send_sms', { to: '91234567', area_id: hk!.id, type: 1 })
    expect(sent.body.code).toBe(1)
    const code = await lastCode(app, '+85291234567')
    const registered = await app.post('/api/user/register', {
      type: 'mobile',
      area_id: hk!.id,
      mobile: '91234567',
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: code,
    })
    expect(registered.body.code).toBe(1)
    const login = await app.post('/api/user/loginForU', {
      account: '91234567',
      password: PASSWORD,
      login_type: 'mobile',
    })
    expect(login.body.data.user).toMatchObject({ mobile: '91234567', area_id: hk!.id, email: null })
  })

  it('uses a single-try image captcha when verify_reg_type is 2', async () => {
    await setSetting(app.db, 'verify_reg_type', '2')
    const info = await app.get('/api/basicSet/getBasicInfo')
    expect(info.body.data.verify_reg_type).toBe(2)
    const captcha = (await app.get('/api/default/captcha')).body.data
    expect(captcha.b64s).toMatch(/^data:image\/svg\+xml;base64,/)
    const email = freshEmail()
    const wrong = await app.post('/api/user/register', form(email, 'zzzz', { key: captcha.id }))
    expect(wrong.body.reason).toBe('captcha_invalid')
    // The answer is only in the image; a second try with the same id is refused whatever it says.
    const again = await app.post('/api/user/register', form(email, 'zzzz', { key: captcha.id }))
    expect(again.body.reason).toBe('captcha_invalid')
    await setSetting(app.db, 'verify_reg_type', '1')
  })

  it('refuses mobile registration when the site turns it off', async () => {
    await setSetting(app.db, 'is_show_mobile', '0')
    const refused = await app.post('/api/user/register', {
      type: 'mobile',
      area_id: 1,
      mobile: '61234567',
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: '123456',
    })
    expect(refused.body.reason).toBe('mobile_disabled')
    await setSetting(app.db, 'is_show_mobile', '1')
  })

  it('refuses a number that is not a mobile of the chosen area, and sends it nothing', async () => {
    const areas = (await app.get('/api/default/area_list')).body.data as { id: number; code: string }[]
    const us = areas.find((a) => a.code === 'US')!
    const hk = areas.find((a) => a.code === 'HK')!
    const before = app.delivered.length
    // An 8-digit Hong Kong number under +1, and a Hong Kong landline, which cannot take a text.
    for (const [area, to] of [
      [us.id, '61234567'],
      [hk.id, '21234567'],
    ] as const) {
      const sent = await app.post('/api/notify/send_sms', { to, area_id: area, type: 1 }, { lang: 'en' })
      expect(sent.status).toBe(200)
      expect(sent.body).toMatchObject({
        code: 0,
        reason: 'mobile_invalid',
        msg: 'Enter a mobile number valid in the chosen country or region',
      })
      const registered = await app.post('/api/user/register', {
        type: 'mobile',
        area_id: area,
        mobile: to,
        password: PASSWORD,
        re_password: PASSWORD,
        sms_code: '123456',
      })
      expect(registered.body.reason).toBe('mobile_invalid')
    }
    expect(app.delivered.length).toBe(before)
    const rows = await app.db.select().from(users)
    expect(rows.some((u) => u.mobile === '61234567' || u.mobile === '21234567')).toBe(false)
  })
})

describe.each(DRIVERS)('an install without an SMS provider on %s', (driver) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(driver, { sms: false })
  })
  afterAll(() => app.close())

  it('does not offer mobile sign-up, whatever the setting says, and sends no text', async () => {
    const setting = await app.get('/api/default/setting?key=is_show_mobile')
    expect(setting.body.data).toEqual({ key: 'is_show_mobile', value: '0' })
    const areas = (await app.get('/api/default/area_list')).body.data as { id: number; code: string }[]
    const hk = areas.find((a) => a.code === 'HK')!
    const sent = await app.post('/api/notify/send_sms', { to: '91234567', area_id: hk.id, type: 1 })
    expect(sent.body).toMatchObject({ code: 0, reason: 'mobile_disabled' })
    const reset = await app.post('/api/notify/send_sms', { to: '91234567', area_id: hk.id, type: 2 })
    expect(reset.body).toMatchObject({ code: 0, reason: 'mobile_disabled' })
    const registered = await app.post('/api/user/register', {
      type: 'mobile',
      area_id: hk.id,
      mobile: '91234567',
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: '123456',
    })
    expect(registered.body.reason).toBe('mobile_disabled')
    expect(app.delivered.filter((m) => m.channel === 'sms')).toEqual([])
    expect((await app.db.select().from(outbox)).filter((row) => row.channel === 'sms')).toEqual([])
  })

  it('still registers by e-mail', async () => {
    const email = freshEmail()
    await app.post('/api/notify/send_email', { to: email, type: 1 })
    const registered = await app.post('/api/user/register', form(email, await lastCode(app, email)))
    expect(registered.body.code).toBe(1)
  })
})
