import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { staff, staffSessions } from '../src/db/schema.ts'
import { createStaff } from '../src/staff/staff-accounts.ts'
import { SECOND_FACTOR_LOCK_MS, SECOND_FACTOR_MAX_FAILURES } from '../src/staff/staff-auth.ts'
import { Stage } from '../src/staff/staff-sessions.ts'
import * as totp from '../src/security/totp.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

// Every TOTP code the second step evaluates, counted: the real function runs behind the spy.
vi.mock('../src/security/totp.ts', async (importOriginal) => {
  const real = await importOriginal<typeof totp>()
  return { ...real, acceptedTotpStep: vi.fn(real.acceptedTotpStep) }
})

/*
 * Issue 22, item 4: each second-factor try takes its slot atomically before its code is checked, so
 * concurrent wrong codes never get more than SECOND_FACTOR_MAX_FAILURES looks; and one half-signed-in
 * (pending) token becomes at most one working session, however many right codes race on it.
 */

const PASSWORD = 'correct horse battery'
const CONCURRENT_WRONG = 20
const CONCURRENT_RIGHT = 5
const ROUNDS = 4

describe.each(DRIVERS)('second-factor limits under concurrency on %s', (driver) => {
  let app: TestApp
  let counter = 0
  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
  })
  afterAll(async () => app?.close())

  const login = async (email: string) =>
    (await app.post('/admin/api/auth/login', { email, password: PASSWORD })).body.data
  const totpTry = (token: string, code: string) => app.post('/admin/api/auth/totp', { code }, { token })
  const recoveryTry = (token: string, code: string) =>
    app.post('/admin/api/auth/recovery', { code }, { token })
  const codeOf = (secret: string, steps = 0) =>
    totp.totpCode(secret, app.clock.now().getTime() + steps * 30_000)

  /** A staff member with the authenticator set up; a minute later, so a new code step is free. */
  async function setUp() {
    const email = `races${counter++}@broker.example`
    expect((await createStaff(app.db, { email, name: 'Ops', role: 'admin', password: PASSWORD })).ok).toBe(
      true,
    )
    const first = await login(email)
    const done = await totpTry(first.token, codeOf(first.secret))
    expect(done.body.code).toBe(1)
    app.clock.advance(60_000)
    const [row] = await app.db.select({ id: staff.id }).from(staff).where(eq(staff.email, email))
    // Signed out again: the sessions counted below are the ones the races open.
    await app.db
      .update(staffSessions)
      .set({ revokedAt: app.clock.now() })
      .where(eq(staffSessions.staffId, row!.id))
    return {
      email,
      id: row!.id,
      secret: first.secret as string,
      recovery: done.body.data.recovery_codes as string[],
    }
  }

  const liveSignedIn = async (staffId: number) =>
    app.db
      .select({ id: staffSessions.id })
      .from(staffSessions)
      .where(
        and(
          eq(staffSessions.staffId, staffId),
          eq(staffSessions.stage, Stage.SIGNED_IN),
          isNull(staffSessions.revokedAt),
        ),
      )

  it(`evaluates at most ${SECOND_FACTOR_MAX_FAILURES} of ${CONCURRENT_WRONG} concurrent wrong codes, then refuses even a right one`, async () => {
    // A few rounds: a read-then-write limit lets the sixth try through only now and then.
    for (let round = 0; round < ROUNDS; round++) {
      const { email, id, secret } = await setUp()
      const pending = (await login(email)).token as string
      vi.mocked(totp.acceptedTotpStep).mockClear()
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT_WRONG }, (_, i) => totpTry(pending, String(100000 + i))),
      )
      expect(vi.mocked(totp.acceptedTotpStep).mock.calls.length).toBeLessThanOrEqual(
        SECOND_FACTOR_MAX_FAILURES,
      )
      const reasons = answers.map((a) => a.body.reason)
      expect(reasons.filter((r) => r === 'totp_invalid').length).toBeLessThanOrEqual(
        SECOND_FACTOR_MAX_FAILURES,
      )
      expect(reasons.every((r) => r === 'totp_invalid' || r === 'account_locked')).toBe(true)
      // Resting: a right code is refused without a look.
      vi.mocked(totp.acceptedTotpStep).mockClear()
      expect((await totpTry(pending, codeOf(secret))).body.reason).toBe('account_locked')
      expect(vi.mocked(totp.acceptedTotpStep)).not.toHaveBeenCalled()
      expect(await liveSignedIn(id)).toHaveLength(0)
      // After the rest a right code signs in (the spy sees it: it counts real looks), and the count starts over.
      app.clock.advance(SECOND_FACTOR_LOCK_MS + 1000)
      const later = (await login(email)).token as string
      expect((await totpTry(later, codeOf(secret))).body.code).toBe(1)
      expect(vi.mocked(totp.acceptedTotpStep)).toHaveBeenCalledTimes(1)
      const [row] = await app.db.select().from(staff).where(eq(staff.id, id))
      expect(row).toMatchObject({ failedLogins: 0, lockedUntil: null })
    }
  })

  it(`counts ${CONCURRENT_WRONG} concurrent wrong recovery codes against the same limit`, async () => {
    const { email, recovery } = await setUp()
    const pending = (await login(email)).token as string
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT_WRONG }, (_, i) => recoveryTry(pending, `WRONG-${10000 + i}`)),
    )
    const reasons = answers.map((a) => a.body.reason)
    expect(reasons.filter((r) => r === 'code_invalid').length).toBeLessThanOrEqual(SECOND_FACTOR_MAX_FAILURES)
    expect(reasons.every((r) => r === 'code_invalid' || r === 'account_locked')).toBe(true)
    expect((await recoveryTry(pending, recovery[0]!)).body.reason).toBe('account_locked')
  })

  it(`opens one session for ${CONCURRENT_RIGHT} concurrent right recovery codes on one pending token`, async () => {
    const { email, id, recovery } = await setUp()
    const pending = (await login(email)).token as string
    const answers = await Promise.all(
      recovery.slice(0, CONCURRENT_RIGHT).map((code) => recoveryTry(pending, code)),
    )
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1)
    expect(await liveSignedIn(id)).toHaveLength(1)
    // The codes that lost the race were not spent, and their tries were given back.
    const [row] = await app.db.select().from(staff).where(eq(staff.id, id))
    expect(row).toMatchObject({ failedLogins: 0, lockedUntil: null })
    const losers = recovery.slice(0, CONCURRENT_RIGHT).filter((_, i) => answers[i]!.body.code !== 1)
    const again = (await login(email)).token as string
    expect((await recoveryTry(again, losers[0]!)).body.code).toBe(1)
  })

  it(`opens one session for ${CONCURRENT_RIGHT} concurrent right authenticator codes on one pending token`, async () => {
    const { email, id, secret } = await setUp()
    const pending = (await login(email)).token as string
    // The codes of this step and of the step before and after (all accepted), some twice.
    const codes = [0, -1, 1, 0, 1].map((steps) => codeOf(secret, steps))
    const answers = await Promise.all(codes.map((code) => totpTry(pending, code)))
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1)
    expect(await liveSignedIn(id)).toHaveLength(1)
    // The pending token is spent.
    expect((await totpTry(pending, codeOf(secret, 1))).body.code).toBe(999)
  })
})
