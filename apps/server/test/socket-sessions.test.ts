import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../src/db/schema.ts'
import { SESSION_TTL_MS } from '../src/users/sessions.ts'
import { userTopic } from '../src/trading/account-push.ts'
import { PASSWORD, lastCode, registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { connect } from './socket-client.ts'
import { loginResults, roundTrip, until, type Client } from './socket-wait.ts'

const NEW_PASSWORD = 'N3wPassword'
/** The periodic session check, short here so that the test need not wait a minute. */
const RECHECK_MS = 200

const received = (client: Client, type: string) => client.seen.filter((m) => m.type === type)

async function signedInClient(app: TestApp, clients: Client[], token: string) {
  const client = await connect(app)
  clients.push(client)
  client.send({ type: 'login', params: token })
  await until(() => loginResults(client).includes(1), 5_000, 'login')
  return client
}

/** Two sessions of one demo user (a second sign-in of the same device). */
async function twoDemoSessions(app: TestApp, name: string) {
  const path = `/api/user/createAccountDemoForU?demo_id=socket-sessions-${name}-abcdef`
  const first = (await app.get(path)).body.data
  const second = (await app.get(path)).body.data
  expect(first.user.id).toBe(second.user.id)
  return { userId: first.user.id as number, tokens: [first.token as string, second.token as string] }
}

describe.each(DRIVERS)('socket sessions follow revocations on %s', (driver) => {
  let app: TestApp
  let demoCount = 0
  const clients: Client[] = []

  beforeAll(async () => {
    // The default periodic check (a minute): whatever these tests see happened at once.
    app = await startTestApp(driver)
  })
  afterAll(async () => {
    for (const client of clients) client.socket.close()
    await app.close()
  })

  const signedInSocket = (token: string) => signedInClient(app, clients, token)
  const demoSessions = () => twoDemoSessions(app, `${driver}-${demoCount++}`)

  it('stops private pushes to a logged-out socket at once; the other session still gets them', async () => {
    const { userId, tokens } = await demoSessions()
    const [loggedOut, other] = [await signedInSocket(tokens[0]!), await signedInSocket(tokens[1]!)]
    loggedOut.send({ type: 'sub', params: 'DAY_MARKET' })
    await roundTrip(loggedOut)
    expect(app.topics.subscriberCount(userTopic(userId))).toBe(2)

    expect((await app.post('/api/user/logout', {}, { token: tokens[0] })).body.code).toBe(1)
    // Signed out before the logout call answered, not at some later check.
    expect(app.topics.subscriberCount(userTopic(userId))).toBe(1)
    await until(() => loginResults(loggedOut).at(-1) === 0, 2_000, 'logout notice')

    // The private messages, published as the trading desk publishes them: only the live session's socket hears them.
    for (const type of ['FOREX_TRADE', 'FOREX_CLOSED', 'MARGIN_CALL'])
      app.topics.publish(userTopic(userId), type, { type, probe: true })
    await until(() => received(other, 'MARGIN_CALL').length > 0, 5_000, 'MARGIN_CALL')
    expect(received(other, 'FOREX_TRADE')).toHaveLength(1)
    app.clock.set(Date.now())
    app.tick({ code: 'EURUSD', bid: 1.085, ask: 1.0851 })
    await roundTrip(loggedOut)
    for (const type of ['FOREX_TRADE', 'FOREX_CLOSED', 'MARGIN_CALL'])
      expect(received(loggedOut, type)).toEqual([])
    // Public topics go on: the socket was signed out, not closed.
    expect(received(loggedOut, 'DAY_MARKET').length).toBeGreaterThan(0)
    expect(loggedOut.socket.readyState).toBe(loggedOut.socket.OPEN)

    // The revoked token no longer signs a socket in (its cached session was dropped too).
    loggedOut.send({ type: 'login', params: tokens[0] })
    await until(() => loginResults(loggedOut).length === 3, 2_000, 'second login')
    expect(loginResults(loggedOut)).toEqual([1, 0, 0])
  })

  it('signs out every socket of every session when the password is reset', async () => {
    const { email, token } = await registerAndLogin(app)
    const second = (await app.post('/api/user/loginForU', { account: email, password: PASSWORD })).body.data
    const sockets = [
      await signedInSocket(token),
      await signedInSocket(token),
      await signedInSocket(second.token),
    ]
    const userId = second.user.id as number
    expect(app.topics.subscriberCount(userTopic(userId))).toBe(3)
    await app.post('/api/notify/send_email', { to: email, type: 2 })
    const reset = await app.post('/api/user/forget_password', {
      type: 'email',
      account: email,
      new_password: NEW_PASSWORD,
      secondary_password: NEW_PASSWORD,
      auth_code: await lastCode(app, email),
    })
    expect(reset.body.code).toBe(1)
    expect(app.topics.subscriberCount(userTopic(userId))).toBe(0)
    for (const socket of sockets) await until(() => loginResults(socket).at(-1) === 0, 2_000, 'logout notice')
  })

  it('keeps the session that changed the password and signs out the sockets of the others', async () => {
    const { email, token } = await registerAndLogin(app)
    const other = (await app.post('/api/user/loginForU', { account: email, password: PASSWORD })).body.data
    const [kept, ended] = [await signedInSocket(token), await signedInSocket(other.token)]
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
    expect(app.topics.subscriberCount(userTopic(other.user.id))).toBe(1)
    await until(() => loginResults(ended).at(-1) === 0, 2_000, 'logout notice')
    await roundTrip(kept)
    expect(loginResults(kept)).toEqual([1])
  })

  it('never leaves a socket signed in when its login races the logout of its session', async () => {
    for (let round = 0; round < 10; round++) {
      const { userId, tokens } = await demoSessions()
      const client = await connect(app)
      clients.push(client)
      client.send({ type: 'login', params: tokens[0] })
      const logout = await app.post('/api/user/logout', {}, { token: tokens[0] })
      expect(logout.body.code).toBe(1)
      // Whichever came first, the last word the socket hears is "signed out".
      await until(() => loginResults(client).at(-1) === 0, 2_000, 'signed out last')
      await roundTrip(client)
      expect(loginResults(client).at(-1)).toBe(0)
      expect(app.topics.subscriberCount(userTopic(userId))).toBe(0)
    }
  })
})

describe.each(DRIVERS)('the periodic socket session check on %s', (driver) => {
  let app: TestApp
  const clients: Client[] = []
  const signedInSocket = (token: string) => signedInClient(app, clients, token)
  const demoSessions = () => twoDemoSessions(app, `periodic-${driver}`)

  beforeAll(async () => {
    app = await startTestApp(driver, { socketLimits: { sessionRecheckMs: RECHECK_MS } })
  })
  afterAll(async () => {
    for (const client of clients) client.socket.close()
    await app.close()
  })

  it('catches a revocation written by another process, and an expiry, at the periodic check', async () => {
    const { userId, tokens } = await demoSessions()
    const [revoked, expiring] = [await signedInSocket(tokens[0]!), await signedInSocket(tokens[1]!)]
    // Another process revokes the first session: this one is not told.
    const [first] = await app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))
    await app.db.update(sessions).set({ revokedAt: app.clock.now() }).where(eq(sessions.id, first!.id))
    await until(() => loginResults(revoked).at(-1) === 0, RECHECK_MS * 10, 'revocation noticed')
    expect(loginResults(expiring)).toEqual([1])
    app.clock.advance(SESSION_TTL_MS + 1)
    await until(() => loginResults(expiring).at(-1) === 0, RECHECK_MS * 10, 'expiry noticed')
    expect(app.topics.subscriberCount(userTopic(userId))).toBe(0)
    app.clock.advance(-SESSION_TTL_MS - 1)
  })
})
