import { z } from 'zod'
import { recoveryCodeText } from './security.ts'
import { email } from './auth.ts'
import { STAFF_PASSWORD_MAX_LENGTH } from './light/admin.ts'
export * from './light/admin.ts'

/** Shapes of the back office's sign-in (`/admin/api/auth/*`, issue 11). */

export const staffLoginRequest = z.object({
  email,
  password: z.string().min(1).max(STAFF_PASSWORD_MAX_LENGTH),
})

/** A 6-digit code of the authenticator app. */
export const totpCodeRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
})

/** A recovery code as printed (letters and digits, dashes and spaces ignored). */
export const recoveryCodeRequest = z.object({ code: recoveryCodeText })

export interface StaffProfile {
  id: number
  email: string
  name: string
  role: 'admin' | 'finance' | 'dealer' | 'support'
}

/**
 * The answer of a right password: the second factor is owed. `setup` when the staff member has no
 * authenticator yet (the QR code and secret to add one), `totp` when a code is asked.
 */
export type StaffLoginAnswer =
  | { stage: 'totp'; token: string }
  /** Issue 22: a temporary password: the token only sets the staff member's own (then the factor). */
  | { stage: 'password'; token: string }
  | { stage: 'setup'; token: string; otpauth_url: string; qr_svg: string; secret: string }

/** Signed in: the session token and who it is; `recovery_codes` only right after setting up TOTP. */
export interface StaffSessionAnswer {
  token: string
  staff: StaffProfile
  recovery_codes?: string[]
}
