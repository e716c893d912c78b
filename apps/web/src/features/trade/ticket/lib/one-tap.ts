import type { Instrument } from '@tp/contracts/light'
import { leverageFor } from '../../../../common/trading/account-leverage.ts'
import { checkLots, defaultLots, lotRules } from '../../../../common/trading/lots.ts'

/**
 * One-tap trading as stored under StorageKey.ONE_TAP: '1' on; '0' off after the user has read the
 * warning once (switching it on again asks nothing); absent (or anything else) off and never warned.
 */
export interface OneTapState {
  on: boolean
  warned: boolean
}

export function parseOneTap(raw: string | null): OneTapState {
  if (raw === '1') return { on: true, warned: true }
  if (raw === '0') return { on: false, warned: true }
  return { on: false, warned: false }
}

export function oneTapText(state: OneTapState): string | null {
  if (state.on) return '1'
  return state.warned ? '0' : null
}

/**
 * The lots of the last order placed on each instrument, by instrument code, and the maximum
 * deviation (points) of its last market order (absent in entries stored before it existed). The
 * leverage is the account's (common/trading/account-leverage.ts); entries stored when it was
 * remembered per instrument keep a `leverage` that is read past.
 */
export interface LastUsed {
  lots: string
  deviation?: number
}
export type LastUsedStore = Readonly<Record<string, LastUsed>>

const MAX_REMEMBERED = 50

/** The stored JSON, keeping only well-formed entries: a hand-edited or old value never crashes. */
export function parseLastUsed(raw: string | null): LastUsedStore {
  if (!raw) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return {}
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
  const out: Record<string, LastUsed> = {}
  for (const [code, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof value !== 'object' || value === null) continue
    const { lots, deviation } = value as Record<string, unknown>
    if (typeof lots !== 'string') continue
    out[code] =
      Number.isSafeInteger(deviation) && (deviation as number) >= 0
        ? { lots, deviation: deviation as number }
        : { lots }
  }
  return out
}

/**
 * The store with this instrument's last order first in line; the oldest entries drop off past 50.
 * An order without a deviation (a pending one) keeps the one remembered.
 */
export function rememberLastUsed(store: LastUsedStore, code: string, used: LastUsed): LastUsedStore {
  const { [code]: previous, ...others } = store
  const kept = Object.entries(others).slice(-(MAX_REMEMBERED - 1))
  const deviation = used.deviation ?? previous?.deviation
  return {
    ...Object.fromEntries(kept),
    [code]: deviation === undefined ? { lots: used.lots } : { lots: used.lots, deviation },
  }
}

/** The least maximum deviation offered by default, in points (a pip of a 5-decimal forex pair). */
const MIN_DEFAULT_DEVIATION_POINTS = 10

/**
 * The maximum deviation a market order allows until the user chooses one: 10 points, or the
 * instrument's spread when wider. A fixed 10 points is a pip of EUR/USD but ten cents of Bitcoin,
 * which moves that much in well under a second: nearly every order would come back requoted.
 */
export const defaultDeviation = (instrument: Pick<Instrument, 'ForexPointRate'>) =>
  Math.max(MIN_DEFAULT_DEVIATION_POINTS, Math.round(instrument.ForexPointRate) || 0)

/**
 * The lots and deviation a freshly opened ticket starts from: the last ones placed on the instrument
 * while they still fit its rules (staff may have raised the minimum since), else the minimum lots
 * and the default deviation.
 */
export function lastTermsFor(
  store: LastUsedStore,
  instrument: Instrument,
): { lotsText: string; deviationText: string } {
  const rules = lotRules(instrument)
  const remembered = store[instrument.Code]
  const lotsText = remembered && checkLots(remembered.lots, rules).ok ? remembered.lots : defaultLots(rules)
  const deviationText = String(remembered?.deviation ?? defaultDeviation(instrument))
  return { lotsText, deviationText }
}

/**
 * The lots, leverage and deviation a one-tap order uses: the last terms on the instrument
 * (`lastTermsFor`) and the leverage the account leverage gives the instrument.
 */
export function lastUsedFor(
  store: LastUsedStore,
  instrument: Instrument,
  accountLeverage: number,
): { lotsText: string; leverage: number | null; deviationText: string } {
  const options = instrument.HasForexMultiple.map((option) => option.Value)
  return { ...lastTermsFor(store, instrument), leverage: leverageFor(options, accountLeverage) }
}
