import { afterEach, describe, expect, it } from 'vitest'
import { startLanguage } from './i18n.ts'

const phoneLanguages = (languages: string[]) =>
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true })

describe('the language the app starts in', () => {
  afterEach(() => localStorage.clear())

  it("is the stored choice, else the first of the phone's languages the platform writes, else hk", () => {
    phoneLanguages(['xx', 'ar-EG', 'en'])
    expect(startLanguage()).toBe('ar')
    localStorage.setItem('lang', 'fi')
    expect(startLanguage()).toBe('fi')
    localStorage.setItem('lang', 'nonsense')
    expect(startLanguage()).toBe('ar')
    phoneLanguages(['xx'])
    expect(startLanguage()).toBe('hk')
  })
})
