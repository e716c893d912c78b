import type { Instrument, SideValue } from '@tp/contracts/light'
import { money, NO_SWAP, swapPerUnit } from '@tp/engine/rules'

/**
 * One night's swap of one lot in USD by the engine's rule (`swapPerUnit`) at this price (a buy closes
 * at the bid, a sell at the ask): the figure the spec sheet shows beside the rate. Undefined without
 * a rate to USD or a price.
 */
export function swapPerLotUsd(
  instrument: Instrument,
  side: SideValue,
  closePrice: number,
  usdRate: number | null,
): number | undefined {
  if (usdRate === null || !(closePrice > 0)) return undefined
  const terms = {
    ...NO_SWAP,
    long: String(instrument.SwapLong),
    short: String(instrument.SwapShort),
    mode: instrument.SwapMode,
  }
  const perUnit = swapPerUnit(terms, instrument.PricePrecision, side, 1, closePrice)
  return perUnit.times(instrument.ForexContNum).times(money(usdRate)).toNumber()
}

/** Whether the instrument charges or credits anything overnight. */
export const hasSwap = (instrument: Instrument) => instrument.SwapLong !== 0 || instrument.SwapShort !== 0

/** The weekday's name in `locale` (0 Sunday … 6 Saturday). */
export function weekdayName(day: number, locale: string): string {
  // 2026-11-22 was a Sunday.
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2026, 10, 22 + day),
  )
}

/** The rollover's time of day in the reader's zone and locale ("6:00 AM" for 22:00 UTC in Hong Kong, in English), as of `nowMs`. */
export function rolloverLocalTime(rolloverMinute: number, locale: string, nowMs: number): string {
  const day = Math.floor(nowMs / 86_400_000) * 86_400_000
  return new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    numberingSystem: 'latn',
  }).format(day + rolloverMinute * 60_000)
}
