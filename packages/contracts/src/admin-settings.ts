import { z } from 'zod'
import { pageRequest } from './trading.ts'
export * from './light/admin-settings.ts'

/** Shapes of the back office's settings and outbox calls (issue 11). */

export const settingChangeRequest = z.object({
  key: z.string().trim().min(1).max(64),
  value: z.string().max(600),
  /**
   * With `trade_fee_type` only: every non-zero fee rate restated in the new unit, by instrument id
   * (USD a lot, or a share of the margin such as `0.001`), changed in the same transaction.
   */
  fee_rates: z.record(z.string().regex(/^\d{1,9}$/), z.string().trim().max(32)).optional(),
})

export const outboxListRequest = pageRequest.extend({
  /** Part of the recipient (an e-mail address or a phone number). */
  q: z.string().trim().max(254).optional(),
})

export interface OutboxItem {
  id: number
  channel: 'email' | 'sms'
  destination: string
  subject: string
  body: string
  status: string
  error: string | null
  created_at: string
}
