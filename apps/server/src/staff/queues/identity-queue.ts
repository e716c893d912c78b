import { and, count, eq, inArray } from 'drizzle-orm'
import {
  IdentityCheckStatus,
  type IdentityCheckStatusValue,
  type IdentityQueueItem,
  type RecordPage,
} from '@tp/contracts'
import type { DbOrTx } from '../../db/client.ts'
import { identityChecks, users } from '../../db/schema.ts'
import { wireTime } from '../../trading/order-view.ts'
import type { Uploads } from '../../uploads/uploads.ts'
import { allOf, queueOrder, searchIn, type QueuePage } from './queue-query.ts'

export interface IdentityListQuery extends QueuePage {
  status?: IdentityCheckStatusValue | undefined
}

/**
 * Identity checks for support: the full document number (staff compare it with the images), the
 * images as freshly signed links, the user's uid and e-mail. `q` finds uid, e-mail or name.
 */
export async function identityList(
  db: DbOrTx,
  uploads: Uploads,
  now: Date,
  query: IdentityListQuery,
): Promise<RecordPage<IdentityQueueItem>> {
  const where = allOf(
    query.status === undefined ? undefined : eq(identityChecks.status, query.status),
    searchIn(query.q, [users.uid, users.email, identityChecks.name]),
  )
  const rows = await db
    .select({ check: identityChecks, uid: users.uid, email: users.email })
    .from(identityChecks)
    .innerJoin(users, eq(users.id, identityChecks.userId))
    .where(where)
    .orderBy(queueOrder(identityChecks.id, query.status === IdentityCheckStatus.Waiting))
    .offset((query.page - 1) * query.limit)
    .limit(query.limit)
  const [total] = await db
    .select({ n: count() })
    .from(identityChecks)
    .innerJoin(users, eq(users.id, identityChecks.userId))
    .where(where)
  const sameCard = await accountsByCard(
    db,
    rows.map((r) => r.check.cardId),
  )
  const nowMs = now.getTime()
  return {
    data: rows.map(({ check, uid, email }) => ({
      id: check.id,
      user_id: check.userId,
      uid,
      email,
      name: check.name,
      card_id: check.cardId,
      same_card_uids: (sameCard.get(check.cardId) ?? []).filter((other) => other !== uid),
      front_pic: uploads.signedUploadUrl(check.frontUploadId, nowMs),
      reverse_pic: uploads.signedUploadUrl(check.reverseUploadId, nowMs),
      status: check.status as IdentityCheckStatusValue,
      reject_reason: check.rejectReason,
      reviewed_by: check.reviewedBy ?? '',
      reviewed_at: check.reviewedAt ? wireTime(check.reviewedAt.getTime()) : '',
      created_at: wireTime(check.createdAt.getTime()),
    })),
    total: total?.n ?? 0,
  }
}

/** The uids with a waiting or approved check of each document number (ids are stored normalised). */
async function accountsByCard(db: DbOrTx, cardIds: string[]): Promise<Map<string, string[]>> {
  const byCard = new Map<string, string[]>()
  if (cardIds.length === 0) return byCard
  const rows = await db
    .selectDistinct({ cardId: identityChecks.cardId, uid: users.uid })
    .from(identityChecks)
    .innerJoin(users, eq(users.id, identityChecks.userId))
    .where(
      and(
        inArray(identityChecks.cardId, [...new Set(cardIds)]),
        inArray(identityChecks.status, [IdentityCheckStatus.Waiting, IdentityCheckStatus.Approved]),
      ),
    )
    .orderBy(users.uid)
  for (const { cardId, uid } of rows) byCard.set(cardId, [...(byCard.get(cardId) ?? []), uid])
  return byCard
}
