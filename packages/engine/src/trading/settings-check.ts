import { money } from './money.ts'
import { parseAmount } from './order-rules.ts'
import type { RiskSettings } from './types.ts'

/** A change of the trading settings staff make while the server runs; absent fields stay. */
export interface TradingSettingsChange {
  feePerLot?: boolean
  marginCallLevel?: number
  stopOutLevel?: number
  maxQuoteAgeMs?: number
  /** New fee rates by instrument id: USD per lot, or a share of margin, as `feePerLot` says. */
  feeRates?: Readonly<Record<number, string>>
}

export type SettingsProblem =
  | { problem: 'levels_invalid' }
  | { problem: 'quote_age_invalid' }
  | { problem: 'fee_rate_invalid'; instrumentId: number }
  /** The fee type changes but this instrument's non-zero rate was not restated in the new unit. */
  | { problem: 'fee_rate_required'; instrumentId: number }
  | { problem: 'fee_rate_out_of_range'; instrumentId: number }

/**
 * The largest fee rate of each kind: USD 1,000 a lot, or 5 % of the margin. A rate outside its range
 * is a rate meant for the other kind (7 USD a lot read as 700 % of margin).
 */
export const MAX_FEE_RATE = { perLot: '1000', shareOfMargin: '0.05' } as const
const MAX_LEVEL = 10_000
const MAX_QUOTE_AGE_MS = 10 * 60 * 1000

/**
 * Checks a settings change against the current settings and fee rates (instrument id -> rate). A
 * change of the fee type must restate every non-zero rate in the new unit, in the same change.
 * Example: from per-lot rates {1: '7'}, `{ feePerLot: false }` alone is refused (fee_rate_required),
 * and `{ feePerLot: false, feeRates: { 1: '0.001' } }` is accepted.
 */
export function checkTradingSettings(
  current: RiskSettings,
  rates: ReadonlyMap<number, string>,
  change: TradingSettingsChange,
): SettingsProblem[] {
  const problems: SettingsProblem[] = []
  const next = { ...current, ...definedOnly(change) }
  const levelOk = (value: number) => Number.isFinite(value) && value > 0 && value <= MAX_LEVEL
  if (
    !levelOk(next.stopOutLevel) ||
    !levelOk(next.marginCallLevel) ||
    next.stopOutLevel >= next.marginCallLevel
  )
    problems.push({ problem: 'levels_invalid' })
  if (
    !Number.isInteger(next.maxQuoteAgeMs) ||
    next.maxQuoteAgeMs < 1 ||
    next.maxQuoteAgeMs > MAX_QUOTE_AGE_MS
  )
    problems.push({ problem: 'quote_age_invalid' })
  const typeChanges = next.feePerLot !== current.feePerLot
  const restated = change.feeRates ?? {}
  const max = money(next.feePerLot ? MAX_FEE_RATE.perLot : MAX_FEE_RATE.shareOfMargin)
  const ids = new Set([...rates.keys(), ...Object.keys(restated).map(Number)])
  for (const instrumentId of ids) {
    const given = restated[instrumentId]
    const rate = given === undefined ? undefined : parseAmount(given)
    if (given !== undefined && (!rate || rate.isNegative() || !rates.has(instrumentId))) {
      problems.push({ problem: 'fee_rate_invalid', instrumentId })
      continue
    }
    const old = rates.get(instrumentId) ?? '0'
    if (typeChanges && given === undefined && !money(old).isZero()) {
      problems.push({ problem: 'fee_rate_required', instrumentId })
      continue
    }
    if ((rate ?? money(old)).greaterThan(max))
      problems.push({ problem: 'fee_rate_out_of_range', instrumentId })
  }
  return problems
}

function definedOnly(change: TradingSettingsChange): Partial<RiskSettings> {
  const out: Partial<RiskSettings> = {}
  if (change.feePerLot !== undefined) out.feePerLot = change.feePerLot
  if (change.marginCallLevel !== undefined) out.marginCallLevel = change.marginCallLevel
  if (change.stopOutLevel !== undefined) out.stopOutLevel = change.stopOutLevel
  if (change.maxQuoteAgeMs !== undefined) out.maxQuoteAgeMs = change.maxQuoteAgeMs
  return out
}
