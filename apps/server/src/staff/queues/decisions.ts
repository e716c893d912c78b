import { Decimal } from 'decimal.js'
import { DepositStatus, IdentityCheckStatus, WithdrawalStatus } from '@tp/contracts'
import { payoutText } from '@tp/engine'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deposits } from '../../db/schema.ts'
import { reviewIdentityCheck } from '../../identity/review.ts'
import { approveDeposit, rejectDeposit, type DepositDecided } from '../../money/deposits.ts'
import { decideWithdrawal, type WithdrawalDecided } from '../../money/withdrawals.ts'
import { refuse, type Outcome } from '../../outcome/outcome.ts'
import type { DeskPort } from '../../trading/desk.ts'
import type { ApprovalResult } from '../../money/four-eyes.ts'
import { audit, type Actor } from '../../audit/audit.ts'
import { notify } from '../../notices/notices.ts'

/*
 * Staff decisions of the review queues, each audited in the decision's own transaction: a decision
 * is never kept without its audit row, and a refused one (already decided, not found) writes none.
 * Only a waiting item can be decided, so `before` is always the waiting status. A final decision
 * also writes the client's notice in that transaction (decision 043); a first of two approvals
 * decides nothing the client is told of.
 */

const usd = (amount: string) => new Decimal(amount).toFixed(2)

/** The staff ids of a two-person approval, for its audit row (none for one alone). */
const approvers = (row: { firstApprovedBy: number | null; secondApprovedBy: number | null }) =>
  row.secondApprovedBy === null
    ? {}
    : { first_approved_by: row.firstApprovedBy, second_approved_by: row.secondApprovedBy }

export type DepositDecision = 'approve' | 'reject' | 'invalid'

/** Approve (credited once, through the desk), reject (2) or mark invalid (3) a waiting deposit. */
export async function decideDeposit(
  db: Db,
  desk: DeskPort,
  actor: Actor,
  depositId: number,
  decision: DepositDecision,
  remark = '',
): Promise<ApprovalResult | Outcome<void>> {
  const audited: DepositDecided = async (tx, d) => {
    await audit(tx, actor, {
      // The first of two approvals (decision 025) books nothing: the deposit stays unchecked.
      action:
        decision === 'approve' && d.status === DepositStatus.Unchecked
          ? 'deposit.first_approve'
          : `deposit.${decision}`,
      target: `deposit:${d.id}`,
      before: { status: DepositStatus.Unchecked },
      after: {
        status: d.status,
        user_id: d.userId,
        amount: usd(d.amount),
        currency_code: d.currencyCode,
        ...(decision === 'approve' ? approvers(d) : { remark: d.remark }),
      },
    })
    if (d.status === DepositStatus.Unchecked) return
    await notify(tx, {
      userId: d.userId,
      kind: d.status === DepositStatus.Finished ? 'deposit_credited' : 'deposit_rejected',
      ref: `deposit:${d.id}`,
      params: { id: d.id, amount: d.amount },
      detail: d.status === DepositStatus.Finished ? '' : d.remark,
    })
  }
  if (decision === 'approve') return approveDeposit(db, desk, depositId, actor.staffId, audited)
  const status = decision === 'reject' ? DepositStatus.Rejected : DepositStatus.Invalid
  const outcome = await rejectDeposit(db, depositId, status, remark, audited)
  // rejectDeposit cannot tell a decided deposit from a missing one; staff should see the difference.
  if (!outcome.ok && !(await depositExists(db, depositId))) return refuse('not_found')
  return outcome
}

async function depositExists(db: Db, depositId: number): Promise<boolean> {
  const [row] = await db.select({ id: deposits.id }).from(deposits).where(eq(deposits.id, depositId))
  return row !== undefined
}

/**
 * Pay a waiting withdrawal (its frozen amount booked out; `reference` is the transfer's reference,
 * kept in the withdrawal's notes, which the user sees) or reject it (released, `reference` is the
 * reason the user reads).
 */
export function decideWithdrawalAs(
  db: Db,
  desk: DeskPort,
  actor: Actor,
  withdrawalId: number,
  decision: 'approve' | 'reject',
  text: string,
): Promise<ApprovalResult> {
  const audited: WithdrawalDecided = async (tx, w) => {
    await audit(tx, actor, {
      // The first of two approvals (decision 025) pays nothing: the withdrawal stays waiting.
      action:
        decision === 'approve' && w.status === WithdrawalStatus.Waiting
          ? 'withdrawal.first_approve'
          : `withdrawal.${decision}`,
      target: `withdrawal:${w.id}`,
      before: { status: WithdrawalStatus.Waiting },
      after: {
        status: w.status,
        user_id: w.userId,
        amount: usd(w.amount),
        fee: usd(w.fee),
        receive_amount: payoutText(w.received),
        ...(decision === 'reject'
          ? { remark: w.notes }
          : w.status === WithdrawalStatus.Waiting
            ? { note: w.firstNote, ...approvers(w) }
            : { real_number: w.notes, ...approvers(w) }),
      },
    })
    if (w.status === WithdrawalStatus.Waiting) return
    await notify(tx, {
      userId: w.userId,
      kind: w.status === WithdrawalStatus.Paid ? 'withdrawal_paid' : 'withdrawal_rejected',
      ref: `withdrawal:${w.id}`,
      params: { id: w.id, amount: w.amount },
      detail: w.notes,
    })
  }
  const pay = decision === 'approve' ? 'pay' : 'reject'
  return decideWithdrawal(db, desk, withdrawalId, pay, actor.staffId, text, audited)
}

/** Approve a waiting identity check, or reject it with the reason the user reads. */
export function decideIdentity(
  db: Db,
  actor: Actor,
  checkId: number,
  decision: 'approve' | 'reject',
  reason: string,
  now: Date,
): Promise<Outcome<void>> {
  return reviewIdentityCheck(
    db,
    { checkId, approve: decision === 'approve', reason, staff: actor.email.slice(0, 64), now },
    async (tx, check) => {
      await audit(tx, actor, {
        action: `identity.${decision}`,
        target: `identity:${check.id}`,
        before: { status: IdentityCheckStatus.Waiting },
        after: {
          status: check.status,
          user_id: check.userId,
          ...(decision === 'reject' ? { reason: check.rejectReason } : {}),
        },
      })
      const approved = check.status === IdentityCheckStatus.Approved
      await notify(tx, {
        userId: check.userId,
        kind: approved ? 'identity_approved' : 'identity_rejected',
        ref: `identity:${check.id}`,
        detail: approved ? '' : (check.rejectReason ?? ''),
      })
    },
  )
}
