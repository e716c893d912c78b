import { Decimal } from 'decimal.js'
import { count, eq, type SQL } from 'drizzle-orm'
import { DepositStatus, type AdminDepositItem, type RecordPage } from '@tp/contracts'
import type { DbOrTx } from '../../db/client.ts'
import { needsTwoByItem } from '../../money/four-eyes.ts'
import { depositBankAccounts, deposits, users } from '../../db/schema.ts'
import { wireTime } from '../../trading/order-view.ts'
import type { Uploads } from '../../uploads/uploads.ts'
import {
  allOf,
  decidersOf,
  firstApprovalOf,
  firstApproversOf,
  queueOrder,
  searchIn,
  type QueuePage,
} from './queue-query.ts'

export const DEPOSIT_DECISIONS = ['deposit.approve', 'deposit.reject', 'deposit.invalid']

export interface DepositListQuery extends QueuePage {
  status?: 0 | 1 | 2 | 3 | undefined
  type?: 0 | 1 | undefined
}

/**
 * Deposits for finance, with the proof as a freshly signed link, who decided (from the audit log) and
 * the first of two approvals (`viewerId` is told whether it was theirs).
 */
export async function depositList(
  db: DbOrTx,
  uploads: Uploads,
  now: Date,
  query: DepositListQuery,
  viewerId: number,
): Promise<RecordPage<AdminDepositItem>> {
  const where = allOf(
    query.status === undefined ? undefined : eq(deposits.status, query.status),
    query.type === undefined ? undefined : eq(deposits.type, query.type),
    depositSearch(query.q),
  )
  const rows = await db
    .select({ d: deposits, uid: users.uid, email: users.email, bank: depositBankAccounts })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .leftJoin(depositBankAccounts, eq(depositBankAccounts.id, deposits.bankAccountId))
    .where(where)
    .orderBy(queueOrder(deposits.id, query.status === DepositStatus.Unchecked))
    .offset((query.page - 1) * query.limit)
    .limit(query.limit)
  const [total] = await db
    .select({ n: count() })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(where)
  const deciders = await decidersOf(
    db,
    DEPOSIT_DECISIONS,
    rows.filter((r) => r.d.status !== DepositStatus.Unchecked).map((r) => `deposit:${r.d.id}`),
  )
  const firstApprovers = await firstApproversOf(
    db,
    rows.map((r) => r.d),
  )
  const two = await needsTwoByItem(
    db,
    'deposits',
    rows.filter((r) => r.d.status === DepositStatus.Unchecked).map((r) => r.d),
  )
  const nowMs = now.getTime()
  return {
    data: rows.map(({ d, uid, email, bank }) => ({
      id: d.id,
      user_id: d.userId,
      uid,
      email: email ?? '',
      type: d.type as 0 | 1,
      currency_code: d.currencyCode,
      amount: new Decimal(d.amount).toFixed(2),
      address: d.address,
      bank_account:
        d.type === 1 && bank
          ? { bank_name: bank.bankName, payee_name: bank.payeeName, payee_account: bank.payeeAccount }
          : null,
      proof_url: uploads.signedUploadUrl(d.proofUploadId, nowMs),
      status: d.status as AdminDepositItem['status'],
      remark: d.remark,
      created_at: wireTime(d.createdAt.getTime()),
      decided_at: d.reviewedAt ? wireTime(d.reviewedAt.getTime()) : '',
      decided_by: deciders.get(`deposit:${d.id}`) ?? '',
      first_approval: firstApprovalOf(d, d.status === DepositStatus.Unchecked, firstApprovers, viewerId),
      two_approvals: two.has(d.id),
      similar_deposit_id: d.similarDepositId,
      similar_distance: d.similarDistance,
    })),
    total: total?.n ?? 0,
  }
}

/**
 * The search of the deposit queue: uid or e-mail, or a deposit's own number written `#123` (the
 * drawer's link to a deposit whose proof looks alike).
 */
function depositSearch(q: string | undefined): SQL | undefined {
  const byId = /^#(\d{1,15})$/.exec(q?.trim() ?? '')
  if (byId) return eq(deposits.id, Number(byId[1]))
  return searchIn(q, [users.uid, users.email])
}
