import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { outbox } from '../src/db/schema.ts'
import * as hashing from '../src/security/hashing.ts'
import {
  ADDRESS_MAX_FAILURES,
  ADDRESS_WINDOW_MS,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
} from '../src/users/sign-in-limits.ts'
import { issueCode } from '../src/users/verification-codes.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { PASSWORD, freshEmail, lastCode, registerAndLogin } from './accounts.ts'

// Every argon2 check the sign-in makes, counted: the real functions run behind the spies.
vi.mock('../src/security/hashing.ts', async (importOriginal) => {
  const real = await importOriginal<typeof hashing>()
  return {
    ...real,
    verifyPassword: vi.fn(real.verifyPassword),
    spendPasswordCheck: vi.fn(real.spendPasswordCheck),
  }
})
/** The answer every captcha image shows in these tests (the real route and service run). */
const CAPTCHA_TEXT = 'k7mx'
vi.mock('svg-captcha', () => ({
  default: { create: () => ({ text: CAPTCHA_TEXT, data: '<svg xmlns="http://www.w3.org/2000/svg"/>' }) },
}))

const passwordChecks = () =>
  vi.mocked(hashing.verifyPassword).mock.calls.length +
  vi.mocked(hashing.spendPasswordCheck).mock.calls.length

describe.each(DRIVERS)('sign-in under attack on %s', (driver) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(driver)
  })
  afterAll(() => app.close())
  // Every test starts with this address's failures forgotten (they are counted per app, in memory).
  beforeEach(() => app.clock.advance(Math.max(ADDRESS_WINDOW_MS, LOGIN_LOCK_MS) + 1000))

  const login = (account: string, password: string, extra: Record<string, string> = {}) =>
    app.post('/api/user/loginForU', { account, password, login_type: 'email', ...extra })
  const captcha = async () => {
    const answer = await app.get('/api/default/captcha')
    return answer.body.data.id as string
  }

  it('checks at most the limit of 200 concurrent wrong passwords for one account', async () => {
    const { email } = await registerAndLogin(app)
    vi.clearAllMocks()
    const answers = await Promise.all(Array.from({ length: 200 }, () => login(email, 'Wrong0pass')))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const reasons = answers.map((a) => a.body.reason)
    expect(passwordChecks()).toBe(LOGIN_MAX_FAILURES)
    expect(reasons.filter((r) => r === 'wrong_credentials')).toHaveLength(LOGIN_MAX_FAILURES - 1)
    expect(reasons.filter((r) => r === 'captcha_required')).toHaveLength(200 - (LOGIN_MAX_FAILURES - 1))
    // The right password waits too, unless it comes with a solved captcha.
    expect((await login(email, PASSWORD)).body.reason).toBe('captcha_required')
    expect(passwordChecks()).toBe(LOGIN_MAX_FAILURES)
  })

  it("lets the owner in with a captcha after a stranger's failures, and starts the count over", async () => {
    const { email } = await registerAndLogin(app)
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await login(email, 'Wrong0pass')
    const hot = await login(email, PASSWORD)
    expect(hot.body).toMatchObject({ code: 0, reason: 'captcha_required' })

    vi.clearAllMocks()
    const wrongCaptcha = await login(email, PASSWORD, { captcha_id: await captcha(), captcha_code: 'nope' })
    expect(wrongCaptcha.body.reason).toBe('captcha_invalid')
    expect(passwordChecks()).toBe(0) // a wrong captcha tries no password

    const id = await captcha()
    const guess = await login(email, 'Wrong0pass', { captcha_id: id, captcha_code: CAPTCHA_TEXT })
    expect(guess.body.reason).toBe('wrong_credentials')
    // One captcha, one password: the same one again is refused before any password is checked.
    const reused = await login(email, PASSWORD, { captcha_id: id, captcha_code: CAPTCHA_TEXT })
    expect(reused.body.reason).toBe('captcha_invalid')
    expect(passwordChecks()).toBe(1)

    const owner = await login(email, PASSWORD, {
      captcha_id: await captcha(),
      captcha_code: CAPTCHA_TEXT.toUpperCase(),
    })
    expect(owner.body.code).toBe(1)
    // A success starts the count over: the next wrong password is just a wrong password.
    expect((await login(email, 'Wrong0pass')).body.reason).toBe('wrong_credentials')
    expect((await login(email, PASSWORD)).body.code).toBe(1)
  })

  it('caps failed sign-ins from one address across accounts, even when they arrive together', async () => {
    const { email } = await registerAndLogin(app)
    vi.clearAllMocks()
    const answers = await Promise.all(
      Array.from({ length: ADDRESS_MAX_FAILURES * 2 }, (_, i) =>
        login(`spray${i}@example.com`, 'Wrong0pass'),
      ),
    )
    expect(passwordChecks()).toBe(ADDRESS_MAX_FAILURES)
    const reasons = answers.map((a) => a.body.reason)
    expect(reasons.filter((r) => r === 'captcha_required')).toHaveLength(ADDRESS_MAX_FAILURES + 1)
    // Meanwhile a sign-in from this address needs a captcha, whichever account it names.
    expect((await login(email, PASSWORD)).body.reason).toBe('captcha_required')
    const solved = await login(email, PASSWORD, { captcha_id: await captcha(), captcha_code: CAPTCHA_TEXT })
    expect(solved.body.code).toBe(1)
  })

  it('answers an unknown account exactly as a known one, hot or not, and hashes a password for it', async () => {
    const { email } = await registerAndLogin(app)
    const ghost = freshEmail()
    const known: unknown[] = []
    const unknown: unknown[] = []
    vi.clearAllMocks()
    for (let i = 0; i < LOGIN_MAX_FAILURES + 1; i++) {
      known.push((await login(email, 'Wrong0pass')).body)
      unknown.push((await login(ghost, 'Wrong0pass')).body)
    }
    expect(unknown).toEqual(known)
    expect(vi.mocked(hashing.spendPasswordCheck).mock.calls.length).toBe(LOGIN_MAX_FAILURES)
    const withCaptcha = async (account: string) =>
      (await login(account, 'Wrong0pass', { captcha_id: await captcha(), captcha_code: CAPTCHA_TEXT })).body
    expect(await withCaptcha(ghost)).toEqual(await withCaptcha(email))
  })
})

