import { count, desc, eq } from 'drizzle-orm'
import type { AdminFeedbackItem, FeedbackCategory, FeedbackStatus, RecordPage } from '@tp/contracts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { feedback, staff, users } from '../../db/schema.ts'
import { audit, type Actor } from '../../audit/audit.ts'
import { accept, refuse, type Outcome } from '../../outcome/outcome.ts'
import { allOf, searchIn } from '../queues/queue-query.ts'
import { wireTime } from '../../trading/order-view.ts'
import { feedbackItem, type FeedbackRow } from '../../feedback/feedback-view.ts'

export interface AdminFeedbackQuery {
  page: number
  limit: number
  status?: FeedbackStatus | undefined
  category?: FeedbackCategory | undefined
  /** Text the uid, e-mail or the feedback itself contains. */
  q?: string | undefined
}

const listColumns = {
  row: feedback,
  uid: users.uid,
  email: users.email,
  mobile: users.mobile,
  handledBy: staff.email,
}

type ListRow = {
  row: FeedbackRow
  uid: string
  email: string | null
  mobile: string | null
  handledBy: string | null
}

function adminItem({ row, uid, email, mobile, handledBy }: ListRow): AdminFeedbackItem {
  return {
    ...feedbackItem(row),
    user_id: row.userId,
    uid,
    login: email ?? mobile ?? '',
    demo: row.demoAccount,
    language: row.language,
    contact_email: row.contactEmail,
    app_version: row.appVersion,
    screen: row.screen,
    handled_by: handledBy ?? '',
    updated_at: wireTime(row.updatedAt.getTime()),
  }
}

/** Feedback for support, newest first, filtered by status, category and text. */
export async function feedbackList(
  db: DbOrTx,
  query: AdminFeedbackQuery,
): Promise<RecordPage<AdminFeedbackItem>> {
  const where = allOf(
    query.status === undefined ? undefined : eq(feedback.status, query.status),
    query.category === undefined ? undefined : eq(feedback.category, query.category),
    searchIn(query.q, [users.uid, users.email, feedback.text]),
  )
  const rows = await db
    .select(listColumns)
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .leftJoin(staff, eq(staff.id, feedback.handledBy))
    .where(where)
    .orderBy(desc(feedback.id))
    .offset((query.page - 1) * query.limit)
    .limit(query.limit)
  const [total] = await db
    .select({ n: count() })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(where)
  return { data: rows.map(adminItem), total: total?.n ?? 0 }
}

export interface FeedbackUpdate {
  status: FeedbackStatus
  /** What the user will read; '' for none. Already trimmed and checked by the request schema. */
  answer: string
}

/**
 * Staff set a feedback's status and answer. `answered` needs an answer (the user is told there is
 * one). The change and its audit row (`feedback.update`, the status and answer before and after)
 * are one transaction; the row is locked, so two staff saving at once take turns and each audit
 * row's `before` is what that change replaced. Saving what is already there changes nothing and
 * writes no audit row.
 */
export async function updateFeedback(
  db: Db,
  actor: Actor,
  id: number,
  change: FeedbackUpdate,
  now: Date,
): Promise<Outcome<AdminFeedbackItem>> {
  if (change.status === 'answered' && change.answer === '')
    return refuse('invalid_input', { field: 'answer' })
  const updated = await db.transaction(async (tx) => {
    const [old] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update')
    if (!old) return refuse('not_found')
    if (old.status === change.status && old.answer === change.answer) return accept(id)
    const answerChanged = old.answer !== change.answer
    await tx
      .update(feedback)
      .set({
        status: change.status,
        answer: change.answer,
        answeredAt: answerChanged ? (change.answer === '' ? null : now) : old.answeredAt,
        handledBy: actor.staffId,
        updatedAt: now,
      })
      .where(eq(feedback.id, id))
    await audit(tx, actor, {
      action: 'feedback.update',
      target: `feedback:${id}`,
      before: { status: old.status, answer: old.answer },
      after: { status: change.status, answer: change.answer },
    })
    return accept(id)
  })
  if (!updated.ok) return updated
  const [row] = await db
    .select(listColumns)
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .leftJoin(staff, eq(staff.id, feedback.handledBy))
    .where(eq(feedback.id, id))
  return row ? accept(adminItem(row)) : refuse('not_found')
}
