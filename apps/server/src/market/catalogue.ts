import { asc, eq } from 'drizzle-orm'
import {
  SwapMode,
  isKnownTimeZone,
  type LeverageOption,
  type MarginModeValue,
  type TradingWindow,
} from '@tp/contracts'
import { SessionCalendar, type SwapTerms, type WalkSpec } from '@tp/engine'
import type { DbOrTx } from '../db/client.ts'
import { categories, groupMarkups, instruments, leverageOptions, marketHolidays } from '../db/schema.ts'

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
  /** The house's markup on the price source's quotes, in points (the feed applies it: market-feed.ts). */
  markupPoints: number
  /**
   * Client groups that see it wider than the house's price, with their extra points (decision 052):
   * the engine trades them at it, and their sockets hear it (market-feed.ts).
   */
  groupMarkups: Record<string, number>
  quoteCurrency: string
  /** The IANA zone of its hours, rollover and triple-swap weekday. */
  timeZone: string
  /** Weekly trading windows in minutes of the week in `timeZone`, as staff set them. */
  sessions: TradingWindow[]
  /** Its holidays (the most specific of each date: its own, its category's, every instrument's). */
  holidays: HolidayDef[]
  /** When it trades: the sessions and holidays in its zone, in UTC instants. */
  calendar: SessionCalendar
  /** Its regular week alone (no holidays): the hours a spec sheet states. */
  regularCalendar: SessionCalendar
  /** Overnight financing (decimal rates as text). */
  swap: SwapTerms
  /** Price protection, in points: stops level and freeze level. */
  stopsLevel: number
  freezeLevel: number
  /** House limits in lots (decimal text; null: none): real clients' net, and one account's side. */
  maxNetLots: string | null
  maxAccountLots: string | null
  leverage: LeverageOption[]
  walk: WalkSpec
  tickIntervalMs: number
  /** False once staff disable it: out of the market, but its live orders remain (the desk keeps them). */
  enabled: boolean
}

/** A day the instrument trades other hours (local date, minutes of that day; none: closed). */
export interface HolidayDef {
  date: string
  name: string
  hours: TradingWindow[]
}

type HolidayRow = typeof marketHolidays.$inferSelect

/** An instrument's holidays: of each date, the row for it, else its category's, else every instrument's. */
export function holidaysOf(
  rows: readonly HolidayRow[],
  instrumentId: number,
  categoryId: number,
): HolidayDef[] {
  const rank = (row: HolidayRow) =>
    row.instrumentId === instrumentId
      ? 3
      : row.categoryId === categoryId
        ? 2
        : row.instrumentId === null && row.categoryId === null
          ? 1
          : 0
  const byDate = new Map<string, HolidayRow>()
  for (const row of rows) {
    const r = rank(row)
    if (r === 0) continue
    const held = byDate.get(row.date)
    if (!held || rank(held) < r) byDate.set(row.date, row)
  }
  return [...byDate.values()]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((row) => ({ date: row.date, name: row.name, hours: row.hours }))
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
  const holidayRows = await db.select().from(marketHolidays)
  const markupRows = await db.select().from(groupMarkups)
  return rows.map((r) => {
    const holidays = holidaysOf(holidayRows, r.id, r.categoryId)
    // The back office stores only zones the runtime knows; one it does not (a row written by hand,
    // or by a runtime with a newer zone database) keeps UTC hours rather than stopping the server.
    const timeZone = isKnownTimeZone(r.timeZone) ? r.timeZone : 'UTC'
    return {
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
      markupPoints: r.markupPoints,
      groupMarkups: Object.fromEntries(
        markupRows.filter((m) => m.instrumentId === r.id).map((m) => [m.clientGroup, m.points]),
      ),
      quoteCurrency: r.quoteCurrency,
      timeZone,
      sessions: r.sessions,
      holidays,
      calendar: new SessionCalendar({ timeZone, windows: r.sessions, holidays }),
      regularCalendar: new SessionCalendar({ timeZone, windows: r.sessions }),
      stopsLevel: r.stopsLevel,
      freezeLevel: r.freezeLevel,
      maxNetLots: r.maxNetLots,
      maxAccountLots: r.maxAccountLots,
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
    }
  })
}

export async function loadCategories(db: DbOrTx): Promise<CategoryDef[]> {
  return db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id))
}
