import type { Instrument } from '@tp/contracts'
import { checkLots, defaultLots, lotRules } from '../../../../shared/trading/lots.ts'

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

/** The lots and leverage of the last order placed on each instrument, by instrument code. */
export type LastUsedStore = Readonly<Record<string, { lots: string; leverage: number }>>

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
  const out: Record<string, { lots: string; leverage: number }> = {}
  for (const [code, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof value !== 'object' || value === null) continue
    const { lots, leverage } = value as Record<string, unknown>
    if (typeof lots === 'string' && typeof leverage === 'number' && Number.isFinite(leverage))
      out[code] = { lots, leverage }
  }
  return out
}

/** The store with this instrument's last order first in line; the oldest entries drop off past 50. */
export function rememberLastUsed(
  store: LastUsedStore,
  code: string,
  lots: string,
  leverage: number,
): LastUsedStore {
  const { [code]: _previous, ...others } = store
  const kept = Object.entries(others).slice(-(MAX_REMEMBERED - 1))
  return { ...Object.fromEntries(kept), [code]: { lots, leverage } }
}

/**
 * The lots and leverage a one-tap order (and a freshly opened ticket) uses: the last ones placed on
 * the instrument while they still fit its rules (staff may have raised the minimum or withdrawn a
 * leverage since), else the minimum lots and the lowest leverage.
 */
export function lastUsedFor(
  store: LastUsedStore,
  instrument: Instrument,
): { lotsText: string; leverage: number | null } {
  const rules = lotRules(instrument)
  const options = instrument.HasForexMultiple.map((option) => option.Value)
  const remembered = store[instrument.Code]
  const lotsText = remembered && checkLots(remembered.lots, rules).ok ? remembered.lots : defaultLots(rules)
  const leverage =
    remembered && options.includes(remembered.leverage) ? remembered.leverage : (options[0] ?? null)
  return { lotsText, leverage }
}
