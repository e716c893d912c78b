import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import {
  RECOVERY_CODE_COUNT,
  type StaffLoginAnswer,
  type StaffProfile,
  type StaffSessionAnswer,
} from '@tp/contracts'
import type { Db, DbOrTx, Tx } from '../db/client.ts'
import { staff, staffRecoveryCodes, staffSessions } from '../db/schema.ts'
import { hashPassword, spendPasswordCheck, verifyPassword } from '../security/hashing.ts'
import { generateRecoveryCodes, recoveryCodeHash } from '../security/recovery-codes.ts'
import { getSetting } from '../settings/settings.ts'
import { accept, refuse, type Outcome, type Refusal } from '../outcome/outcome.ts'
import { audit } from '../audit/audit.ts'
import { findStaffByEmail, STAFF_PASSWORD_MIN_LENGTH } from './staff-accounts.ts'
import { Stage, openStaffSession, type StaffSession } from './staff-sessions.ts'
import { acceptedTotpStep, newTotpSecret, totpQrSvg, totpUri } from '../security/totp.ts'

/** Wrong second-factor codes in a row before the second factor waits SECOND_FACTOR_LOCK_MS. */
export const SECOND_FACTOR_MAX_FAILURES = 5
export const SECOND_FACTOR_LOCK_MS = 15 * 60 * 1000
export { RECOVERY_CODE_COUNT }

type StaffRow = NonNullable<Awaited<ReturnType<typeof findStaffByEmail>>>

const profileOf = (
  row: StaffRow | { id: number; email: string; name: string; role: string },
): StaffProfile => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as StaffProfile['role'],
})

/**
 * The first step: the password. A right one opens a pending session that can only give the second
 * factor; a staff member without an authenticator gets the secret and QR code to add one. Unknown
 * addresses cost the same time as known ones and answer the same refusal. The password step never
 * locks an account (a stranger could lock staff out by guessing); the route limits it per address.
 */
export async function staffLogin(
  db: Db,
  input: { email: string; password: string },
  address: string,
  now: Date,
): Promise<Outcome<StaffLoginAnswer>> {
  const row = await findStaffByEmail(db, input.email)
  if (!row) {
    await spendPasswordCheck(input.password)
    return refuse('wrong_credentials')
  }
  if (!(await verifyPassword(row.passwordHash, input.password))) return refuse('wrong_credentials')
  if (row.disabledAt) return refuse('account_disabled')
  const token = await openStaffSession(db, row.id, Stage.PENDING, address, now)
  // Issue 22: a temporary password (or a reset second factor) only opens the step that sets one's own.
  if (row.mustChangePassword) return accept({ stage: 'password', token })
  return secondFactorStage(db, row, token)
}

/** What the password step answers once the password is one's own: a code, or an authenticator to add. */
async function secondFactorStage(db: Db, row: StaffRow, token: string): Promise<Outcome<StaffLoginAnswer>> {
  if (row.totpEnabled && row.totpSecret) return accept({ stage: 'totp', token })
  // Not set up yet (or set up but never confirmed): a fresh secret for this attempt.
  const secret = newTotpSecret()
  await db.update(staff).set({ totpSecret: secret, totpEnabled: false }).where(eq(staff.id, row.id))
  const issuer = (await getSetting(db, 'site_title')).trim() || 'Back office'
  const otpauthUrl = totpUri(secret, row.email, `${issuer} back office`)
  const qrSvg = await totpQrSvg(otpauthUrl)
  return accept({ stage: 'setup', token, otpauth_url: otpauthUrl, qr_svg: qrSvg, secret })
}

/**
 * Takes one second-factor try before its code is checked, in one conditional UPDATE that returns the
 * staff row: PostgreSQL re-checks the WHERE on the newest row version after waiting for the row lock,
 * so of any number of concurrent tries at most SECOND_FACTOR_MAX_FAILURES get a slot, and the try
 * that takes the last one starts the rest at once. Undefined: the second factor is resting, and the
 * code is not looked at. The slot counts as a failure until a right code gives it back (`signIn`).
 * After the rest the count starts again at 1.
 */
