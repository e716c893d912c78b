import type { LanguageCode } from '@tp/contracts/light'
import { parseServerTime } from '../../../common/lib/datetime.ts'
import { formatLocale } from '../../../common/lib/locale.ts'

/**
 * A wire time ("YYYY-MM-DD HH:mm:ss", UTC) as a date in the reader's language and time zone, with
 * Latin digits like every other figure in the app (decision 014); the wire text itself if it cannot
 * be read.
 */
export function newsDate(wireTime: string, language: LanguageCode, withTime = false): string {
  const instant = parseServerTime(wireTime)
  if (!instant) return wireTime
  return new Intl.DateTimeFormat(formatLocale(language), {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(instant)
}
