import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { NoticeKind } from '@tp/contracts'
import type { DbOrTx, Tx } from '../db/client.ts'
import { notices } from '../db/schema.ts'

/*
 * The clients' notifications (issue 26, decision 043). A notice is written by `notify` inside the
 * transaction of what caused it, so it exists exactly when that change was committed; its cause is
 * unique per user and kind, so a retried or repeated decision never writes a second one.
 */

export interface NoticeCause {
  userId: number
  kind: NoticeKind
  /** The row it is about (`deposit:12`): one notice of a kind per cause. */
  ref: string
  /** Figures its text is written from, in the reader's language when read. */
  params?: Record<string, string | number>
  /** What staff wrote with the decision (plain text), '' for none. */
  detail?: string
}

/** Writes the notice in `tx` unless its cause already has one; true when written. */
export async function notify(tx: Tx, cause: NoticeCause): Promise<boolean> {
  const written = await tx
    .insert(notices)
    .values({
      userId: cause.userId,
      kind: cause.kind,
      ref: cause.ref,
      params: cause.params ?? {},
      detail: cause.detail ?? '',
    })
    .onConflictDoNothing({ target: [notices.userId, notices.kind, notices.ref] })
    .returning({ id: notices.id })
  return written.length > 0
}

export type NoticeRow = typeof notices.$inferSelect

/** A page of the user's notices, newest first, with their count and the unread count. */
export async function noticePage(db: DbOrTx, userId: number, page: number, limit: number) {
  const rows = await db
    .select()
    .from(notices)
    .where(eq(notices.userId, userId))
    .orderBy(desc(notices.id))
    .offset((page - 1) * limit)
    .limit(limit)
  const [all] = await db.select({ total: count() }).from(notices).where(eq(notices.userId, userId))
  return { rows, total: all?.total ?? 0, unread: await unreadNotices(db, userId) }
}

export async function unreadNotices(db: DbOrTx, userId: number): Promise<number> {
  const [unread] = await db
    .select({ unread: count() })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)))
  return unread?.unread ?? 0
}

/**
 * Marks the user's notice `id` read, or all of theirs (`'all'`); another user's id changes nothing.
 * Returns the unread count after.
 */
export async function markNoticesRead(
  db: DbOrTx,
  userId: number,
  which: number | 'all',
  now: Date,
): Promise<number> {
  await db
    .update(notices)
    .set({ readAt: now })
    .where(
      and(
        eq(notices.userId, userId),
        isNull(notices.readAt),
        which === 'all' ? undefined : inArray(notices.id, [which]),
      ),
    )
  return unreadNotices(db, userId)
}
