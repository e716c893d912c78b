import { and, desc, eq, inArray, ne, notInArray } from 'drizzle-orm'
import type { Db, DbOrTx } from '../db/client.ts'
import { pushSubscriptions, users } from '../db/schema.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import type { PushEndpointPolicy } from './push-endpoints.ts'
import type { PushTarget } from './push-transport.ts'

/** Devices a user's notices are pushed to at most; a new one past it replaces the longest-kept. */
export const MAX_PUSH_DEVICES = 10

/**
 * Subscribes this device (its push service's endpoint) to the user's notices. A device belongs to
 * whoever subscribed on it last: another user's subscription of the same endpoint is removed first,
 * with every send still waiting for it, so nothing of theirs reaches the new user's phone.
 */
export async function subscribePush(
  db: Db,
  userId: number,
  target: PushTarget,
  policy: PushEndpointPolicy,
  now: Date,
): Promise<Outcome<void>> {
  const endpoint = policy(target.endpoint)
  if (!endpoint) return refuse('invalid_input', { field: 'endpoint' })
  await db.transaction(async (tx) => {
    // One subscriber at a time per user: the cap below holds under concurrent calls.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, endpoint), ne(pushSubscriptions.userId, userId)))
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint, p256dh: target.p256dh, auth: target.auth, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: target.p256dh, auth: target.auth, createdAt: now },
      })
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_DEVICES)
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)))
  })
  return accept(undefined)
}

/** This device no longer gets the user's notices (sign-out, or push turned off). Another user's: nothing. */
export async function unsubscribePush(db: Db, userId: number, endpoint: string): Promise<void> {
  let stored = endpoint
  try {
    stored = new URL(endpoint).href
  } catch {
    // Not a URL: matches no subscription, as stored ones are.
  }
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, stored)))
}

/** The devices of these users, by user. */
export async function devicesOf(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, number[]>()
  const rows = await db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds))
  const byUser = new Map<number, number[]>()
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.id])
  return byUser
}
