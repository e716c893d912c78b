import { and, desc, eq, inArray } from 'drizzle-orm'
import { IdentityCheckStatus, ReviewStatus, type IdentityCenter } from '@tp/contracts'
import type { Db } from '../db/client.ts'
import { identityChecks } from '../db/schema.ts'
import { isUniqueViolation } from '../db/pg-errors.ts'
import { accept, refuse, type Outcome, type Refusal } from '../outcome/outcome.ts'
import { wireTime } from '../trading/order-view.ts'
import { uploadIdFrom, uploadOwnedBy, type Uploads } from '../uploads/uploads.ts'
import { maskCardId } from './mask.ts'
import { staffEvents } from '../events/staff-events.ts'

/** A submission as the route parsed it (name trimmed, card id normalised, images as sent). */
export interface IdentitySubmission {
  name: string
  cardId: string
  frontPic: string
  reversePic: string
}

/** Both sides of the document: each an upload of the user's own, and not the same image twice. */
async function ownImages(
  db: Db,
  userId: number,
  submission: IdentitySubmission,
): Promise<Outcome<{ front: string; reverse: string }>> {
  const front = uploadIdFrom(submission.frontPic)
  const reverse = uploadIdFrom(submission.reversePic)
  if (!front || !reverse || front === reverse) return refuse('image_invalid')
  const [frontOwned, reverseOwned] = await Promise.all([
    uploadOwnedBy(db, front, userId),
    uploadOwnedBy(db, reverse, userId),
  ])
  return frontOwned && reverseOwned ? accept({ front, reverse }) : refuse('image_invalid')
}

/** Why a user may not submit now: a check is waiting, or one was approved. */
async function openCheckRefusal(db: Db, userId: number): Promise<Refusal | undefined> {
  const [open] = await db
    .select({ status: identityChecks.status })
    .from(identityChecks)
    .where(
      and(
        eq(identityChecks.userId, userId),
        inArray(identityChecks.status, [IdentityCheckStatus.Waiting, IdentityCheckStatus.Approved]),
      ),
    )
    .limit(1)
  if (!open) return undefined
  return refuse(open.status === IdentityCheckStatus.Approved ? 'identity_verified' : 'identity_pending')
}

/**
 * A user's identity check (`user_real/real_name`): stored as waiting for staff. A user has at most
 * one waiting or approved check (a partial unique index), so two racing submissions leave one and
 * the other is told it is pending; after a rejection the user may submit again.
 */
export async function submitIdentityCheck(
  db: Db,
  userId: number,
  submission: IdentitySubmission,
  now: Date,
): Promise<Outcome<void>> {
  const open = await openCheckRefusal(db, userId)
  if (open) return open
  const images = await ownImages(db, userId, submission)
  if (!images.ok) return images
  try {
    await db.insert(identityChecks).values({
      userId,
      name: submission.name,
      cardId: submission.cardId,
      frontUploadId: images.value.front,
      reverseUploadId: images.value.reverse,
      status: IdentityCheckStatus.Waiting,
      createdAt: now,
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    return (await openCheckRefusal(db, userId)) ?? refuse('identity_pending')
  }
  staffEvents.emit('identity')
  return accept(undefined)
}

const NOT_SUBMITTED: IdentityCenter = {
  review_status: ReviewStatus.NotSubmitted,
  name: '',
  card_id: '',
  front_pic: '',
  reverse_pic: '',
  reject_reason: '',
  submitted_at: '',
}

/** The review status a client sees: a rejected check reads as not submitted (the form shows again). */
const REVIEW_STATUS_OF: Record<number, IdentityCenter['review_status']> = {
  [IdentityCheckStatus.Waiting]: ReviewStatus.Waiting,
  [IdentityCheckStatus.Approved]: ReviewStatus.Finished,
  [IdentityCheckStatus.Rejected]: ReviewStatus.NotSubmitted,
}

/**
 * `user_real/center`: the user's latest check, with the document number masked and the images as
 * links signed now (a link in an answer outlives no session for long).
 */
export async function identityCenter(
  db: Db,
  uploads: Uploads,
  userId: number,
  now: Date,
): Promise<IdentityCenter> {
  const [latest] = await db
    .select()
    .from(identityChecks)
    .where(eq(identityChecks.userId, userId))
    .orderBy(desc(identityChecks.id))
    .limit(1)
  if (!latest) return NOT_SUBMITTED
  const nowMs = now.getTime()
  return {
    review_status: REVIEW_STATUS_OF[latest.status] ?? ReviewStatus.NotSubmitted,
    name: latest.name,
    card_id: maskCardId(latest.cardId),
    front_pic: uploads.signedUploadUrl(latest.frontUploadId, nowMs),
    reverse_pic: uploads.signedUploadUrl(latest.reverseUploadId, nowMs),
    reject_reason: latest.status === IdentityCheckStatus.Rejected ? latest.rejectReason : '',
    submitted_at: wireTime(latest.createdAt.getTime()),
  }
}
