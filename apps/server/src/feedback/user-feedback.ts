import { and, count, desc, eq, gt, sql } from 'drizzle-orm'
import {
  FEEDBACK_MAX_PER_WINDOW,
  FEEDBACK_WINDOW_MS,
  type FeedbackCategory,
  type FeedbackItem,
  type LanguageCode,
  type RecordPage,
} from '@tp/contracts'
import type { Db } from '../db/client.ts'
import { feedback, users } from '../db/schema.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { feedbackItem } from './feedback-view.ts'

/** What the form sends, already checked and normalised by the request schema (packages/contracts). */
export interface FeedbackInput {
  category: FeedbackCategory
  text: string
  contactEmail?: string | undefined
  appVersion?: string | undefined
  screen?: string | undefined
}

/** The first key of the advisory locks feedback takes per user ("fb" as a number). */
const FEEDBACK_LOCK = 0x6662

/**
 * Stores a user's feedback with the account it came from (demo or real), the app's language and the
 * time. At most FEEDBACK_MAX_PER_WINDOW in any FEEDBACK_WINDOW_MS: counted and inserted under a
 * transaction-scoped lock of the user's feedback, so parallel requests take turns and cannot pass
 * the bound together (`feedback_limit` for the ones beyond it; nothing of them is stored).
 */
export async function sendFeedback(
  db: Db,
  userId: number,
  language: LanguageCode,
  input: FeedbackInput,
  now: Date,
): Promise<Outcome<FeedbackItem>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FEEDBACK_LOCK}, ${userId})`)
    const [user] = await tx.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, userId))
    if (!user) return refuse('sign_in_again')
    const since = new Date(now.getTime() - FEEDBACK_WINDOW_MS)
    const [recent] = await tx
      .select({ n: count() })
      .from(feedback)
      .where(and(eq(feedback.userId, userId), gt(feedback.createdAt, since)))
    if ((recent?.n ?? 0) >= FEEDBACK_MAX_PER_WINDOW)
      return refuse('feedback_limit', { max: FEEDBACK_MAX_PER_WINDOW })
    const [row] = await tx
      .insert(feedback)
      .values({
        userId,
        demoAccount: user.isDemo,
        category: input.category,
        text: input.text,
        contactEmail: input.contactEmail ?? '',
        appVersion: input.appVersion ?? '',
        screen: input.screen ?? '',
        language,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!row) throw new Error('feedback insert returned no row')
    return accept(feedbackItem(row))
  })
}

/** The user's own feedback, newest first, with staff's status and answer; nobody else's, ever. */
export async function ownFeedback(
  db: Db,
  userId: number,
  page: { page: number; limit: number },
): Promise<RecordPage<FeedbackItem>> {
  const rows = await db
    .select()
    .from(feedback)
    .where(eq(feedback.userId, userId))
    .orderBy(desc(feedback.id))
    .offset((page.page - 1) * page.limit)
    .limit(page.limit)
  const [total] = await db.select({ n: count() }).from(feedback).where(eq(feedback.userId, userId))
  return { data: rows.map(feedbackItem), total: total?.n ?? 0 }
}
