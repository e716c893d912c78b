import { z } from 'zod'
import { oneOf, serialId } from './numbers.ts'
import { legalVersionsField } from './legal.ts'

/** Form posts send '' for an empty field; treat it as absent. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional())
const optionalId = z.preprocess(blankToUndefined, serialId.optional())

export const LOGIN_TYPES = ['email', 'mobile'] as const
export const loginType = z.enum(LOGIN_TYPES)
export type LoginType = z.infer<typeof loginType>

/** Bounds of a password: long enough to resist guessing, short enough to hash cheaply. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 64
export const password = z
  .string({ error: 'password_rule' })
  .min(PASSWORD_MIN_LENGTH, { error: 'password_rule' })
  .max(PASSWORD_MAX_LENGTH, { error: 'password_rule' })
  .regex(/[A-Za-z]/, { error: 'password_rule' })
  .regex(/[0-9]/, { error: 'password_rule' })

export const email = z.string().trim().toLowerCase().max(254).pipe(z.email())
/** A national number without the area code: digits only, 5 to 15 of them (E.164 allows 15 in all). */
export const mobileNumber = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[0-9]{5,15}$/))

export const VERIFICATION_CODE_LENGTH = 6
const verificationCode = z.string().trim().min(1).max(16)

export const CodePurpose = { REGISTER: 1, RESET: 2 } as const
export const codePurpose = oneOf([CodePurpose.REGISTER, CodePurpose.RESET])

/** The id of an image captcha (`GET /api/default/captcha`) and the text typed from it. */
const captchaId = optionalText(64)
const captchaText = optionalText(16)

export const loginRequest = z.object({
  account: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  login_type: z.preprocess(blankToUndefined, loginType.default('email')),
  area_id: optionalId,
  /** Needed once an account or address has failed too often (reason `captcha_required`). */
  captcha_id: captchaId,
  captcha_code: captchaText,
})

export const registerRequest = z
  .object({
    type: z.preprocess(blankToUndefined, loginType.default('email')),
    area_id: optionalId,
    account: optionalText(254),
    mobile: optionalText(32),
    password,
    re_password: z.string().max(PASSWORD_MAX_LENGTH),
    invite_code: optionalText(32),
    sms_code: verificationCode,
    key: optionalText(64),
    legal_versions: z.preprocess(blankToUndefined, legalVersionsField.optional()),
  })
  .refine((r) => r.password === r.re_password, { error: 'passwords_differ', path: ['re_password'] })

export const forgetPasswordRequest = z
  .object({
    type: z.preprocess(blankToUndefined, loginType.default('email')),
    area_id: optionalId,
    account: z.string().trim().min(1).max(254),
    new_password: password,
    secondary_password: z.string().max(PASSWORD_MAX_LENGTH),
    auth_code: verificationCode,
  })
  .refine((r) => r.new_password === r.secondary_password, {
    error: 'passwords_differ',
    path: ['secondary_password'],
  })

/**
 * A signed-in user's password change: always with the current password (issue 22), counted against
 * the account's sign-in failures. The API family's clients send `{old_password, new_password,
 * secondary_password}`; our phone also sends an e-mailed `auth_code` (`type` 'email'), checked when
 * it is sent. A forgotten password goes through the reset (`forget_password`) instead.
 */
export const amendPasswordRequest = z
  .object({
    type: z.preprocess(blankToUndefined, z.literal('email').default('email')),
    old_password: z
      .string({ error: 'old_password_required' })
      .min(1, { error: 'old_password_required' })
      .max(PASSWORD_MAX_LENGTH, { error: 'old_password_wrong' }),
    new_password: password,
    re_password: optionalText(PASSWORD_MAX_LENGTH),
    secondary_password: z.preprocess(blankToUndefined, z.string().max(PASSWORD_MAX_LENGTH).optional()),
    auth_code: z.preprocess(blankToUndefined, verificationCode.optional()),
  })
  .refine((r) => r.re_password === undefined || r.new_password === r.re_password, {
    error: 'passwords_differ',
    path: ['re_password'],
  })
  .refine((r) => r.secondary_password === undefined || r.new_password === r.secondary_password, {
    error: 'passwords_differ',
    path: ['secondary_password'],
  })

export const sendEmailRequest = z.object({ to: email, type: codePurpose })
export const sendSmsRequest = z.object({
  to: mobileNumber,
  area_id: serialId,
  type: codePurpose,
})

/** A device identifier the client generates once; 8 to 64 URL-safe characters. */
export const demoRequest = z.object({
  demo_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/),
})

export const settingRequest = z.object({ key: z.string().trim().min(1).max(64) })
export const companyRequest = z.object({ name: z.string().trim().max(100).optional() })

export type LoginRequest = z.infer<typeof loginRequest>
export type RegisterRequest = z.infer<typeof registerRequest>
export type ForgetPasswordRequest = z.infer<typeof forgetPasswordRequest>
export type AmendPasswordRequest = z.infer<typeof amendPasswordRequest>