async function claimSecondFactorTry(db: Db, staffId: number, now: Date) {
  const nowAt = sql`${now.toISOString()}::timestamptz`
  const restUntil = sql`${new Date(now.getTime() + SECOND_FACTOR_LOCK_MS).toISOString()}::timestamptz`
  const resting = sql`(${staff.lockedUntil} is not null and ${staff.lockedUntil} > ${nowAt})`
  const startOver = sql`(${staff.lockedUntil} is not null or ${staff.failedLogins} >= ${SECOND_FACTOR_MAX_FAILURES})`
  const next = sql`(case when ${startOver} then 1 else ${staff.failedLogins} + 1 end)`
  const [row] = await db
    .update(staff)
    .set({
      failedLogins: next,
      lockedUntil: sql`case when ${next} >= ${SECOND_FACTOR_MAX_FAILURES} then ${restUntil} else null end`,
    })
    .where(and(eq(staff.id, staffId), sql`not ${resting}`))
    .returning()
  return row
}

const resting = () => refuse('account_locked', { minutes: SECOND_FACTOR_LOCK_MS / 60_000 })

/** A right code that could not be used (the pending session was taken first): its slot is given back. */
async function giveBackTry(db: Db, staffId: number) {
  await db
    .update(staff)
    .set({ failedLogins: sql`greatest(${staff.failedLogins} - 1, 0)`, lockedUntil: null })
    .where(eq(staff.id, staffId))
}

/** Rolls a second-factor step back (its code unspent, the pending session kept) with this answer. */
class StepRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super('second-factor step refused')
  }
}

/**
 * A pending session that gave a right second factor becomes a working one, in one transaction:
 * `spend` spends the code (undefined if it was already spent: refused as `wrong`), the pending
 * session is ended by a conditional update that only one request can win (a pending token becomes
 * at most one session, whatever races on it), the failures start over, and the session opens.
 * A refusal rolls everything back, so a code that lost the race stays unspent.
 */
async function signIn<T>(
  db: Db,
  pending: StaffSession,
  address: string,
  now: Date,
  wrong: Refusal,
  spend: (tx: Tx) => Promise<T | undefined>,
): Promise<Outcome<{ token: string; spent: T }>> {
  try {
    return await db.transaction(async (tx) => {
      const spent = await spend(tx)
      if (spent === undefined) throw new StepRefused(wrong)
      const ended = await tx
        .update(staffSessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(staffSessions.id, pending.sessionId),
            eq(staffSessions.stage, Stage.PENDING),
            isNull(staffSessions.revokedAt),
          ),
        )
        .returning({ id: staffSessions.id })
      if (ended.length === 0) throw new StepRefused(refuse('sign_in_again'))
      await tx.update(staff).set({ failedLogins: 0, lockedUntil: null }).where(eq(staff.id, pending.staffId))
      const token = await openStaffSession(tx, pending.staffId, Stage.SIGNED_IN, address, now)
      return accept({ token, spent })
    })
  } catch (error) {
    if (!(error instanceof StepRefused)) throw error
    if (error.refusal.reason === 'sign_in_again') await giveBackTry(db, pending.staffId)
    return error.refusal
  }
}

/**
 * The second step: a code of the authenticator. For a staff member setting it up, the first right
 * code confirms it and answers the recovery codes, once. Each try takes its slot before the code is
 * checked; each code is good once (its time step is kept, moved forward by a conditional update);
 * and a pending session becomes at most one working session.
 */
export async function staffTotp(
  db: Db,
  pending: StaffSession,
  code: string,
  address: string,
  now: Date,
): Promise<Outcome<StaffSessionAnswer>> {
  const row = await claimSecondFactorTry(db, pending.staffId, now)
  if (!row) return resting()
  if (row.mustChangePassword) return refuse('staff_password_required')
  if (!row.totpSecret) return refuse('sign_in_again')
  const secret = row.totpSecret
  const step = acceptedTotpStep(secret, code, now.getTime(), row.totpLastStep)
  if (step === null) return refuse('totp_invalid')
  const signedIn = await signIn(db, pending, address, now, refuse('totp_invalid'), async (tx) => {
    // Only one request may move the last step forward: the conditional update decides.
    const claimed = await tx
      .update(staff)
      .set({ totpLastStep: step, totpEnabled: true })
      .where(
        and(
          eq(staff.id, row.id),
          sql`coalesce(${staff.totpLastStep}, -1) < ${step}`,
          eq(staff.totpSecret, secret),
        ),
      )
      .returning({ id: staff.id })
    if (claimed.length === 0) return undefined
    return { recoveryCodes: row.totpEnabled ? undefined : await newRecoveryCodes(tx, row.id) }
  })
  if (!signedIn.ok) return signedIn
  const { token, spent } = signedIn.value
  return accept({
    token,
    staff: profileOf(row),
    ...(spent.recoveryCodes ? { recovery_codes: spent.recoveryCodes } : {}),
  })
}

