import { z } from 'zod'
import { integer, INT32_MAX } from './numbers.ts'

/** Shapes of the back office's audit log reading (`GET /admin/api/audit`, issue 11; admins only). */

export const ADMIN_AUDIT_PAGE_SIZE = 20
export const ADMIN_AUDIT_MAX_PAGE_SIZE = 100
/** Actions are `area.verb` (`setting.change`); targets `kind:id` (`user:7`, `setting:loss_url`). */
export const AUDIT_ACTION_MAX_LENGTH = 64
export const AUDIT_TARGET_MAX_LENGTH = 128

/** An empty query field (a cleared filter) means no filter. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value)

/** A calendar day in UTC, `YYYY-MM-DD`, that exists (no 2026-02-30). */
const utcDay = z.string().refine((text) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text)
})

export const adminAuditListRequest = z
  .object({
    page: integer({ min: 1, max: 1_000_000 }).default(1),
    limit: integer({ min: 1, max: ADMIN_AUDIT_MAX_PAGE_SIZE }).default(ADMIN_AUDIT_PAGE_SIZE),
    /** Rows of this staff member only. */
    staff_id: z.preprocess(blankAsAbsent, integer({ min: 1, max: INT32_MAX }).optional()),
    /** Actions starting with this text: `setting` (every setting.*), `staff.create`. */
    action: z.preprocess(
      blankAsAbsent,
      z
        .string()
        .trim()
        .max(AUDIT_ACTION_MAX_LENGTH)
        .regex(/^[a-z0-9_.]*$/)
        .optional(),
    ),
    /** Rows about exactly this target: `user:7`, `setting:loss_url`. */
    target: z.preprocess(blankAsAbsent, z.string().trim().max(AUDIT_TARGET_MAX_LENGTH).optional()),
    /** From the start of this UTC day, through the end of `date_to` (both inclusive). */
    date_from: z.preprocess(blankAsAbsent, utcDay.optional()),
    date_to: z.preprocess(blankAsAbsent, utcDay.optional()),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { path: ['date_to'] })

export type AdminAuditListRequest = z.infer<typeof adminAuditListRequest>

/** One row of the append-only audit log: who did what to what, from where, and what changed. */
export interface AuditItem {
  id: number
  /** Null when the staff account no longer exists; `staff_email` is kept either way. */
  staff_id: number | null
  staff_email: string
  action: string
  target: string
  before: unknown
  after: unknown
  address: string
  /** "YYYY-MM-DD HH:mm:ss", UTC. */
  created_at: string
}
