import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '../src/db/schema.ts'
import { ADDRESS_WINDOW_MS, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '../src/users/sign-in-limits.ts'
import { userTopic } from '../src/trading/account-push.ts'
import { PASSWORD, lastCode, registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { connect } from './socket-client.ts'
import { loginResults, until, type Client } from './socket-wait.ts'

/*
 * Issue 22, items 2 and 3: changing a password in the app needs the current password (a wrong one
 * counts as a failed sign-in); a reset ends every session and socket of the user, a change every
 * other one, and a sign-in whose password check raced the reset or change never outlives it.
 */

const NEW_PASSWORD = 'N3wPassword'
const ROUNDS = 6
const RACING_SIGN_INS = 6

describe.each(DRIVERS)('password change and its sessions on %s', (driver) => {
  let app: TestApp
  const clients: Client[] = []
  beforeAll(async () => {
    app = await startTestApp(driver)
  })
  afterAll(async () => {
    for (const client of clients) client.socket.close()
    await app.close()
  })
  // The address's failures (counted in memory per app) are forgotten between tests.
  beforeEach(() => app.clock.advance(Math.max(ADDRESS_WINDOW_MS, LOGIN_LOCK_MS) + 1000))

  const signIn = (account: string, password: string) =>
    app.post('/api/user/loginForU', { account, password, login_type: 'email' })
  const info = async (token: string) => (await app.get('/api/user/info', { token })).body.code
  const amend = (token: string, body: Record<string, unknown>, json = false) =>
    app.post('/api/user/amend_password', body, { token, json })
  async function signedInSocket(token: string) {
    const client = await connect(app)
    clients.push(client)
    client.send({ type: 'login', params: token })
    await until(() => loginResults(client).includes(1), 5_000, 'socket login')
    return client
  }

  it('refuses a change without the current password, or with a wrong one, and changes nothing', async () => {
    const { email, token } = await registerAndLogin(app)
    await app.post('/api/notify/send_email', { to: email, type: 2 }, { token })
    const code = await lastCode(app, email)
    const without = await amend(token, {
      new_password: NEW_PASSWORD,
      re_password: NEW_PASSWORD,
      auth_code: code,
    })
    expect(without.body).toMatchObject({
      code: 0,
      reason: 'old_password_required',
      msg: 'Please enter your current password',
    })
    const wrong = await amend(token, {
      old_password: 'Wrong0pass',
      new_password: NEW_PASSWORD,
      re_password: NEW_PASSWORD,
      auth_code: code,
      type: 'email',
    })
    expect(wrong.body).toMatchObject({
      code: 0,
      reason: 'old_password_wrong',
      msg: 'The current password is incorrect',
    })
    // Translated like every refusal.
    const inGerman = await app.post(
      '/api/user/amend_password',
      { old_password: 'Wrong0pass', new_password: NEW_PASSWORD, auth_code: code },
      { token, lang: 'de' },
    )
    expect(inGerman.body.msg).toBe('Das aktuelle Passwort ist falsch')
    expect((await signIn(email, PASSWORD)).body.code).toBe(1)
    expect((await signIn(email, NEW_PASSWORD)).body.code).toBe(0)
  })

  it("takes the API family's shape (current password, no code), and still checks a code that is sent", async () => {
    const { email, token } = await registerAndLogin(app)
    const wrongCode = await amend(token, {
      old_password: PASSWORD,
      new_password: NEW_PASSWORD,
      auth_code: '000000',
    })
    expect(wrongCode.body.reason).toBe('code_invalid')
    const other = (await signIn(email, PASSWORD)).body.data.token as string
    const changed = await amend(
      token,
      { old_password: PASSWORD, new_password: NEW_PASSWORD, secondary_password: NEW_PASSWORD },
      true,
    )
    expect(changed.body).toMatchObject({ code: 1, msg: 'Your password has been changed' })
    expect(await info(token)).toBe(1)
    expect(await info(other)).toBe(999)
    expect((await signIn(email, NEW_PASSWORD)).body.code).toBe(1)
    const differ = await amend(
      token,
      { old_password: NEW_PASSWORD, new_password: 'An0therPass', secondary_password: 'Different1' },
      true,
    )
    expect(differ.body.reason).toBe('passwords_differ')
  })

  it('counts wrong current passwords against the sign-in limit of the account', async () => {
    const { email, token } = await registerAndLogin(app)
    const tries = await Promise.all(
      Array.from({ length: LOGIN_MAX_FAILURES * 2 }, () =>
        amend(token, { old_password: 'Wrong0pass', new_password: NEW_PASSWORD }),
      ),
    )
    const reasons = tries.map((t) => t.body.reason)
    expect(reasons.filter((r) => r === 'old_password_wrong')).toHaveLength(LOGIN_MAX_FAILURES)
    expect(reasons.filter((r) => r === 'account_locked')).toHaveLength(LOGIN_MAX_FAILURES)
    // The right password waits too, here and at sign-in (which asks for the captcha).
    expect((await amend(token, { old_password: PASSWORD, new_password: NEW_PASSWORD })).body.reason).toBe(
      'account_locked',
    )
    expect((await signIn(email, PASSWORD)).body.reason).toBe('captcha_required')
    const [row] = await app.db.select().from(users).where(eq(users.email, email))
    expect(row!.failedLogins).toBe(LOGIN_MAX_FAILURES)
    // After the wait the right one changes it, and the count starts over.
    app.clock.advance(LOGIN_LOCK_MS + 1000)
    expect((await amend(token, { old_password: PASSWORD, new_password: NEW_PASSWORD })).body.code).toBe(1)
    const [after] = await app.db.select().from(users).where(eq(users.email, email))
    expect(after!.failedLogins).toBe(0)
  })

  it('ends every session and socket at a reset, and every other one at a change', async () => {
    const { email, token } = await registerAndLogin(app)
    const second = (await signIn(email, PASSWORD)).body.data
    const userId = second.user.id as number
    const sockets = [await signedInSocket(token), await signedInSocket(second.token)]
    await app.post('/api/notify/send_email', { to: email, type: 2 })
    const reset = await app.post('/api/user/forget_password', {
      type: 'email',
      account: email,
      new_password: NEW_PASSWORD,
      secondary_password: NEW_PASSWORD,
      auth_code: await lastCode(app, email),
    })
    expect(reset.body.code).toBe(1)
    expect(await info(token)).toBe(999)
    expect(await info(second.token)).toBe(999)
    for (const socket of sockets) await until(() => loginResults(socket).at(-1) === 0, 2_000, 'signed out')
    expect(app.topics.subscriberCount(userTopic(userId))).toBe(0)

    const kept = (await signIn(email, NEW_PASSWORD)).body.data.token as string
    const ended = (await signIn(email, NEW_PASSWORD)).body.data.token as string
    const [keptSocket, endedSocket] = [await signedInSocket(kept), await signedInSocket(ended)]
    expect((await amend(kept, { old_password: NEW_PASSWORD, new_password: 'Th1rdPassword' })).body.code).toBe(
      1,
    )
    expect(await info(kept)).toBe(1)
    expect(await info(ended)).toBe(999)
    await until(() => loginResults(endedSocket).at(-1) === 0, 2_000, 'other socket signed out')
    expect(loginResults(keptSocket)).toEqual([1])
    expect(app.topics.subscriberCount(userTopic(userId))).toBe(1)
  })

  it('never leaves a session opened by a sign-in with the old password that raced the reset', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      app.clock.advance(Math.max(ADDRESS_WINDOW_MS, LOGIN_LOCK_MS) + 1000)
      const { email } = await registerAndLogin(app)
      await app.post('/api/notify/send_email', { to: email, type: 2 })
      const code = await lastCode(app, email)
      // Sign-ins with the old password spread around the reset: some check the password before the
      // reset is committed and open their session after it.
      const signIns = Array.from({ length: RACING_SIGN_INS }, (_, i) =>
        new Promise((resolve) => setTimeout(resolve, i * 8)).then(() => signIn(email, PASSWORD)),
      )
      const reset = app.post('/api/user/forget_password', {
        type: 'email',
        account: email,
        new_password: NEW_PASSWORD,
        secondary_password: NEW_PASSWORD,
        auth_code: code,
      })
      expect((await reset).body.code).toBe(1)
      const tokens = (await Promise.all(signIns))
        .filter((answer) => answer.body.code === 1)
        .map((answer) => answer.body.data.token as string)
      for (const token of tokens) expect(await info(token)).toBe(999)
    }
  })
})
