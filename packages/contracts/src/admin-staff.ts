import { z } from 'zod'
import { email } from './auth.ts'
import { STAFF_PASSWORD_MAX_LENGTH } from './admin.ts'

/** Shapes of the back office's staff management (issue 11; admins only). */

export const STAFF_ROLE_NAMES = ['admin', 'finance', 'dealer', 'support'] as const

export const staffCreateRequest = z.object({
  email,
  name: z.string().trim().min(1).max(64),
  role: z.enum(STAFF_ROLE_NAMES),
  password: z.string().min(12).max(STAFF_PASSWORD_MAX_LENGTH),
})

export const staffRoleRequest = z.object({ role: z.enum(STAFF_ROLE_NAMES) })

export interface StaffItem {
  id: number
  email: string
  name: string
  role: (typeof STAFF_ROLE_NAMES)[number]
  totp_enabled: boolean
  disabled: boolean
  created_at: string
}
