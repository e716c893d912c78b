import { z } from 'zod'
import { integer, INT32_MAX, oneOf } from './numbers.ts'
import { IdentityCheckStatus, REJECT_REASON_MAX_LENGTH } from './identity.ts'
import { DepositStatus, DepositType, WithdrawalStatus } from './money.ts'
import { LINES, ONE_LINE } from './plain-text.ts'
import {
  ADMIN_QUEUE_PAGE_SIZE,
  ADMIN_QUEUE_MAX_PAGE_SIZE,
  ADMIN_QUEUE_SEARCH_MAX_LENGTH,
  REAL_NUMBER_MAX_LENGTH,
  DECISION_REMARK_MAX_LENGTH,
} from './light/admin-queues.ts'
export * from './light/admin-queues.ts'

/** Shapes of the back office's review queues (`/admin/api/{dashboard,identity,deposits,withdrawals}`, issue 11). */

/** An empty query field (a cleared filter) means no filter. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value)

const queuePage = z.object({
  page: integer({ min: 1, max: 1_000_000 }).default(1),
  limit: integer({ min: 1, max: ADMIN_QUEUE_MAX_PAGE_SIZE }).default(ADMIN_QUEUE_PAGE_SIZE),
  /** uid, e-mail (or, for identity checks, the name on the document) containing this text. */
  q: z.preprocess(blankAsAbsent, z.string().trim().max(ADMIN_QUEUE_SEARCH_MAX_LENGTH).optional()),
})

export const adminIdentityListRequest = queuePage.extend({
  status: z.preprocess(
    blankAsAbsent,
    oneOf([
      IdentityCheckStatus.Waiting,
      IdentityCheckStatus.Approved,
      IdentityCheckStatus.Rejected,
    ]).optional(),
  ),
})

export const adminDepositListRequest = queuePage.extend({
  status: z.preprocess(
    blankAsAbsent,
    oneOf([
      DepositStatus.Unchecked,
      DepositStatus.Finished,
      DepositStatus.Rejected,
      DepositStatus.Invalid,
    ]).optional(),
  ),
  type: z.preprocess(blankAsAbsent, oneOf([DepositType.Coin, DepositType.Bank]).optional()),
})

export const adminWithdrawalListRequest = queuePage.extend({
  status: z.preprocess(
    blankAsAbsent,
    oneOf([WithdrawalStatus.Waiting, WithdrawalStatus.Paid, WithdrawalStatus.Rejected]).optional(),
  ),
  /** 1 coin address, 2 bank account. */
  type: z.preprocess(blankAsAbsent, oneOf([1, 2]).optional()),
})

/** The id in a decision's path. Deposits and withdrawals have 64-bit ids; identity checks 32-bit. */
export const queueItemIdParams = z.object({ id: integer({ min: 1, max: Number.MAX_SAFE_INTEGER }) })
export const identityCheckIdParams = z.object({ id: integer({ min: 1, max: INT32_MAX }) })

/** Text a user or an accountant reads: a few lines of plain text (plain-text.ts). */
const decisionText = (max: number) => z.string().trim().min(1).max(max).regex(LINES)

/** `POST /admin/api/identity/:id/reject`: the reason the user reads. */
export const adminIdentityRejectRequest = z.object({ reason: decisionText(REJECT_REASON_MAX_LENGTH) })

/** `POST /admin/api/deposits/:id/{reject,invalid}` and `withdrawals/:id/reject`: what the user reads. */
export const adminRemarkRequest = z.object({ remark: decisionText(DECISION_REMARK_MAX_LENGTH) })

/** `POST /admin/api/withdrawals/:id/approve`: the transfer's reference (a transaction hash, a bank reference). */
export const adminWithdrawalApproveRequest = z.object({
  real_number: z.string().trim().min(1).max(REAL_NUMBER_MAX_LENGTH).regex(ONE_LINE),
})

/**
 * The answer of approving a deposit or paying a withdrawal: null when it is done, or, when the
 * amount needs two staff members (the four-eyes settings), that this was the first approval.
 */
export type AdminApprovalAnswer = null | { waiting_for_second_approval: true }

/**
 * The first of two approvals of a deposit or a withdrawal above the four-eyes threshold: who gave it
 * (e-mail), when, their note (a withdrawal's; '' for a deposit) and whether it was the caller, who
 * cannot give the second.
 */
