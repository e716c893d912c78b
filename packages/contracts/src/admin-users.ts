import { z } from 'zod'
import { integer, oneOf, serialId } from './numbers.ts'
import { pageRequest } from './trading.ts'
import type { ReviewStatusValue } from './identity.ts'
import type { LedgerTypeValue, TransOrder } from './trading.ts'
import {
  ADJUSTMENT_AMOUNT_TEXT,
  ADJUSTMENT_MAX_USD,
  ADJUSTMENT_MEMO_MAX_LENGTH,
  type AdjustmentStatusValue,
} from './light/admin-users.ts'
export * from './light/admin-users.ts'

/** Shapes of the back office's users calls (`/admin/api/users/*`, `/admin/api/adjustments/*`, issue 11). */

/** `GET /admin/api/users`: uid, e-mail, mobile or nickname containing `q` (any case); empty lists all. */
export const adminUserSearchRequest = pageRequest.extend({
  q: z.string().trim().max(100).default(''),
})

/** A path's user id (`:id`) or adjustment id. */
export const adminUserIdParams = z.object({ id: serialId })

/** A path's order id: a PostgreSQL bigint from a sequence. */
export const adminPositionIdParams = z.object({ id: integer({ min: 1, max: Number.MAX_SAFE_INTEGER }) })

/**
 * `POST /admin/api/users/:id/adjust`: a signed USD amount with at most two decimals, not zero
 * ("-25.50" takes 25.50 away), and the memo the user sees on the ledger row (type 10).
 */
export const adjustmentRequest = z.object({
  amount: z
    .string()
    .trim()
    .regex(ADJUSTMENT_AMOUNT_TEXT)
    .refine((text) => Number(text) !== 0 && Math.abs(Number(text)) <= ADJUSTMENT_MAX_USD),
  memo: z.string().trim().min(1).max(ADJUSTMENT_MEMO_MAX_LENGTH),
})
export type AdjustmentRequest = z.infer<typeof adjustmentRequest>

/** `GET /admin/api/adjustments?status=`: one status, or all when absent. */
export const adjustmentListRequest = pageRequest.extend({
  status: z.preprocess((value) => (value === '' ? undefined : value), oneOf([0, 1, 2]).optional()),
})

/** A user as the back office lists it. Money is USD text with 6 decimals as stored. */
export interface AdminUserItem {
  id: number
  uid: string
  email: string | null
  mobile: string | null
  nickname: string | null
  is_demo: 0 | 1
  /** The client group the hedging rules see the user in (issue 28). */
  client_group: string
  balance: string
  frozen: string
  /** As the user center shows it: 0 not submitted (or rejected), 1 waiting, 2 finished. */
  identity_status: ReviewStatusValue
  invited_by_uid: string | null
  invited_count: number
  disabled: boolean
  disabled_at: string
  created_at: string
}

/** The account's marks now (floats as 6-decimal text); `margin_level` null with no margin used. */
export interface AdminAccountFigures {
  balance: string
  frozen: string
  equity: string
  margin: string
  free_margin: string
  margin_level: number | null
  profit: string
}

/** `GET /admin/api/users/:id`. */
export interface AdminUserDetail extends AdminUserItem {
  /** The uids of the users it invited, newest first (at most REFERRALS_SHOWN; `invited_count` has all). */
  referrals: string[]
  /** Open positions with live marks, as `my_deal` shows them (read from the engine). */
  positions: TransOrder[]
  pending_orders: TransOrder[]
  account: AdminAccountFigures
  /** Sessions signed in now (not ended, not expired), and sessions opened in the last 30 days. */
  live_sessions: number
  recent_sessions: number
  last_sign_in_at: string
  /** The client's second factor (`totp`, `passkey`; empty: none), which an admin may reset. */
  second_factor: string[]
}

/** `GET /admin/api/users/:id/ledger` item. */
export interface AdminLedgerRow {
  id: number
  type: LedgerTypeValue
  amount: string
  balance_after: string
  frozen_amount: string
  frozen_after: string
  memo: string
  ref: string
  created_at: string
}

/** A manual adjustment as listed, and as `adjust`, `approve` and `reject` answer it. */
export interface AdjustmentItem {
  id: number
  user_id: number
  uid: string
  amount: string
  memo: string
  status: AdjustmentStatusValue
  requested_by: string
  decided_by: string | null
  created_at: string
  decided_at: string
}
