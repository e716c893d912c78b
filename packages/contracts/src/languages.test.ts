import { describe, expect, it } from 'vitest'
import { LANGUAGES, languageFromTags } from './languages.ts'

describe('languageFromTags', () => {
  it("takes the first of the browser's languages the platform writes", () => {
    expect(languageFromTags(['ja-JP', 'en-US'])).toBe('jp')
    expect(languageFromTags(['xx', 'de-CH', 'en'])).toBe('de')
    expect(languageFromTags(['ko'])).toBe('kr')
    expect(languageFromTags(['vi-VN'])).toBe('vn')
    expect(languageFromTags(['es-MX'])).toBe('spa')
    expect(languageFromTags(['ms_MY'])).toBe('my')
    expect(languageFromTags(['ar-EG'])).toBe('ar')
    expect(languageFromTags(['fa-IR'])).toBe('fa')
  })

  it('writes every Chinese in Traditional Chinese, the one the platform has', () => {
    for (const tag of ['zh-TW', 'zh-HK', 'zh-CN', 'zh-Hans', 'zh']) expect(languageFromTags([tag])).toBe('hk')
  })

  it('knows every language by its own tag, and nothing for none or for unknown ones', () => {
    for (const language of LANGUAGES) expect(languageFromTags([language.htmlLang])).toBe(language.code)
    expect(languageFromTags([])).toBeUndefined()
    expect(languageFromTags(['xx-YY', '', '*', 'constructor', '__proto__'])).toBeUndefined()
  })
})
