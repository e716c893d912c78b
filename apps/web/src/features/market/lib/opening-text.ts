import type { Instrument } from '@tp/contracts'
import { MarketStatus } from '@tp/contracts'
import { formatOpening } from './market-hours.ts'
import { nextOpen } from './next-open.ts'

/**
 * When a closed market opens next, formatted ("Mon 06:00"), or null: the market is open, never
 * opens, or the server holds it closed while its hours say open (a holiday), with no time to tell.
 */
export function openingTime(
  instrument: Pick<Instrument, 'MarketStatus' | 'Sessions'>,
  nowMs: number,
  locale: string,
  timeZone?: string,
): string | null {
  if (instrument.MarketStatus !== MarketStatus.Closed) return null
  const next = nextOpen(instrument.Sessions, nowMs)
  return typeof next === 'number' ? formatOpening(next, locale, timeZone) : null
}
