import { figureLocale, type LanguageCode } from '@tp/contracts/light'
import { currentLanguage } from '../i18n/i18n.ts'

/** The locale figures are written in (contracts' figureLocale), in the app's language by default. */
export function formatLocale(language: LanguageCode = currentLanguage()): string {
  return figureLocale(language)
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
