/**
 * Each formatter made once: making an Intl.DateTimeFormat costs about a millisecond on a phone, and
 * a weekend's market list wrote every closed row's opening time with a new one at every render
 * (120 ms of the first load of `/` in a profile). A few dozen keys at most (locales x option sets).
 */
const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * Formats in the reader's language and, unless a zone is given (tests), the browser's time zone,
 * with Western digits like every other figure in the app.
 */
export function formatter(locale: string, options: Intl.DateTimeFormatOptions, timeZone?: string) {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`
  let format = formatters.get(key)
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, numberingSystem: 'latn', timeZone })
    } catch {
      format = new Intl.DateTimeFormat('en', { ...options, timeZone })
    }
    formatters.set(key, format)
  }
  return format
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
