import { and, eq, isNull } from 'drizzle-orm'
import { IdentityCheckStatus } from '@tp/contracts'
import type { Db } from '../../db/client.ts'
import { identityChecks, signInTickets, userPasskeys, userSecondFactors, users } from '../../db/schema.ts'
import { accept, refuse, type Outcome } from '../../outcome/outcome.ts'
import { audit, type Actor } from '../../audit/audit.ts'
import { notify } from '../../notices/notices.ts'
import { revokeOtherSessions } from '../../users/sessions.ts'
import { factorMethods } from '../../users/second-factor/methods.ts'
import { dropRecoveryCodes } from '../../users/second-factor/recovery.ts'
import type { AccountActionDeps } from './account-actions.ts'

/**
 * Staff take a client's second factor off (a lost phone and no recovery codes: decision 047), only
 * for a client whose identity the platform verified, and with what the check was (a video call
 * against the approved document, say), which the audit keeps beside what was removed. Every session
 * and sign-in ticket of the client ends: whoever had the account signs in again with the password.
 */
export async function resetSecondFactor(
  deps: AccountActionDeps,
  actor: Actor,
  userId: number,
  identityCheck: string,
): Promise<Outcome<{ removed: string[] }>> {
  const db: Db = deps.db
  const now = deps.clock()
  const outcome = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, isDemo: users.isDemo })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (!user || user.isDemo) return refuse('account_not_found')
    const [verified] = await tx
      .select({ id: identityChecks.id })
      .from(identityChecks)
      .where(and(eq(identityChecks.userId, userId), eq(identityChecks.status, IdentityCheckStatus.Approved)))
      .limit(1)
    if (!verified) return refuse('identity_unverified')
    const removed = (await factorMethods(tx, userId)).filter((method) => method !== 'recovery')
    if (removed.length === 0) return refuse('already_processed')
    const passkeys = await tx
      .delete(userPasskeys)
      .where(eq(userPasskeys.userId, userId))
      .returning({ name: userPasskeys.name })
    await tx
      .update(userSecondFactors)
      .set({
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        failedTries: 0,
        lockedUntil: null,
        updatedAt: now,
      })
      .where(eq(userSecondFactors.userId, userId))
    await dropRecoveryCodes(tx, userId)
    await tx
      .update(signInTickets)
      .set({ usedAt: now })
      .where(and(eq(signInTickets.userId, userId), isNull(signInTickets.usedAt)))
    await revokeOtherSessions(tx, userId, now)
    await notify(tx, {
      userId,
      kind: 'second_factor_removed',
      ref: `reset:${now.getTime()}`,
      params: { method: 'all' },
    })
    await audit(tx, actor, {
      action: 'user.second_factor_reset',
      target: `user:${userId}`,
      before: { methods: removed, passkeys: passkeys.map((key) => key.name) },
      after: {
        methods: [],
        identity_check: identityCheck,
        identity_check_id: verified.id,
        sessions_ended: true,
      },
    })
    return accept({ removed })
  })
  if (outcome.ok) deps.sessionRevocations.publish({ userId })
  return outcome
}
