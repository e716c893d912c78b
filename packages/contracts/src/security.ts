import { z } from 'zod'
import { serialId } from './numbers.ts'
import { PASSKEY_NAME_MAX } from './light/security.ts'
import { PASSWORD_MAX_LENGTH } from './auth.ts'
export * from './light/security.ts'

/** Shapes of the second factor's calls (issue 26, docs/decisions/047). */

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/)

/** What `navigator.credentials.get` answered, as `@simplewebauthn/browser` sends it. */
export const passkeyAssertion = z.object({
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
})

/** What `navigator.credentials.create` answered, as `@simplewebauthn/browser` sends it. */
export const passkeyAttestation = z.object({
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(16000),
    transports: z.array(z.string().max(20)).max(8).optional(),
    authenticatorData: base64url(8000).optional(),
    publicKey: base64url(2000).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
})

const totpCode = z
  .string()
  .trim()
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'totp_invalid' }))
/** A recovery code as printed (letters and digits; dashes, spaces and case ignored): staff's and clients'. */
export const recoveryCodeText = z
  .string()
  .trim()
  .max(32)
  .transform((text) => text.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-Z]{10}$/, { error: 'code_invalid' }))

/** One proof that it is the client: exactly one of these. */
export const secondFactorProof = z
  .object({
    totp_code: totpCode.optional(),
    recovery_code: recoveryCodeText.optional(),
    passkey: passkeyAssertion.optional(),
  })
  .refine((p) => [p.totp_code, p.recovery_code, p.passkey].filter((x) => x !== undefined).length === 1, {
    error: 'invalid_input',
    path: ['totp_code'],
  })
export type SecondFactorProof = z.infer<typeof secondFactorProof>

/** `POST /api/security/verify`: a proof, or the password for a client without a second factor. */
export const stepUpRequest = z.union([
  z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) }).strict(),
  secondFactorProof,
])

/** `POST /api/user/login/second_factor`: the second step of a sign-in. */
export const secondFactorLoginRequest = z.intersection(
  z.object({ ticket: z.string().trim().min(16).max(200) }),
  secondFactorProof,
)

/** `POST /api/user/login/passkey_options`: a challenge for a passkey sign-in, or a ticket's second step. */
export const passkeyLoginOptionsRequest = z.object({
  ticket: z.string().trim().min(16).max(200).optional(),
})

/** `POST /api/user/login/passkey`: signs in with a passkey alone (it asks for the device's PIN or face). */
export const passkeyLoginRequest = z.object({ passkey: passkeyAssertion })

/** `POST /api/security/totp/enable`: the first code of the authenticator just added. */
export const totpEnableRequest = z.object({ code: totpCode })

/** `POST /api/security/passkey/add`. */
export const passkeyAddRequest = z.object({
  name: z.string().trim().min(1).max(PASSKEY_NAME_MAX),
  passkey: passkeyAttestation,
})

/** `POST /api/security/passkey/delete`. */
export const passkeyDeleteRequest = z.object({ id: serialId })

/** `POST /admin/api/users/:id/second_factor_reset`: what the identity check was (kept in the audit). */
export const secondFactorResetRequest = z.object({
  identity_check: z.string().trim().min(10).max(500),
})
