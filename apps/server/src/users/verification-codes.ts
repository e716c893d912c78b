import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { VERIFICATION_CODE_LENGTH } from '@tp/contracts'
import type { Db } from '../db/client.ts'
import { verificationCodes } from '../db/schema.ts'
import { DIGITS, randomString, sha256 } from '../security/hashing.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import type { Channel } from '../messaging/outbox.ts'

export const CODE_TTL_MS = 10 * 60 * 1000
/** Matches the client's 60 s send-code countdown: one code per destination and purpose a minute. */
export const CODE_RESEND_MS = 60 * 1000
/** Wrong tries before a code is spent; a 6-digit code then has a 5 in 1,000,000 chance to be guessed. */
export const CODE_MAX_ATTEMPTS = 5

export type Purpose = 1 | 2

const codeHash = (destination: string, purpose: Purpose, code: string) =>
  sha256(`${destination}|${purpose}|${code}`)

/**
 * The first key of the advisory locks that serialise code sending per destination and purpose (the
 * two-key form, apart from the writer lock's one-key space). The second key is a hash of the pair.
 */
const RESEND_LOCK_CLASS = 3_001

/**
 * Creates a code for `destination` unless one was sent less than a minute ago. Returns the plain code.
 * The check and the insert run under a transaction-scoped advisory lock on the destination, so that
 * concurrent requests for one address queue up and all but the first see its fresh row: a read then
 * a write without it would let every concurrent request pass the check.
 */
export async function issueCode(
  db: Db,
  input: { channel: Channel; destination: string; purpose: Purpose },
  now: Date,
): Promise<Outcome<{ id: number; code: string }>> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${RESEND_LOCK_CLASS}, hashtext(${`${input.purpose}|${input.destination}`}))`,
    )
    const [last] = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.destination, input.destination),
          eq(verificationCodes.purpose, input.purpose),
        ),
      )
      .orderBy(desc(verificationCodes.id))
      .limit(1)
    const waitMs = last ? last.createdAt.getTime() + CODE_RESEND_MS - now.getTime() : 0
    if (waitMs > 0) return refuse('code_wait', { seconds: Math.ceil(waitMs / 1000) })
    const code = randomString(DIGITS, VERIFICATION_CODE_LENGTH)
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        ...input,
        codeHash: codeHash(input.destination, input.purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      })
      .returning({ id: verificationCodes.id })
    if (!row) throw new Error('verification code insert returned no row')
    return accept({ id: row.id, code })
  })
}

/** Marks a code unusable (its message could not be delivered). */
export async function voidCode(db: Db, id: number, now: Date): Promise<void> {
  await db.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, id))
}

/**
 * Checks `code` against the newest code sent to `destination` for `purpose` and spends it when it
 * matches. A wrong code counts a try; after CODE_MAX_ATTEMPTS the code is dead.
 */
export async function consumeCode(
  db: Db,
  input: { destination: string; purpose: Purpose; code: string },
  now: Date,
): Promise<Outcome<void>> {
  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.destination, input.destination),
          eq(verificationCodes.purpose, input.purpose),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .orderBy(desc(verificationCodes.id))
      .limit(1)
      .for('update')
    if (!latest) return refuse('code_invalid')
    if (latest.attempts >= CODE_MAX_ATTEMPTS) return refuse('code_too_many_tries')
    if (latest.expiresAt <= now) return refuse('code_expired')
    if (latest.codeHash !== codeHash(input.destination, input.purpose, input.code)) {
      await tx
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, latest.id))
      return refuse(latest.attempts + 1 >= CODE_MAX_ATTEMPTS ? 'code_too_many_tries' : 'code_invalid')
    }
    await tx.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, latest.id))
    return accept(undefined)
  })
}