describe.each(DRIVERS)('codes and resets that do not tell who is a customer on %s', (driver) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(driver)
  })
  afterAll(() => app.close())

  const messagesTo = async (destination: string) =>
    app.db.select().from(outbox).where(eq(outbox.destination, destination))
  const resetForm = (account: string, authCode: string) => ({
    type: 'email',
    account,
    new_password: 'N3wPassword',
    secondary_password: 'N3wPassword',
    auth_code: authCode,
  })

  it('sends reset e-mails with the same answers to known and unknown addresses', async () => {
    const { email } = await registerAndLogin(app)
    app.clock.advance(60_000)
    const ghost = freshEmail()
    const first = [email, ghost].map((to) => app.post('/api/notify/send_email', { to, type: 2 }))
    const [knownFirst, ghostFirst] = await Promise.all(first)
    expect(knownFirst!.body).toMatchObject({ code: 1 })
    expect(ghostFirst!.body).toEqual(knownFirst!.body)
    const knownAgain = await app.post('/api/notify/send_email', { to: email, type: 2 })
    const ghostAgain = await app.post('/api/notify/send_email', { to: ghost, type: 2 })
    expect(knownAgain.body.reason).toBe('code_wait')
    expect(ghostAgain.body).toEqual(knownAgain.body)
    // Each address got one message; the unknown one a notice without a code.
    expect(await messagesTo(ghost)).toHaveLength(1)
    expect((await messagesTo(ghost))[0]!.body).not.toMatch(/\d{6}/)
  })

  it('sends reset SMS with the same answers to known and unknown numbers', async () => {
    const areas = (await app.get('/api/default/area_list')).body.data as { id: number; code: string }[]
    const hk = areas.find((a) => a.code === 'HK')!
    await app.post('/api/notify/send_sms', { to: '92345678', area_id: hk.id, type: 1 })
    const code = await lastCode(app, '+85292345678')
    const registered = await app.post('/api/user/register', {
      type: 'mobile',
      area_id: hk.id,
      mobile: '92345678',
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: code,
    })
    expect(registered.body.code).toBe(1)
    app.clock.advance(60_000)
    const known = await app.post('/api/notify/send_sms', { to: '92345678', area_id: hk.id, type: 2 })
    const unknown = await app.post('/api/notify/send_sms', { to: '93456789', area_id: hk.id, type: 2 })
    expect(known.body.code).toBe(1)
    expect(unknown.body).toEqual(known.body)
  })

  it('answers a reset of an unknown account as a wrong code, tries counted alike', async () => {
    const { email } = await registerAndLogin(app)
    const ghost = freshEmail()
    // Without any code sent.
    const knownNone = await app.post('/api/user/forget_password', resetForm(email, '000000'))
    const ghostNone = await app.post('/api/user/forget_password', resetForm(ghost, '000000'))
    expect(knownNone.body.reason).toBe('code_invalid')
    expect(ghostNone.body).toEqual(knownNone.body)
    // After a reset was asked for both: five wrong tries, then the code is dead for both.
    app.clock.advance(60_000)
    await app.post('/api/notify/send_email', { to: email, type: 2 })
    await app.post('/api/notify/send_email', { to: ghost, type: 2 })
    for (let i = 0; i < 6; i++) {
      const known = await app.post('/api/user/forget_password', resetForm(email, 'abcdef'))
      const unknown = await app.post('/api/user/forget_password', resetForm(ghost, 'abcdef'))
      expect(unknown.body).toEqual(known.body)
    }
  })

  it('sends one message for 50 concurrent requests to one address', async () => {
    const to = freshEmail()
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => app.post('/api/notify/send_email', { to, type: 1 })),
    )
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1)
    expect(answers.filter((a) => a.body.reason === 'code_wait')).toHaveLength(49)
    expect(await messagesTo(to)).toHaveLength(1)
  })

  it('issues one code for 50 concurrent calls without the HTTP layer spreading them out', async () => {
    // Through HTTP, request parsing staggers the calls; here they meet the database together, where
    // a read-then-write check lets every one of them through.
    const destination = freshEmail()
    const issued = await Promise.all(
      Array.from({ length: 50 }, () =>
        issueCode(app.db, { channel: 'email', destination, purpose: 1 }, app.clock.now()),
      ),
    )
    expect(issued.filter((outcome) => outcome.ok)).toHaveLength(1)
  })
})
