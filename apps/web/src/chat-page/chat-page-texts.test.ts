import { describe, expect, it } from 'vitest'
import { htmlLang, isRtl, loadTexts, pageLanguage } from './chat-page-texts.ts'

describe('chat page language', () => {
  it('takes the lang query, then the stored language, then Traditional Chinese', () => {
    expect(pageLanguage(new URLSearchParams('lang=ar'), 'en')).toBe('ar')
    expect(pageLanguage(new URLSearchParams('lang=xx'), 'fa')).toBe('fa')
    expect(pageLanguage(new URLSearchParams(''), 'nonsense')).toBe('hk')
  })

  it('knows the lang attribute and direction', () => {
    expect(htmlLang('hk')).toBe('zh-Hant-HK')
    expect(htmlLang('en')).toBe('en')
    expect(isRtl('ar') && isRtl('fa')).toBe(true)
    expect(isRtl('en')).toBe(false)
  })

  it('loads the chat texts of a language and fills placeholders', async () => {
    const t = await loadTexts('ar')
    expect(t('send')).toBe('إرسال')
    expect(t('tooLong', { max: 2000 })).toContain('2000')
    const english = await loadTexts('en')
    expect(english('signInAgain')).toBe('Please sign in again')
  })
})
