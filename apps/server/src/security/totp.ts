import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

/** RFC 6238 defaults that every authenticator app reads: SHA-1, 6 digits, 30 s steps. */
const PERIOD_S = 30
const DIGITS = 6
/** Codes one step either side of now are taken: phone clocks drift, people type slowly. */
const WINDOW = 1

function totp(secret: string, label = '', issuer = '') {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  })
}

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The otpauth:// address an authenticator app reads from the set-up QR code. */
export function totpUri(secret: string, account: string, issuer: string): string {
  return totp(secret, account, issuer).toString()
}

/** The set-up QR code (an SVG) of an otpauth:// address. */
export function totpQrSvg(otpauthUrl: string): Promise<string> {
  return QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
}

/**
 * The time step of `code` if it is right for `secret` at `nowMs` (within one step), and later than
 * `lastStep`: a code is good once, so one seen over a shoulder cannot be used again.
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totp(secret).validate({ token: code, timestamp: nowMs, window: WINDOW })
  if (delta === null) return null
  const step = Math.floor(nowMs / 1000 / PERIOD_S) + delta
  return lastStep !== null && step <= lastStep ? null : step
}

/** The code of `secret` at `nowMs` (tests and the command line's set-up check). */
export function totpCode(secret: string, nowMs: number): string {
  return totp(secret).generate({ timestamp: nowMs })
}
