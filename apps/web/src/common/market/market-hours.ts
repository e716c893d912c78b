/**
 * Formats in the reader's language and, unless a zone is given (tests), the browser's time zone,
 * with Western digits like every other figure in the app.
 */
export function formatter(locale: string, options: Intl.DateTimeFormatOptions, timeZone?: string) {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, numberingSystem: 'latn', timeZone })
  } catch {
    return new Intl.DateTimeFormat('en', { ...options, timeZone })
  }
}

export const DAY_AND_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
}

/**
 * An opening instant as a weekday and time, e.g. "Mon 06:00"; six days or more ahead (a holiday
 * after a weekend) with its date, "Mon 4 Jan, 6:00", as the weekday alone would name the wrong week.
 */
export function formatOpening(ms: number, locale: string, timeZone?: string, nowMs = ms): string {
  const dated = ms - nowMs >= 6 * 86_400_000
  return formatter(
    locale,
    dated ? { ...DAY_AND_TIME, month: 'short', day: 'numeric' } : DAY_AND_TIME,
    timeZone,
  ).format(ms)
}
