import { numberFormat } from '../lib/locale.ts'

/** Plain numbers (contract size, lots, points) in the reader's locale (common/lib/locale.ts), Western digits. */
export function formatNumber(value: number, locale: string, maxDecimals = 8): string {
  if (!Number.isFinite(value)) return '--'
  return numberFormat(locale, { maximumFractionDigits: maxDecimals, numberingSystem: 'latn' }).format(value)
}

/** A rate (0.0005) as a percent in the reader's locale: 0.05%. */
export function formatRatePercent(rate: number, locale: string): string {
  if (!Number.isFinite(rate)) return '--'
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 4, numberingSystem: 'latn' }).format(
    rate,
  )
}

/** The browser's time zone as people read it, e.g. "GMT+8", for the trading hours' heading. */
export function zoneLabel(locale: string, timeZone?: string): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZoneName: 'shortOffset', timeZone }).formatToParts(
      Date.now(),
    )
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? ''
  } catch {
    return ''
  }
}
