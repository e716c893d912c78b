import { and, count, desc, eq } from 'drizzle-orm'
import {
  IdentityCheckStatus,
  REJECT_REASON_MAX_LENGTH,
  type IdentityCheckStatusValue,
  type IdentityQueueItem,
  type RecordPage,
} from '@tp/contracts'
import type { Db, Tx } from '../db/client.ts'
import { identityChecks, users } from '../db/schema.ts'
import { accept, refuse, type Outcome } from '../services/outcome.ts'
import { wireTime } from '../trading/order-view.ts'
import type { Uploads } from '../uploads/uploads.ts'

/** Who decided, as the back office names its staff: an account name, not free text. */
const STAFF_NAME_MAX_LENGTH = 64
/** The largest serial id (PostgreSQL integer): a larger one names no check and must not reach SQL. */
const MAX_SERIAL_ID = 2_147_483_647
/** A reason the user reads on one line or a few: no escapes or other control characters. */
const REASON_TEXT = /^(?:[^\p{Cc}]|[\n\r])*$/u

export interface IdentityReview {
  checkId: number
  approve: boolean
  /** Required for a rejection (the user reads it); ignored for an approval. */
  reason?: string
  staff: string
  now: Date
}

/** A check as a decision left it; called in the decision's transaction (the back office audits there). */
export type IdentityDecided = (tx: Tx, decided: typeof identityChecks.$inferSelect) => Promise<void>

/**
 * A staff decision on a waiting identity check: approved (the user is verified) or rejected with a
 * reason (the user may submit again). Each check is decided once: the update only matches a
 * waiting row, so a second decision, or two racing, get `already_processed`.
 */
export async function reviewIdentityCheck(
  db: Db,
  review: IdentityReview,
  onDecided?: IdentityDecided,
): Promise<Outcome<void>> {
  const reason = review.approve ? '' : (review.reason ?? '').trim()
  if (
    !review.approve &&
    (reason === '' || reason.length > REJECT_REASON_MAX_LENGTH || !REASON_TEXT.test(reason))
  )
    return refuse('invalid_input', { field: 'remark' })
  const staff = review.staff.trim()
  if (staff === '' || staff.length > STAFF_NAME_MAX_LENGTH) return refuse('invalid_input', { field: 'name' })
  if (!Number.isSafeInteger(review.checkId) || review.checkId <= 0 || review.checkId > MAX_SERIAL_ID)
    return refuse('not_found')
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(identityChecks)
      .set({
        status: review.approve ? IdentityCheckStatus.Approved : IdentityCheckStatus.Rejected,
        rejectReason: reason,
        reviewedBy: staff,
        reviewedAt: review.now,
      })
      .where(
        and(eq(identityChecks.id, review.checkId), eq(identityChecks.status, IdentityCheckStatus.Waiting)),
      )
      .returning()
    if (row && onDecided) await onDecided(tx, row)
    return row !== undefined
  })
  if (decided) return accept(undefined)
  const [exists] = await db
    .select({ id: identityChecks.id })
    .from(identityChecks)
    .where(eq(identityChecks.id, review.checkId))
  return refuse(exists ? 'already_processed' : 'not_found')
}

export interface IdentityQueueQuery {
  /** One status, or every check when absent. */
  status?: IdentityCheckStatusValue
  page: number
  limit: number
  /** Signs the image links staff open (they are good for the usual upload link lifetime). */
  uploads: Uploads
  now: Date
}

/** Identity checks for staff, newest first, with the full document number and signed image links. */
export async function identityQueue(
  db: Db,
  query: IdentityQueueQuery,
): Promise<RecordPage<IdentityQueueItem>> {
  const where = query.status === undefined ? undefined : eq(identityChecks.status, query.status)
  const rows = await db
    .select({ check: identityChecks, uid: users.uid, email: users.email })
    .from(identityChecks)
    .innerJoin(users, eq(users.id, identityChecks.userId))
    .where(where)
    .orderBy(desc(identityChecks.id))
    .offset((query.page - 1) * query.limit)
    .limit(query.limit)
  const [total] = await db.select({ n: count() }).from(identityChecks).where(where)
  const nowMs = query.now.getTime()
  return {
    data: rows.map(({ check, uid, email }) => ({
      id: check.id,
      user_id: check.userId,
      uid,
      email,
      name: check.name,
      card_id: check.cardId,
      front_pic: query.uploads.signedUploadUrl(check.frontUploadId, nowMs),
      reverse_pic: query.uploads.signedUploadUrl(check.reverseUploadId, nowMs),
      status: check.status as IdentityCheckStatusValue,
      reject_reason: check.rejectReason,
      reviewed_by: check.reviewedBy ?? '',
      reviewed_at: check.reviewedAt ? wireTime(check.reviewedAt.getTime()) : '',
      created_at: wireTime(check.createdAt.getTime()),
    })),
    total: total?.n ?? 0,
  }
}
