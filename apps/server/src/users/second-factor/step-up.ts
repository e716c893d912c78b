import { and, eq, isNull } from 'drizzle-orm'
import { STEP_UP_WINDOW_MS, type SecondFactorProof } from '@tp/contracts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { sessions, users } from '../../db/schema.ts'
import { verifyPassword } from '../../security/hashing.ts'
import { accept, refuse, type Outcome } from '../../outcome/outcome.ts'
import { claimAccountAttempt, clearFailures, waitMinutes } from '../sign-in-limits.ts'
import type { SessionRef } from '../sessions.ts'
import { factorMethods } from './methods.ts'
import { proveThen } from './proofs.ts'
import type { RelyingParty } from './relying-party.ts'

/**
 * What asks a signed-in session to prove its owner again (decision 047): `money`, a withdrawal or a
 * payout method's change, asks only once the client has a second factor (before that, as it always
 * did, the session is enough); `settings`, a change of the second factor itself, always asks: the
 * password for a client without one (so that a session left open cannot set a factor that locks its
 * owner out), the second factor once there is one.
 */
export type StepUpScope = 'money' | 'settings'

async function reauthOf(db: DbOrTx, sessionId: number) {
  const [row] = await db
    .select({ factorAt: sessions.reauthFactorAt, passwordAt: sessions.reauthPasswordAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
  return row
}

const recent = (at: Date | null | undefined, now: Date) =>
  at !== null && at !== undefined && now.getTime() - at.getTime() < STEP_UP_WINDOW_MS

/**
 * Until when (epoch ms) the session may do what asks for a proof; 0 if it must prove again.
 * `methods`: the client's (`factorMethods`), which the caller has read already.
 */
export async function stepUpUntil(
  db: DbOrTx,
  session: SessionRef,
  methods: readonly string[],
  now: Date,
): Promise<number> {
  const reauth = await reauthOf(db, session.sessionId)
  const at = methods.length > 0 ? reauth?.factorAt : reauth?.passwordAt
  return at && recent(at, now) ? at.getTime() + STEP_UP_WINDOW_MS : 0
}

/** Accepts if the session proved its owner recently enough for `scope`; else `step_up_required`. */
export async function requireStepUp(
  db: DbOrTx,
  session: SessionRef,
  scope: StepUpScope,
  now: Date,
): Promise<Outcome<void>> {
  const methods = await factorMethods(db, session.userId)
  if (methods.length === 0 && scope === 'money') return accept(undefined)
  const reauth = await reauthOf(db, session.sessionId)
  const at = methods.length > 0 ? reauth?.factorAt : reauth?.passwordAt
  if (recent(at, now)) return accept(undefined)
  return refuse('step_up_required', undefined, {
    methods: methods.length > 0 ? methods.join(',') : 'password',
  })
}

/** Marks the session as having proved its owner now (in the proof's transaction). */
export async function stampStepUp(db: DbOrTx, sessionId: number, by: 'factor' | 'password', now: Date) {
  await db
    .update(sessions)
    .set(by === 'factor' ? { reauthFactorAt: now } : { reauthPasswordAt: now })
    .where(eq(sessions.id, sessionId))
}

/**
 * `POST /api/security/verify`: the session proves its owner again, by a second factor, or by the
 * password for a client without one (a wrong password counts as a failed sign-in).
 */
export async function stepUp(
  db: Db,
  session: SessionRef,
  input: { password: string } | SecondFactorProof,
  rp: RelyingParty | undefined,
  now: Date,
): Promise<Outcome<{ until: number }>> {
  const until = now.getTime() + STEP_UP_WINDOW_MS
  const methods = await factorMethods(db, session.userId)
  if ('password' in input) {
    if (methods.length > 0) return refuse('step_up_required', undefined, { methods: methods.join(',') })
    const [user] = await db.select().from(users).where(eq(users.id, session.userId))
    if (!user?.passwordHash) return refuse('demo_forbidden')
    const slot = await claimAccountAttempt(db, user, now, false)
    if (!slot.ok) return refuse('account_locked', { minutes: waitMinutes(slot.waitMs) })
    if (!(await verifyPassword(user.passwordHash, input.password))) return refuse('old_password_wrong')
    await clearFailures(db, user.id)
    await stampStepUp(db, session.sessionId, 'password', now)
    return accept({ until })
  }
  if (methods.length === 0) return refuse('step_up_required', undefined, { methods: 'password' })
  return proveThen(db, session.userId, input, { rp, purpose: 'step_up', now }, async (tx) => {
    await stampStepUp(tx, session.sessionId, 'factor', now)
    return { until }
  })
}
