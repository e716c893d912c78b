import {
  adminUserIdParams,
  passkeyAddRequest,
  passkeyDeleteRequest,
  passkeyLoginOptionsRequest,
  passkeyLoginRequest,
  secondFactorLoginRequest,
  secondFactorResetRequest,
  stepUpRequest,
  totpEnableRequest,
} from '@tp/contracts'
import type { Call } from './call.ts'
import { staff } from './staff-auth.ts'

/**
 * A client's own second factor (issue 26, decision 047): the sign-in's second step and a passkey's
 * sign-in (apps/server/src/http/routes/user.ts), the settings and the proof given again
 * (routes/security.ts), and staff's reset (admin/users-routes.ts).
 */
export const PHONE_SECURITY_CALLS: Call[] = [
  {
    method: 'POST',
    path: '/api/user/login/second_factor',
    summary:
      'The second step of a sign-in: the ticket of `second_factor_required` and one proof (`totp_code`, `recovery_code` or `passkey`); answers LoginResult',
    auth: 'none',
    body: secondFactorLoginRequest,
    answer: 'LoginResult',
    limited: true,
  },
  {
    method: 'POST',
    path: '/api/user/login/passkey_options',
    summary:
      "A WebAuthn challenge (PublicKeyCredentialRequestOptionsJSON): for a ticket's second step, or, without one, to sign in with a passkey alone",
    auth: 'none',
    body: passkeyLoginOptionsRequest,
    limited: true,
  },
  {
    method: 'POST',
    path: '/api/user/login/passkey',
    summary:
      'Sign in with a passkey alone (it asks for the device’s PIN, fingerprint or face); answers LoginResult',
    auth: 'none',
    body: passkeyLoginRequest,
    answer: 'LoginResult',
    limited: true,
  },
  {
    method: 'GET',
    path: '/api/security',
    summary:
      'Own second factor: authenticator on, passkeys, recovery codes left, and until when this session has proved itself',
    auth: 'real_account',
    answer: 'SecurityStatus',
  },
  {
    method: 'POST',
    path: '/api/security/verify',
    summary:
      'Prove it is you again for 5 minutes (withdrawals, payout methods and these settings answer `step_up_required` otherwise): one second-factor proof, or `password` without a second factor; answers `{until}`',
    auth: 'real_account',
    body: stepUpRequest,
    limited: true,
  },
  {
    method: 'POST',
    path: '/api/security/passkey/step_up_options',
    summary: 'A WebAuthn challenge for own passkeys, to prove it is you again (`/api/security/verify`)',
    auth: 'real_account',
    limited: true,
  },
  {
    method: 'POST',
    path: '/api/security/totp/setup',
    summary:
      'Start adding an authenticator app: its secret, otpauth:// address and QR code (asks a recent proof)',
    auth: 'real_account',
    answer: 'TotpSetup',
    limited: true,
  },
  {
    method: 'POST',
    path: '/api/security/totp/enable',
    summary:
      'The first code of the authenticator just added; the first factor answers 10 recovery codes, shown once',
    auth: 'real_account',
    body: totpEnableRequest,
    answer: 'RecoveryCodes',
    limited: true,
  },
  {
    method: 'POST',
    path: '/api/security/totp/disable',
    summary: 'Remove the authenticator app (asks a recent proof)',
    auth: 'real_account',
    answer: 'RecoveryCodes',
    limited: true,
  },
  {
    method: 'POST',
    path: '/api/security/passkey/options',
    summary:
      'A WebAuthn challenge to add a passkey (PublicKeyCredentialCreationOptionsJSON; asks a recent proof)',
    auth: 'real_account',
    limited: true,
  },
  {
    method: 'POST',
    path: '/api/security/passkey/add',
    summary: 'Keep the passkey the browser made, by a name; the first factor answers 10 recovery codes',
    auth: 'real_account',
    body: passkeyAddRequest,
    answer: 'RecoveryCodes',
    limited: true,
  },
  {
    method: 'POST',
    path: '/api/security/passkey/delete',
    summary: 'Remove one own passkey (asks a recent proof)',
    auth: 'real_account',
    body: passkeyDeleteRequest,
    answer: 'RecoveryCodes',
    limited: true,
  },
  {
    method: 'POST',
    path: '/api/security/recovery_codes',
    summary: 'New recovery codes; the old ones stop working (asks a recent proof)',
    auth: 'real_account',
    answer: 'RecoveryCodes',
    limited: true,
  },
]

export const BACK_OFFICE_SECURITY_CALLS: Call[] = [
  {
    method: 'POST',
    path: '/admin/api/users/{id}/second_factor_reset',
    summary:
      "Remove a client's second factor after checking who they are (`identity_check`, kept in the audit); only for a verified identity; ends their sessions",
    auth: staff('users.manage'),
    params: adminUserIdParams,
    body: secondFactorResetRequest,
  },
]
