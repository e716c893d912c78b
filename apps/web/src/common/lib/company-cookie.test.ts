import { describe, expect, it } from 'vitest'
import { companyCookie, companyIdFrom } from './company-cookie.ts'

describe('company cookie', () => {
  it('keeps a positive id for three years', () => {
    expect(companyCookie(7, true)).toBe('company_id=7; Max-Age=94608000; Path=/; SameSite=Lax; Secure')
    expect(companyCookie(7, false)).not.toContain('Secure')
  })

  it('accepts only a positive whole number', () => {
    expect(companyIdFrom('12')).toBe(12)
    for (const bad of [null, '', '0', '-1', '1.5', '1e3', '12; path=/evil', 'x', '12345678901'])
      expect(companyIdFrom(bad)).toBeNull()
  })
})
