/** The first answers to commands sent with an idempotency key, kept a day. */
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { idempotencyKeys } from '../db/schema.ts'

/** The first answer to an order submitted with an idempotency key, stored with what it placed. */
export interface IdempotentOutcome {
  userId: number
  key: string
  /** A refusal keeps its figures (a requote's price, a limit's lots): a retry gets the same answer. */
  outcome: { orderId: number } | { reason: string; detail?: Readonly<Record<string, number | string>> }
}

/** The stored first answer to `key` of `userId`, if it is less than a day old. */
export async function storedOutcome(
  db: DbOrTx,
  userId: number,
  key: string,
): Promise<IdempotentOutcome['outcome'] | undefined> {
  const [row] = await db
    .select({ outcome: idempotencyKeys.outcome })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        sql`${idempotencyKeys.createdAt} > now() - interval '24 hours'`,
      ),
    )
  return row?.outcome as IdempotentOutcome['outcome'] | undefined
}

/** Forgets idempotency keys older than a day. */
export async function dropOldIdempotencyKeys(db: DbOrTx): Promise<void> {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - interval '24 hours'`)
}
