import type { LoginResult, RecoveryCodes, SecurityStatus, TotpSetup } from '@tp/contracts/light'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'
import { api, type Params } from '../api-client.ts'

/*
 * The client's own second factor (decision 047): its settings (/mine/security), the proof a session
 * gives again before a withdrawal or a payout method (step-up), and the sign-in's second step.
 * Loaded only by the screens and sheets that use it.
 */

export const SECURITY_QUERY = 'security'
/** The refusals this module's callers answer themselves (with the step-up sheet or the second step). */
export const STEP_UP_REQUIRED = 'step_up_required'
export const SECOND_FACTOR_REQUIRED = 'second_factor_required'

/** One proof: a code of the authenticator, a recovery code, a passkey's answer, or (no factor yet) the password. */
export type Proof =
  | { totp_code: string }
  | { recovery_code: string }
  | { passkey: AuthenticationResponseJSON }
  | { password: string }

const json = (body: object) => body as unknown as Params

export function fetchSecurity(signal?: AbortSignal): Promise<SecurityStatus> {
  return api.get<SecurityStatus>('/api/security', { signal, silent: true })
}

export function proveAgain(proof: Proof): Promise<{ until: number }> {
  return api.post<{ until: number }>('/api/security/verify', json(proof), { json: true, loading: true })
}

export function stepUpPasskeyOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return api.post<PublicKeyCredentialRequestOptionsJSON>('/api/security/passkey/step_up_options', {})
}

/** Calls of the settings: a missing proof is answered by the caller's step-up, untoasted. */
const settingsCall = { json: true, loading: true, quietReasons: [STEP_UP_REQUIRED] } as const

export function startTotp(): Promise<TotpSetup> {
  return api.post<TotpSetup>('/api/security/totp/setup', {}, settingsCall)
}

export function enableTotp(code: string): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>('/api/security/totp/enable', { code }, settingsCall)
}

export function disableTotp(): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>('/api/security/totp/disable', {}, settingsCall)
}

export function newPasskeyOptions(): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return api.post<PublicKeyCredentialCreationOptionsJSON>('/api/security/passkey/options', {}, settingsCall)
}

export function addPasskey(name: string, passkey: RegistrationResponseJSON): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>('/api/security/passkey/add', json({ name, passkey }), settingsCall)
}

export function deletePasskey(id: number): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>('/api/security/passkey/delete', { id }, settingsCall)
}

export function renewRecoveryCodes(): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>('/api/security/recovery_codes', {}, settingsCall)
}

/** The second step of a sign-in, on the ticket the password earned. */
export function loginSecondStep(ticket: string, proof: Proof): Promise<LoginResult> {
  return api.post<LoginResult>('/api/user/login/second_factor', json({ ticket, ...proof }), {
    json: true,
    loading: true,
  })
}

/** A challenge for a ticket's passkey step, or (no ticket) for a passkey's sign-in. */
export function loginPasskeyOptions(ticket?: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return api.post<PublicKeyCredentialRequestOptionsJSON>(
    '/api/user/login/passkey_options',
    ticket ? { ticket } : {},
    {
      json: true,
    },
  )
}

export function loginWithPasskey(passkey: AuthenticationResponseJSON): Promise<LoginResult> {
  return api.post<LoginResult>('/api/user/login/passkey', json({ passkey }), { json: true, loading: true })
}