export interface AdminFirstApproval {
  by: string
  at: string
  note: string
  by_you: boolean
}

/** `GET /admin/api/dashboard`: what waits for staff. */
export interface AdminDashboard {
  identity_waiting: number
  deposits_waiting: number
  withdrawals_waiting: number
  /** Conversations with user messages staff have not read. */
  chat_unread: number
  /** Balance adjustments waiting for a second admin. */
  adjustments_waiting: number
  /** Users' feedback nobody has looked at yet (status new). */
  feedback_new: number
}

/** One deposit as finance sees it. Amounts are USD with 2 decimals; times as the app shows them. */
export interface AdminDepositItem {
  id: number
  user_id: number
  uid: string
  email: string
  /** 0 coin, 1 bank. */
  type: 0 | 1
  currency_code: string
  amount: string
  /** The coin address or the bank account number the user paid to. */
  address: string
  /** The broker's account of a bank deposit; null for a coin deposit. */
  bank_account: { bank_name: string; payee_name: string; payee_account: string } | null
  /** A freshly signed link to the proof image. */
  proof_url: string
  status: 0 | 1 | 2 | 3
  remark: string
  created_at: string
  decided_at: string
  /** The staff member (e-mail) who decided, from the audit log; '' while waiting. */
  decided_by: string
  /** Set while an approved deposit waits for a second approver, and kept once the second approved. */
  first_approval: AdminFirstApproval | null
  /** Waiting, and approving it now would take two staff members (the four-eyes threshold). */
  two_approvals: boolean
  /**
   * Ours (issue 22): an earlier deposit whose proof looks like this one's (a resized or re-encoded
   * copy: perceptual hashes within a few bits), and how many of the 64 bits differ; null when none.
   */
  similar_deposit_id: number | null
  similar_distance: number | null
}

/** The user's bank account a bank withdrawal is paid to (kept even when the user deleted it). */
export interface AdminPayeeBank {
  bank_name: string
  bank_address: string
  bank_swift: string
  payee_name: string
  payee_account: string
  iban: string
  /** The account's own currency, as the user gave it. */
  currency: string
  remark: string
}

/** One withdrawal as finance sees it. `amount` and `fee` USD; `receive_amount` in `currency`. */
export interface AdminWithdrawalItem {
  id: number
  user_id: number
  uid: string
  email: string
  /** 1 coin address, 2 bank account. */
  type: 1 | 2
  /** `code-protocol`, e.g. USDT-TRC20 (the code alone for a bank currency). */
  currency: string
  amount: string
  fee: string
  /** What to send, exact to the currency's smallest unit (8 decimals for BTC, 18 for ETH). */
  receive_amount: string
  /** The frozen rate: USD per unit of `currency`, the margin included. */
  usd_price: string
  /** What `receive_amount` is worth in USD at the frozen rate (to the cent, rounded down). */
  receive_usd: string
  /** 'quote:<instrument>' when priced at the live quote, 'staff' at the rate staff set. */
  rate_source: string
  /** When the quote was taken ('' for a staff-set rate). */
  rate_quoted_at: string
  /** The margin (%) added to the quote. */
  rate_margin_pct: string
  /** The coin address to pay to ('' for a bank withdrawal). */
  address: string
  /** The bank account to pay to; null for a coin withdrawal. */
  bank: AdminPayeeBank | null
  /** The user's memo with the request. */
  memo: string
  status: 0 | 1 | 2
  /** The transfer's reference, once paid. */
  real_number: string
  /** Why it was rejected. */
  remark: string
  created_at: string
  decided_at: string
  decided_by: string
  /** Set while a withdrawal approved for payment waits for a second approver, and kept once paid by two. */
  first_approval: AdminFirstApproval | null
  /** Waiting, and paying it now would take two staff members (the four-eyes threshold). */
  two_approvals: boolean
}

/** A Server-Sent Event of `GET /admin/api/events`: a new item in one of the queues. */
/** The back office's queues a new item is announced in. */
export const ADMIN_QUEUES = [
  'deposits',
  'withdrawals',
  'identity',
  'chat',
  'adjustments',
  'feedback',
] as const

export interface AdminQueueEvent {
  type: 'queue'
  queue: (typeof ADMIN_QUEUES)[number]
}
