import { and, eq } from 'drizzle-orm'
import { IdentityCheckStatus, LINES, REJECT_REASON_MAX_LENGTH } from '@tp/contracts'
import type { Db, Tx } from '../db/client.ts'
import { identityChecks } from '../db/schema.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'

/** Who decided, as the back office names its staff: an account name, not free text. */
const STAFF_NAME_MAX_LENGTH = 64
/** The largest serial id (PostgreSQL integer): a larger one names no check and must not reach SQL. */
const MAX_SERIAL_ID = 2_147_483_647

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
  if (!review.approve && (reason === '' || reason.length > REJECT_REASON_MAX_LENGTH || !LINES.test(reason)))
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
