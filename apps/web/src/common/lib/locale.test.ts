import { afterEach, describe, expect, it } from 'vitest'
import { formatPercent, formatPrice, formatShare } from '../market/format.ts'
import { formatDate, formatDateTime, isoTime, parseServerTime } from './datetime.ts'
import { formatLocale } from './locale.ts'
import { formatAmount, formatSignedAmount } from './money.ts'

/** The app's language as i18n reads it before it has started: the stored choice. */
const speak = (language: string) => localStorage.setItem('lang', language)
/** Marks that keep a figure's direction in right-to-left text and no-break spaces; compared without. */
const bare = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '').replace(/\s/g, ' ')

describe('figures in the reader’s language', () => {
  afterEach(() => localStorage.clear())

  it('maps our language ids to BCP 47 locales with Latin digits', () => {
    expect(formatLocale('hk')).toBe('zh-Hant-HK-u-nu-latn')
    expect(formatLocale('jp')).toBe('ja-u-nu-latn')
    expect(formatLocale('ar')).toBe('ar-u-nu-latn')
    expect(formatLocale('my')).toBe('ms-u-nu-latn')
  })

  it.each([
    ['hk', '1,234,567.89', '67,012.50', '+0.42%'],
    ['en', '1,234,567.89', '67,012.50', '+0.42%'],
    ['jp', '1,234,567.89', '67,012.50', '+0.42%'],
    ['ar', '1,234,567.89', '67,012.50', '+0.42%'],
    ['de', '1.234.567,89', '67.012,50', '+0,42 %'],
  ])('%s: amount %s, price %s, change %s', (language, amount, price, change) => {
    speak(language)
    expect(bare(formatAmount('1234567.891'))).toBe(amount)
    expect(bare(formatPrice(67012.5, 2))).toBe(price)
    expect(bare(formatPercent(0.42))).toBe(change)
  })

  it('writes a share as the locale writes percent', () => {
    const shares = ['en', 'de', 'tr', 'ar'].map((language) => {
      speak(language)
      return bare(formatShare(66.666))
    })
    expect(shares).toEqual(['66.67%', '66,67 %', '%66,67', '66.67%'])
  })

  it('writes Arabic and Persian figures in Latin digits', () => {
    for (const language of ['ar', 'fa']) {
      speak(language)
      const text = formatAmount('1234567.5') + formatPrice(1.08123, 5) + formatDateTime('2026-11-23 11:27:08')
      expect(text, language).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/)
    }
  })

  it('signs profits as the locale does, never twice', () => {
    for (const language of ['hk', 'en', 'ar', 'jp', 'fa', 'de']) {
      speak(language)
      expect(bare(formatSignedAmount('-3', 6)), language).toMatch(/^[-\u2212]3[.,]000000$/)
      expect(bare(formatSignedAmount('1250.5', 2)), language).toMatch(/^\+1[,.\s]?250[.,]50$/)
      expect(bare(formatSignedAmount('0.000', 2)), language).toMatch(/^0[.,]00$/)
    }
  })

  it('keeps an amount exact past a float’s precision, cut rather than rounded', () => {
    speak('en')
    expect(formatAmount('12345678901234567.999')).toBe('12,345,678,901,234,567.99')
    expect(formatAmount('1.2345678', 6)).toBe('1.234567')
    expect(formatAmount('-0.5', 0)).toBe('-0')
  })
})

describe('times in the reader’s zone and language', () => {
  afterEach(() => localStorage.clear())
  const zone = { timeZone: 'Asia/Hong_Kong' }

  it('reads wire times as UTC', () => {
    expect(parseServerTime('2026-11-23 11:27:08')?.toISOString()).toBe('2026-11-23T11:27:08.000Z')
    expect(isoTime('2026-11-23 11:27:08')).toBe('2026-11-23T11:27:08.000Z')
    expect(parseServerTime('2026-02-30 99:00:00')).toBeUndefined()
    expect(formatDateTime('')).toBe('')
    expect(formatDateTime('soon')).toBe('soon')
  })

  it.each([
    ['hk', '23/11/2026 下午07:27:08'],
    ['en', '11/23/2026, 07:27:08 PM'],
    ['jp', '2026/11/23 19:27:08'],
    ['ar', '23/11/2026، 07:27:08 م'],
  ])('%s writes 11:27:08 UTC in Hong Kong as %s', (language, expected) => {
    speak(language)
    expect(bare(formatDateTime('2026-11-23 11:27:08', zone))).toBe(expected)
  })

  it('writes the date alone in the language’s order', () => {
    expect(formatDate('2026-11-23 11:27:08', { ...zone, language: 'jp' })).toBe('2026/11/23')
    expect(formatDate(Date.UTC(2026, 10, 23, 20), { ...zone, language: 'en' })).toBe('11/24/2026')
  })
})
