import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { userSecondFactors } from '../../db/schema.ts'
import { refuse, type Refusal } from '../../outcome/outcome.ts'

/** Wrong second-factor codes in a row before the client's second factor rests FACTOR_LOCK_MS. */
export const FACTOR_MAX_FAILURES = 5
export const FACTOR_LOCK_MS = 15 * 60 * 1000

export type FactorRow = typeof userSecondFactors.$inferSelect

/** The client's second-factor row, made on first use (a client with passkeys only has one too). */
export async function ensureFactorRow(db: DbOrTx, userId: number): Promise<void> {
  await db.insert(userSecondFactors).values({ userId }).onConflictDoNothing()
}

/**
 * Takes one try at the client's second factor before a code is looked at, in one conditional UPDATE
 * (as staff's, decision 027): of any number of concurrent tries at most FACTOR_MAX_FAILURES get a
 * slot, and the one that takes the last starts the rest. The slot counts as a failure until a right
 * proof gives it back (`clearTries`). A refusal: the second factor is resting.
 */
export async function claimFactorTry(db: DbOrTx, userId: number, now: Date): Promise<FactorRow | Refusal> {
  await ensureFactorRow(db, userId)
  const nowAt = sql`${now.toISOString()}::timestamptz`
  const restUntil = sql`${new Date(now.getTime() + FACTOR_LOCK_MS).toISOString()}::timestamptz`
  const t = userSecondFactors
  const resting = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} > ${nowAt})`
  const startOver = sql`(${t.lockedUntil} is not null or ${t.failedTries} >= ${FACTOR_MAX_FAILURES})`
  const next = sql`(case when ${startOver} then 1 else ${t.failedTries} + 1 end)`
  const [row] = await db
    .update(t)
    .set({
      failedTries: next,
      lockedUntil: sql`case when ${next} >= ${FACTOR_MAX_FAILURES} then ${restUntil} else null end`,
    })
    .where(and(eq(t.userId, userId), sql`not ${resting}`))
    .returning()
  return row ?? refuse('account_locked', { minutes: FACTOR_LOCK_MS / 60_000 })
}

/** A right proof: the tries start over. */
export async function clearTries(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(userSecondFactors)
    .set({ failedTries: 0, lockedUntil: null })
    .where(eq(userSecondFactors.userId, userId))
}

/** A right proof that could not be used (another request spent it first): its slot is given back. */
export async function giveBackTry(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(userSecondFactors)
    .set({ failedTries: sql`greatest(${userSecondFactors.failedTries} - 1, 0)`, lockedUntil: null })
    .where(eq(userSecondFactors.userId, userId))
}
