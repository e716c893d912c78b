import { LANGUAGES, type LanguageCode } from '@tp/contracts'

/**
 * A wire time ("YYYY-MM-DD HH:mm:ss", UTC) as a date in the reader's language and time zone, with
 * Western digits like every other figure in the app; the wire text itself if it cannot be read.
 */
export function newsDate(wireTime: string, language: LanguageCode, withTime = false): string {
  const instant = new Date(`${wireTime.replace(' ', 'T')}Z`)
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(wireTime) || Number.isNaN(instant.getTime()))
    return wireTime
  const locale = LANGUAGES.find((entry) => entry.code === language)?.htmlLang ?? 'en'
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
    numberingSystem: 'latn',
  }).format(instant)
}
