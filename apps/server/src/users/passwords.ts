import { eq } from 'drizzle-orm'
import {
  CodePurpose,
  email as emailSchema,
  mobileNumber,
  type AmendPasswordRequest,
  type ForgetPasswordRequest,
  type LoginType,
} from '@tp/contracts'
import { users } from '../db/schema.ts'
import { hashPassword, verifyPassword } from '../security/hashing.ts'
import type { ServiceDeps } from './deps.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { revokeOtherSessions, type SessionRef } from './sessions.ts'
import { claimAccountAttempt, clearFailures, waitMinutes } from './sign-in-limits.ts'
import { findArea, findUserByLogin, mobileDestination, type UserRow } from './users.ts'
import { consumeCode } from './verification-codes.ts'

async function setPassword(deps: ServiceDeps, user: UserRow, password: string, keepSessionId?: number) {
  const passwordHash = await hashPassword(password)
  const now = deps.clock()
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, failedLogins: 0, lockedUntil: null })
      .where(eq(users.id, user.id))
    await revokeOtherSessions(tx, user.id, now, keepSessionId)
  })
  deps.sessionRevocations.publish({ userId: user.id, keepSessionId })
}

/**
 * Resets a forgotten password with a code sent to the account's e-mail or mobile. Ends every session.
 * An account that does not exist answers as a wrong code does: the code is checked against what was
 * sent to the address given (a no-account notice holds a code nobody knows), so the answers, tries
 * counted included, are the same as for a customer who typed a wrong code.
 */
export async function forgetPassword(
  deps: ServiceDeps,
  input: ForgetPasswordRequest,
): Promise<Outcome<void>> {
  const user = await findUserByLogin(deps.db, {
    type: input.type,
    account: input.account,
    areaId: input.area_id,
  })
  const known = user && !user.isDemo ? user : undefined
  const destination = known
    ? await destinationOf(deps, known, input.type)
    : await givenDestination(deps, input)
  if (destination === undefined) return refuse('code_invalid')
  const code = await consumeCode(
    deps.db,
    { destination, purpose: CodePurpose.RESET, code: input.auth_code },
    deps.clock(),
  )
  if (!code.ok) return code
  // Unreachable in practice (no one learns an unknown address's code); refused all the same.
  if (!known) return refuse('code_invalid')
  await setPassword(deps, known, input.new_password)
  return accept(undefined)
}

/** Where the account's reset codes went. */
async function destinationOf(deps: ServiceDeps, user: UserRow, type: LoginType): Promise<string | undefined> {
  if (type === 'email') return user.email ?? undefined
  const area = user.areaId === null ? undefined : await findArea(deps.db, user.areaId)
  return area && user.mobile ? mobileDestination(area, user.mobile) : undefined
}

/** Where send_email / send_sms put the notice for an address without an account. */
async function givenDestination(
  deps: ServiceDeps,
  input: ForgetPasswordRequest,
): Promise<string | undefined> {
  if (input.type === 'email') {
    const email = emailSchema.safeParse(input.account)
    return email.success ? email.data : undefined
  }
  const mobile = mobileNumber.safeParse(input.account)
  const area = input.area_id === undefined ? undefined : await findArea(deps.db, input.area_id)
  return area && mobile.success ? mobileDestination(area, mobile.data) : undefined
}

/**
 * Changes the signed-in user's password. The current password is always asked (a session left open
 * on a phone must not be enough to take the account), and a wrong one counts as a failed sign-in:
 * it takes one of the account's attempt slots first (`claimAccountAttempt`), so it cannot be used
 * to guess the password past the sign-in limits. An e-mailed code is checked when one is sent (our
 * phone sends it). Every other session ends; this one stays.
 */
export async function amendPassword(
  deps: ServiceDeps,
  session: SessionRef,
  input: AmendPasswordRequest,
): Promise<Outcome<void>> {
  const { db } = deps
  const now = deps.clock()
  const [user] = await db.select().from(users).where(eq(users.id, session.userId))
  if (!user) return refuse('sign_in_again')
  if (user.isDemo || !user.passwordHash) return refuse('demo_forbidden')
  const slot = await claimAccountAttempt(db, user, now, false)
  if (!slot.ok) return refuse('account_locked', { minutes: waitMinutes(slot.waitMs) })
  if (!(await verifyPassword(user.passwordHash, input.old_password))) return refuse('old_password_wrong')
  await clearFailures(db, user.id)
  if (input.auth_code !== undefined) {
    if (!user.email) return refuse('account_not_found')
    const code = await consumeCode(
      db,
      { destination: user.email, purpose: CodePurpose.RESET, code: input.auth_code },
      now,
    )
    if (!code.ok) return code
  }
  await setPassword(deps, user, input.new_password, session.sessionId)
  return accept(undefined)
}
