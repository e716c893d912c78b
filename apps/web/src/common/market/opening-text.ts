import type { Instrument } from '@tp/contracts/light'
import { MarketStatus } from '@tp/contracts/light'
import { formatOpening } from './market-hours.ts'
import { nextOpen } from './next-open.ts'

/**
 * When a closed market opens next, formatted ("Mon 06:00"), or null: the market is open, or no
 * opening is known. The server's `NextOpen` knows holidays and daylight saving (null: none within
 * its horizon); the weekly UTC windows are read only from a server that does not send it.
 */
export function openingTime(
  instrument: Pick<Instrument, 'MarketStatus' | 'Sessions'> & Partial<Pick<Instrument, 'NextOpen'>>,
  nowMs: number,
  locale: string,
  timeZone?: string,
): string | null {
  if (instrument.MarketStatus !== MarketStatus.Closed) return null
  const next = instrument.NextOpen === undefined ? nextOpen(instrument.Sessions, nowMs) : instrument.NextOpen
  return typeof next === 'number' ? formatOpening(next, locale, timeZone, nowMs) : null
}
