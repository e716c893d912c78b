// Shared swap fixtures: the scenario instruments with swap terms, the Wednesday rollovers, swap ledger rows.
import { LedgerType, SwapMode } from '@tp/contracts'
import type { makeEngine } from './test-fixtures.ts'
import { EURUSD, US500, USDJPY, bookingRows, instruments } from './test-fixtures.ts'
import { type SwapTerms } from './swaps.ts'
import type { EngineEvent, InstrumentTerms, Quote } from './types.ts'

export const at = (iso: string) => Date.parse(iso)
export const WED_ROLLOVER = at('2026-11-25T22:00:00Z')
export const THU_ROLLOVER = at('2026-11-26T22:00:00Z')

export const FOREX_SWAP: SwapTerms = {
  long: '-7.1',
  short: '2.3',
  mode: SwapMode.Points,
  tripleDay: 3,
  rolloverMinute: 22 * 60,
}

/** The scenario instruments with swaps: EURUSD and USDJPY in points, US500 in annual percent. */
export function withSwaps(overrides: Partial<Record<number, Partial<SwapTerms>>> = {}): InstrumentTerms[] {
  const swaps: Record<number, SwapTerms> = {
    [EURUSD]: FOREX_SWAP,
    [USDJPY]: { ...FOREX_SWAP, long: '14.5', short: '-28.9' },
    [US500]: { long: '-6.8', short: '1.8', mode: SwapMode.Percent, tripleDay: null, rolloverMinute: 22 * 60 },
  }
  return instruments().map((t) => ({ ...t, swap: { ...(swaps[t.id] ?? t.swap), ...overrides[t.id] } }))
}

/** The quotes of the fixtures again, stamped `timeMs` (live for an order at that time). */
export function primeAt(engine: ReturnType<typeof makeEngine>, timeMs: number) {
  for (const id of [EURUSD, USDJPY]) engine.primeQuote(id, { ...(engine.quote(id) as Quote), timeMs })
}

export const swapRows = (events: readonly EngineEvent[]) =>
  bookingRows(events).filter((row) => row.type === LedgerType.SWAP)
