import { asc, eq } from 'drizzle-orm'
import { SwapMode, type LeverageOption, type MarginModeValue, type TradingWindow } from '@tp/contracts'
import type { SwapTerms, WalkSpec } from '@tp/engine'
import type { DbOrTx } from '../db/client.ts'
import { categories, instruments, leverageOptions } from '../db/schema.ts'

/** How far the simulator pulls a price back to its anchor (days); see price-walk.ts. */
const REVERSION_DAYS = 90

/** One instrument as the market service holds it; exact decimals stay strings. */
export interface InstrumentDef {
  id: number
  code: string
  showCode: string
  /** English name. */
  name: string
  /** The name by language code, English aside (see nameIn). */
  names: Record<string, string>
  categoryId: number
  logo: string
  precision: number
  lotStep: string
  contractSize: string
  minLots: string
  maxLots: string
  marginMode: MarginModeValue
  feeRate: string
  spreadPoints: number
  quoteCurrency: string
  sessions: TradingWindow[]
  /** Overnight financing (decimal rates as text). */
  swap: SwapTerms
  leverage: LeverageOption[]
  walk: WalkSpec
  tickIntervalMs: number
  /** False once staff disable it: out of the market, but its live orders remain (the desk keeps them). */
  enabled: boolean
}

export interface CategoryDef {
  id: number
  key: string
  names: Record<string, string>
  sort: number
}

/**
 * The enabled instruments (or, `withDisabled`, all of them) in display order, with their leverage
 * options ascending.
 */
export async function loadInstruments(db: DbOrTx, withDisabled = false): Promise<InstrumentDef[]> {
  const rows = await db
    .select()
    .from(instruments)
    .where(withDisabled ? undefined : eq(instruments.enabled, true))
    .orderBy(asc(instruments.sort), asc(instruments.id))
  const options = await db.select().from(leverageOptions).orderBy(asc(leverageOptions.value))
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    showCode: r.showCode,
    name: r.name,
    names: r.names,
    categoryId: r.categoryId,
    logo: r.logo,
    precision: r.pricePrecision,
    lotStep: r.lotStep,
    contractSize: r.contractSize,
    minLots: r.minLots,
    maxLots: r.maxLots,
    marginMode: r.marginMode === 1 ? 1 : 2,
    feeRate: r.feeRate,
    spreadPoints: r.spreadPoints,
    quoteCurrency: r.quoteCurrency,
    sessions: r.sessions,
    swap: {
      long: r.swapLong,
      short: r.swapShort,
      mode: r.swapMode === SwapMode.Percent ? SwapMode.Percent : SwapMode.Points,
      tripleDay: r.swapTripleDay,
      rolloverMinute: r.rolloverMinute,
    },
    leverage: options
      .filter((o) => o.instrumentId === r.id)
      .map((o) => ({ Id: o.id, ForexId: r.id, Value: o.value })),
    walk: { anchor: r.anchorPrice, dailyVolatility: r.dailyVolatility, reversionDays: REVERSION_DAYS },
    tickIntervalMs: r.tickIntervalMs,
    enabled: r.enabled,
  }))
}

export async function loadCategories(db: DbOrTx): Promise<CategoryDef[]> {
  return db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id))
}
