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
import { hashPassword } from '../security/hashing.ts'
import type { ServiceDeps } from './deps.ts'
import { accept, refuse, type Outcome } from './outcome.ts'
import { revokeOtherSessions, type SessionRef } from './sessions.ts'
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

/** Changes the signed-in user's password with a code sent to their e-mail. Other sessions end. */
export async function amendPassword(
  deps: ServiceDeps,
  session: SessionRef,
  input: AmendPasswordRequest,
): Promise<Outcome<void>> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, session.userId))
  if (!user) return refuse('sign_in_again')
  if (user.isDemo) return refuse('demo_forbidden')
  if (!user.email) return refuse('account_not_found')
  const code = await consumeCode(
    deps.db,
    { destination: user.email, purpose: CodePurpose.RESET, code: input.auth_code },
    deps.clock(),
  )
  if (!code.ok) return code
  await setPassword(deps, user, input.new_password, session.sessionId)
  return accept(undefined)
}
