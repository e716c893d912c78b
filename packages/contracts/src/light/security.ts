/*
 * A client's own second factor (issue 26, docs/decisions/047): an authenticator app (TOTP),
 * passkeys and recovery codes; asked at sign-in, and again before a withdrawal, a payout method's
 * change and a change of the second factor itself.
 */

/** How a client can prove it is them again; `password` only for a client without a second factor. */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery'] as const
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number]

/** How long a proof lets a session do what asks for one (a withdrawal, a payout method, settings). */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000
/** Passkeys one client may keep. */
export const MAX_PASSKEYS = 10
export const PASSKEY_NAME_MAX = 40
export const RECOVERY_CODE_COUNT = 10

/** `GET /api/security`: the signed-in client's second factor. */
export interface SecurityStatus {
  totp: boolean
  passkeys: PasskeyView[]
  /** Unused recovery codes; 0 without a second factor. */
  recovery_codes_left: number
  /** Until when (epoch ms) this session may do what asks for a proof; 0: it must prove again. */
  step_up_until: number
}

export interface PasskeyView {
  id: number
  name: string
  created_at: number
  last_used_at: number | null
}

/** `POST /api/security/totp/setup`: what the authenticator app reads (the QR code, or the secret typed). */
export interface TotpSetup {
  secret: string
  otpauth_url: string
  qr_svg: string
}

/** The answer of a call that set a client's first factor, or asked for new codes: shown once. */
export interface RecoveryCodes {
  recovery_codes: string[]
}

/**
 * `data` of the refusal `second_factor_required` at sign-in: the ticket the second step is given on
 * (`POST /api/user/login/second_factor`) and the methods this account has (`totp,passkey,recovery`).
 */
export interface SecondFactorTicket {
  ticket: string
  methods: string
}

/** `data` of the refusal `step_up_required`: what proves it (`password`, or the account's methods). */
export interface StepUpNeeded {
  methods: string
}
