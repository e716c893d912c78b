import { z } from 'zod'
import { email } from './auth.ts'
import { STAFF_PASSWORD_MAX_LENGTH } from './admin.ts'
import { STAFF_ROLES } from './light/staff-roles.ts'

/** Shapes of the back office's staff management (issue 11; admins only). */

/** The staff roles (light/staff-roles.ts), by the name the staff shapes use. */
export const STAFF_ROLE_NAMES = STAFF_ROLES

export const staffCreateRequest = z.object({
  email,
  name: z.string().trim().min(1).max(64),
  role: z.enum(STAFF_ROLE_NAMES),
})

export const staffRoleRequest = z.object({ role: z.enum(STAFF_ROLE_NAMES) })

export interface StaffItem {
  id: number
  email: string
  name: string
  role: (typeof STAFF_ROLE_NAMES)[number]
  totp_enabled: boolean
  disabled: boolean
  /** Issue 22: signed in with a temporary password that is still to be replaced by their own. */
  must_change_password: boolean
  created_at: string
}

/**
 * Issue 22: a new staff member's one-time password is e-mailed to the member's own address and
 * shown to no staff member (not the creator, not the approving admin: either could else sign in
 * first and hold a second account); the first sign-in replaces it with the member's own.
 * `password_sent_to`: the address it went to.
 */
export interface StaffCreated extends StaffItem {
  password_sent_to: string
}

/** A staff password of one's own: 12 characters at least. */
export const staffPassword = z.string().min(12).max(STAFF_PASSWORD_MAX_LENGTH)

/** The first sign-in's (or a reset's) step: the staff member's own password. */
export const staffFirstPasswordRequest = z.object({ password: staffPassword })

/** A signed-in staff member changes their password: the current one is asked again. */
export const staffPasswordChangeRequest = z.object({
  current_password: z.string().min(1).max(STAFF_PASSWORD_MAX_LENGTH),
  password: staffPassword,
})

/** What a staff approval request changes (decision 028). */
export const APPROVAL_KINDS = [
  'setting',
  'instrument',
  'group_markup',
  'client_group',
  'staff.create',
  'staff.role',
  'staff.reset_second_factor',
] as const
export type ApprovalKind = (typeof APPROVAL_KINDS)[number]
export const APPROVAL_STATUSES = ['waiting', 'approved', 'rejected', 'cancelled'] as const
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]

/**
 * A change that waits for a second admin: what it changes (`before` as found when asked, `after`
 * as asked), who asked and when, who decided. `password_sent_to` only in the answer of an approval
 * that created a staff member: the address their one-time password was e-mailed to.
 */
export interface ApprovalItem {
  id: number
  kind: ApprovalKind
  target: string
  before: Record<string, unknown>
  after: Record<string, unknown>
  status: ApprovalStatus
  requested_by: string
  requested_by_id: number
  requested_at: string
  decided_by: string | null
  decided_at: string | null
  password_sent_to?: string
}

/**
 * The answer (code 1) of a change that was not made but recorded, waiting for a second admin; the
 * message says so. `admins_to_ask`: how many other active admins could approve it (0 on an install
 * with one admin: nobody can until a second is added).
 */
export interface ApprovalWaiting {
  waiting: ApprovalItem
  admins_to_ask: number
}

export const approvalListRequest = z.object({
  status: z.enum(APPROVAL_STATUSES).optional(),
})
