import { eq } from 'drizzle-orm'
import { CodePurpose, type AmendPasswordRequest, type ForgetPasswordRequest } from '@tp/contracts'
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
}

/** Resets a forgotten password with a code sent to the account's e-mail or mobile. Ends every session. */
export async function forgetPassword(
  deps: ServiceDeps,
  input: ForgetPasswordRequest,
): Promise<Outcome<void>> {
  const user = await findUserByLogin(deps.db, {
    type: input.type,
    account: input.account,
    areaId: input.area_id,
  })
  if (!user || user.isDemo) return refuse('account_not_found')
  let destination: string
  if (input.type === 'email') {
    destination = user.email ?? ''
  } else {
    const area = user.areaId === null ? undefined : await findArea(deps.db, user.areaId)
    if (!area || !user.mobile) return refuse('account_not_found')
    destination = mobileDestination(area, user.mobile)
  }
  const code = await consumeCode(
    deps.db,
    { destination, purpose: CodePurpose.RESET, code: input.auth_code },
    deps.clock(),
  )
  if (!code.ok) return code
  await setPassword(deps, user, input.new_password)
  return accept(undefined)
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
