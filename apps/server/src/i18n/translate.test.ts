import { describe, expect, it } from 'vitest'
import { LANGUAGE_CODES, REASONS } from '@tp/contracts'
import { catalogKeys, translate } from './translate.ts'

describe('server messages', () => {
  const english = catalogKeys('en')

  it.each(LANGUAGE_CODES)('has every message in %s', (lang) => {
    const keys = catalogKeys(lang)
    expect(english.filter((k) => !keys.includes(k))).toEqual([])
    expect(keys.filter((k) => !english.includes(k))).toEqual([])
    for (const key of keys) expect(translate(lang, key).trim()).not.toBe('')
  })

  it('has a message for every refusal reason', () => {
    for (const reason of REASONS) expect(english).toContain(`reason.${reason}`)
  })

  it('keeps placeholders in every language', () => {
    for (const lang of LANGUAGE_CODES) {
      expect(translate(lang, 'reason.code_wait', { seconds: 42 })).toContain('42')
      expect(translate(lang, 'mail.code_body', { code: '123456', minutes: 10 })).toContain('123456')
    }
  })
})
