import { Decimal } from 'decimal.js'
import { count, eq } from 'drizzle-orm'
import { payoutText } from '@tp/engine'
import { WithdrawalStatus, type AdminWithdrawalItem, type RecordPage } from '@tp/contracts'
import type { DbOrTx } from '../../db/client.ts'
import { needsTwoByItem } from '../../money/four-eyes.ts'
import { payoutMethods, users, withdrawCurrencies, withdrawals } from '../../db/schema.ts'
import { wireTime } from '../../trading/order-view.ts'
import {
  allOf,
  decidersOf,
  firstApprovalOf,
  firstApproversOf,
  queueOrder,
  searchIn,
  type QueuePage,
} from './queue-query.ts'

export const WITHDRAWAL_DECISIONS = ['withdrawal.approve', 'withdrawal.reject']

export interface WithdrawalListQuery extends QueuePage {
  status?: 0 | 1 | 2 | undefined
  type?: 1 | 2 | undefined
}

/**
 * Withdrawals for finance, with where to pay (the payout method as it was saved, deleted or not).
 * The withdrawals table has one text for staff notes: the transfer's reference when paid, the
 * reason when rejected; it is answered as `real_number` or `remark` by the status. The first of two
 * approvals (decision 025) is answered apart, `viewerId` told whether it was theirs.
 */
export async function withdrawalQueue(
  db: DbOrTx,
  query: WithdrawalListQuery,
  viewerId: number,
): Promise<RecordPage<AdminWithdrawalItem>> {
  const where = allOf(
    query.status === undefined ? undefined : eq(withdrawals.status, query.status),
    query.type === undefined ? undefined : eq(withdrawals.type, query.type),
    searchIn(query.q, [users.uid, users.email]),
  )
  const rows = await db
    .select({
      w: withdrawals,
      uid: users.uid,
      email: users.email,
      currency: withdrawCurrencies,
      method: payoutMethods,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .innerJoin(withdrawCurrencies, eq(withdrawCurrencies.id, withdrawals.withdrawCurrencyId))
    .innerJoin(payoutMethods, eq(payoutMethods.id, withdrawals.payoutMethodId))
    .where(where)
    .orderBy(queueOrder(withdrawals.id, query.status === WithdrawalStatus.Waiting))
    .offset((query.page - 1) * query.limit)
    .limit(query.limit)
  const [total] = await db
    .select({ n: count() })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where)
  const deciders = await decidersOf(
    db,
    WITHDRAWAL_DECISIONS,
    rows.filter((r) => r.w.status !== WithdrawalStatus.Waiting).map((r) => `withdrawal:${r.w.id}`),
  )
  const firstApprovers = await firstApproversOf(
    db,
    rows.map((r) => r.w),
  )
  const two = await needsTwoByItem(
    db,
    'withdrawals',
    rows.filter((r) => r.w.status === WithdrawalStatus.Waiting).map((r) => r.w),
  )
  return {
    data: rows.map(({ w, uid, email, currency, method }) => ({
      id: w.id,
      user_id: w.userId,
      uid,
      email: email ?? '',
      type: w.type as 1 | 2,
      currency: currency.protocol ? `${currency.code}-${currency.protocol}` : currency.code,
      amount: new Decimal(w.amount).toFixed(2),
      fee: new Decimal(w.fee).toFixed(2),
      receive_amount: payoutText(w.received),
      usd_price: new Decimal(w.usdPrice).toFixed(),
      receive_usd: new Decimal(w.received).times(w.usdPrice).toFixed(2, Decimal.ROUND_DOWN),
      rate_source: w.rateSource,
      rate_quoted_at: w.rateQuotedAt ? wireTime(w.rateQuotedAt.getTime()) : '',
      rate_margin_pct: new Decimal(w.rateMarginPct).toFixed(),
      address: w.type === 1 ? method.address : '',
      bank:
        w.type === 2
          ? {
              bank_name: method.bankName,
              bank_address: method.bankAddress,
              bank_swift: method.bankSwift,
              payee_name: method.payeeName,
              payee_account: method.payeeAccount,
              iban: method.iban,
              currency: method.currency,
              remark: method.remark,
            }
          : null,
      memo: w.memo,
      status: w.status as AdminWithdrawalItem['status'],
      real_number: w.status === WithdrawalStatus.Paid ? w.notes : '',
      remark: w.status === WithdrawalStatus.Rejected ? w.notes : '',
      created_at: wireTime(w.createdAt.getTime()),
      decided_at: w.reviewedAt ? wireTime(w.reviewedAt.getTime()) : '',
      decided_by: deciders.get(`withdrawal:${w.id}`) ?? '',
      first_approval: firstApprovalOf(w, w.status === WithdrawalStatus.Waiting, firstApprovers, viewerId),
      two_approvals: two.has(w.id),
    })),
    total: total?.n ?? 0,
  }
}
