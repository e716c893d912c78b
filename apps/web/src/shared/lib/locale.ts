import { LANGUAGES, type LanguageCode } from '@tp/contracts'
import { currentLanguage } from '../i18n/i18n.ts'

/**
 * The BCP 47 locale figures are written in for one of our language ids (hk -> zh-Hant-HK, jp -> ja),
 * always with Latin digits: prices, amounts and times read 0-9 in every language, Arabic and Persian
 * included, with each locale's own separators and date order (docs/decisions/014-locale-formatting.md).
 */
export function formatLocale(language: LanguageCode = currentLanguage()): string {
  const htmlLang = LANGUAGES.find((entry) => entry.code === language)?.htmlLang ?? 'en'
  return `${htmlLang}-u-nu-latn`
}

const numberFormats = new Map<string, Intl.NumberFormat>()

/** One Intl.NumberFormat per locale and options, made once: lists format hundreds of figures a second. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = numberFormats.get(key)
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, options)
    } catch {
      // An engine without this locale or option: English figures rather than a crash.
      format = new Intl.NumberFormat('en', options)
    }
    numberFormats.set(key, format)
  }
  return format
}