/** Ten single-use codes, shown once; the old ones stop working. */
async function newRecoveryCodes(db: DbOrTx, staffId: number): Promise<string[]> {
  const { shown, hashes } = generateRecoveryCodes(RECOVERY_CODE_COUNT)
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId))
  await db.insert(staffRecoveryCodes).values(hashes.map((codeHash) => ({ staffId, codeHash })))
  return shown
}

/**
 * The second step with a recovery code instead (a lost phone): each code works once, each try takes
 * its slot before the code is checked, and a pending session becomes at most one working session.
 */
export async function staffRecovery(
  db: Db,
  pending: StaffSession,
  code: string,
  address: string,
  now: Date,
): Promise<Outcome<StaffSessionAnswer>> {
  const row = await claimSecondFactorTry(db, pending.staffId, now)
  if (!row) return resting()
  if (row.mustChangePassword) return refuse('staff_password_required')
  if (!row.totpEnabled) return refuse('sign_in_again')
  const signedIn = await signIn(db, pending, address, now, refuse('code_invalid'), async (tx) => {
    const used = await tx
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, row.id),
          eq(staffRecoveryCodes.codeHash, recoveryCodeHash(code)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id })
    return used.length === 0 ? undefined : true
  })
  if (!signedIn.ok) return signedIn
  return accept({ token: signedIn.value.token, staff: profileOf(row) })
}

/**
 * Issue 22: the first sign-in's step (or the one after a reset second factor) for a half-signed-in
 * staff member whose password is temporary: their own replaces it (a different one), then the
 * second factor follows on the same pending token as after any password.
 */
export async function staffFirstPassword(
  db: Db,
  pending: StaffSession,
  /** The pending token itself: the second factor is given on it next. */
  token: string,
  password: string,
): Promise<Outcome<StaffLoginAnswer>> {
  const [row] = await db.select().from(staff).where(eq(staff.id, pending.staffId))
  if (!row) return refuse('sign_in_again')
  if (!row.mustChangePassword) return refuse('already_processed')
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) return refuse('staff_password_rule')
  if (await verifyPassword(row.passwordHash, password)) return refuse('password_unchanged')
  // Conditional: two requests with one pending token set one password.
  const changed = await db
    .update(staff)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: false })
    .where(and(eq(staff.id, row.id), eq(staff.mustChangePassword, true)))
    .returning()
  const after = changed[0]
  if (!after) return refuse('already_processed')
  await audit(
    db,
    { staffId: row.id, email: row.email, address: '' },
    { action: 'staff.password_set', target: `staff:${row.id}`, after: { first_sign_in: true } },
  )
  return secondFactorStage(db, after, token)
}

/**
 * A signed-in staff member changes their own password: the current one is asked again, the new
 * one must differ, and every other session of theirs ends (issue 22).
 */
export async function changeOwnStaffPassword(
  db: Db,
  session: StaffSession,
  input: { current_password: string; password: string },
  address: string,
  now: Date,
): Promise<Outcome<null>> {
  const [row] = await db.select().from(staff).where(eq(staff.id, session.staffId))
  if (!row) return refuse('sign_in_again')
  if (!(await verifyPassword(row.passwordHash, input.current_password))) return refuse('wrong_credentials')
  if (input.password.length < STAFF_PASSWORD_MIN_LENGTH) return refuse('staff_password_rule')
  if (input.password === input.current_password) return refuse('password_unchanged')
  const hash = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash: hash, mustChangePassword: false }).where(eq(staff.id, row.id))
    await tx
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffSessions.staffId, row.id),
          isNull(staffSessions.revokedAt),
          ne(staffSessions.id, session.sessionId),
        ),
      )
    await audit(
      tx,
      { staffId: row.id, email: row.email, address },
      { action: 'staff.password_change', target: `staff:${row.id}`, after: { other_sessions_ended: true } },
    )
  })
  return accept(null)
}
