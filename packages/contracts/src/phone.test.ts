import { describe, expect, it } from 'vitest'
import { homeRegion } from './languages.ts'
import { validMobile } from './phone.ts'

describe('validMobile', () => {
  it('takes a number of its own country', () => {
    expect(validMobile('91234567', 'HK')).toBe(true)
    expect(validMobile('2025550143', 'US')).toBe(true)
    expect(validMobile('9012345678', 'JP')).toBe(true)
    expect(validMobile('7400123456', 'GB')).toBe(true)
  })

  it('refuses an 8-digit Hong Kong number under +1, a landline, and numbers of the wrong length', () => {
    expect(validMobile('91234567', 'US')).toBe(false)
    expect(validMobile('21234567', 'HK')).toBe(false)
    expect(validMobile('9123456', 'HK')).toBe(false)
    expect(validMobile('912345678', 'HK')).toBe(false)
  })

  it('refuses a country libphonenumber does not know', () => {
    expect(validMobile('91234567', 'ZZ')).toBe(false)
    expect(validMobile('91234567', '')).toBe(false)
  })
})

describe('homeRegion', () => {
  it('takes the first language tag that names a region', () => {
    expect(homeRegion(['ja-JP', 'en-US'], 'jp')).toBe('JP')
    expect(homeRegion(['zh-Hant-TW'], 'hk')).toBe('TW')
    expect(homeRegion(['en', 'en_gb'], 'en')).toBe('GB')
  })

  it("falls back to the page language's home country", () => {
    expect(homeRegion(['ja'], 'jp')).toBe('JP')
    expect(homeRegion(['es-419'], 'spa')).toBe('ES')
    expect(homeRegion([], 'hk')).toBe('HK')
    expect(homeRegion([], 'ar')).toBe('SA')
  })
})
