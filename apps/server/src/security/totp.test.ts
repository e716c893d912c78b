import { describe, expect, it } from 'vitest'
import { acceptedTotpStep, newTotpSecret, totpCode, totpUri } from './totp.ts'

describe('TOTP', () => {
  const secret = newTotpSecret()
  const now = Date.UTC(2026, 10, 24, 12, 0, 15)

  it('accepts the code of now and of one step either side, once each', () => {
    const step = Math.floor(now / 30_000)
    expect(acceptedTotpStep(secret, totpCode(secret, now), now, null)).toBe(step)
    expect(acceptedTotpStep(secret, totpCode(secret, now - 30_000), now, null)).toBe(step - 1)
    expect(acceptedTotpStep(secret, totpCode(secret, now + 30_000), now, null)).toBe(step + 1)
    // Used once: the same step, or an older one, is refused.
    expect(acceptedTotpStep(secret, totpCode(secret, now), now, step)).toBeNull()
    expect(acceptedTotpStep(secret, totpCode(secret, now - 30_000), now, step)).toBeNull()
  })

  it('refuses old codes, other secrets and malformed input', () => {
    expect(acceptedTotpStep(secret, totpCode(secret, now - 120_000), now, null)).toBeNull()
    expect(acceptedTotpStep(secret, totpCode(newTotpSecret(), now), now, null)).toBeNull()
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 123456'])
      expect(acceptedTotpStep(secret, bad, now, null)).toBeNull()
  })

  it('makes a 160-bit secret and an otpauth address for the QR code', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const uri = totpUri(secret, 'ops@broker.example', 'Meridian Markets')
    expect(uri).toMatch(/^otpauth:\/\/totp\//)
    expect(uri).toContain(`secret=${secret}`)
    expect(uri).toContain('issuer=Meridian')
  })
})
