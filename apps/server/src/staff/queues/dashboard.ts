import { and, count, countDistinct, eq, isNull } from 'drizzle-orm'
import {
  ChatSender,
  DepositStatus,
  IdentityCheckStatus,
  WithdrawalStatus,
  type AdminDashboard,
} from '@tp/contracts'
import type { DbOrTx } from '../../db/client.ts'
import {
  balanceAdjustments,
  chatMessages,
  deposits,
  feedback,
  identityChecks,
  withdrawals,
} from '../../db/schema.ts'

/** Balance adjustments waiting for a second admin (`balance_adjustments.status`). */
const ADJUSTMENT_WAITING = 0

/** What waits for staff: the counts on the dashboard (each an indexed count of one status). */
export async function dashboardCounts(db: DbOrTx): Promise<AdminDashboard> {
  const [identity, depositCount, withdrawalCount, chat, adjustments, feedbackNew] = await Promise.all([
    db
      .select({ n: count() })
      .from(identityChecks)
      .where(eq(identityChecks.status, IdentityCheckStatus.Waiting)),
    db.select({ n: count() }).from(deposits).where(eq(deposits.status, DepositStatus.Unchecked)),
    db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, WithdrawalStatus.Waiting)),
    db
      .select({ n: countDistinct(chatMessages.userId) })
      .from(chatMessages)
      .where(and(eq(chatMessages.sender, ChatSender.User), isNull(chatMessages.readAt))),
    db
      .select({ n: count() })
      .from(balanceAdjustments)
      .where(eq(balanceAdjustments.status, ADJUSTMENT_WAITING)),
    db.select({ n: count() }).from(feedback).where(eq(feedback.status, 'new')),
  ])
  return {
    identity_waiting: identity[0]?.n ?? 0,
    deposits_waiting: depositCount[0]?.n ?? 0,
    withdrawals_waiting: withdrawalCount[0]?.n ?? 0,
    chat_unread: chat[0]?.n ?? 0,
    adjustments_waiting: adjustments[0]?.n ?? 0,
    feedback_new: feedbackNew[0]?.n ?? 0,
  }
}
