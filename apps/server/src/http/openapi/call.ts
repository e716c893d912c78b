import type { z } from 'zod'
import type { StaffGuardTag } from '../admin/staff-guard.ts'

/**
 * Who may make a call: anyone, a signed-in user (`session`), a signed-in user of a real account
 * (`real_account`: a demo account is refused with `demo_forbidden`), or a staff member of the back
 * office whose role holds `permission` (null: any signed-in staff) at a sign-in stage (1: password
 * given, second factor owed; 2: signed in).
 */
export type CallAuth =
  'none' | 'session' | 'real_account' | { staff: StaffGuardTag['permission']; stage?: 1 | 2 }

/** One HTTP call as the OpenAPI document describes it; the route itself stays the source of truth. */
export interface Call {
  method: 'GET' | 'POST'
  /** OpenAPI's form (`/admin/api/users/{id}`); the route registers `/admin/api/users/:id`. */
  path: string
  summary: string
  auth: CallAuth
  query?: z.ZodType
  body?: z.ZodType
  /** Multipart with one `file` part (image uploads) instead of a JSON or form body. */
  upload?: true
  params?: z.ZodType
  /** The packages/contracts type of the envelope's `data`, named for the reader. */
  answer?: string
  /** Counted against a rate limit (HTTP 429 `rate_limited` past it). */
  limited?: true
  /** Reads an `Idempotency-Key` header: a repeated key answers the first call's result. */
  idempotent?: true
  /** Answers something other than the JSON envelope (an image, a stream, a manifest); several: ", "-separated. */
  produces?: string
}
