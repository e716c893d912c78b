import { Decimal } from 'decimal.js'
import { and, asc, eq, ne, notInArray } from 'drizzle-orm'
import type {
  AdminInstrument,
  ApprovalWaiting,
  InstrumentUpdateRequest,
  MarginModeValue,
} from '@tp/contracts'
import type { Db, DbOrTx, Tx } from '../../db/client.ts'
import { categories, instruments, leverageOptions } from '../../db/schema.ts'
import { getSetting, getSettings, isSettingKey, type SettingKey } from '../../settings/settings.ts'
import { accept, refuse, type Outcome, type Refusal } from '../../outcome/outcome.ts'
import type { DeskPort } from '../../trading/desk.ts'
import { applyTradingSettings } from '../../trading/trading-settings.ts'
import { claimApproval, waitForSecondAdmin, type ApprovalPayload } from '../approvals/approvals.ts'
import { audit, type Actor } from '../../audit/audit.ts'

type InstrumentRow = typeof instruments.$inferSelect

/** The leverage cap setting of a class, when the class has one (`leverage_cap_<class>`). */
const capKey = (leverageClass: string): SettingKey | undefined => {
  const key = `leverage_cap_${leverageClass}`
  return isSettingKey(key) ? key : undefined
}

const feeTypeOf = (value: string): 1 | 2 => (value === '1' ? 1 : 2)

/** The largest swap a night as a share of a position's value (at the instrument's reference price). */
const MAX_SWAP_SHARE_PER_NIGHT = 0.01

/** The price source's own spread of an instrument now, in points, where the source runs. */
export type SourceSpread = (instrumentId: number) => number | null

function view(
  row: InstrumentRow,
  leverage: number[],
  cap: number | null,
  feeType: 1 | 2,
  sourceSpread: SourceSpread,
): AdminInstrument {
  return {
    id: row.id,
    code: row.code,
    show_code: row.showCode,
    name: row.name,
    category_id: row.categoryId,
    precision: row.pricePrecision,
    // numeric columns come back with their scale ("0.0100"): shown as staff would type them.
    lot_step: plain(row.lotStep),
    contract_size: plain(row.contractSize),
    min_lots: plain(row.minLots),
    max_lots: plain(row.maxLots),
    margin_mode: (row.marginMode === 1 ? 1 : 2) as MarginModeValue,
    fee_rate: plain(row.feeRate),
    fee_type: feeType,
    spread_points: row.spreadPoints,
    markup_points: row.markupPoints,
    source_spread_points: sourceSpread(row.id),
    quote_currency: row.quoteCurrency,
    sessions: row.sessions,
    time_zone: row.timeZone,
    stops_level: row.stopsLevel,
    freeze_level: row.freezeLevel,
    max_net_lots: row.maxNetLots === null ? null : plain(row.maxNetLots),
    max_account_lots: row.maxAccountLots === null ? null : plain(row.maxAccountLots),
    swap_long: plain(row.swapLong),
    swap_short: plain(row.swapShort),
    swap_mode: row.swapMode === 2 ? 2 : 1,
    swap_triple_day: row.swapTripleDay,
    rollover_minute: row.rolloverMinute,
    leverage,
    leverage_cap: cap,
    leverage_class: row.leverageClass,
    enabled: row.enabled,
    sort: row.sort,
    anchor_price: row.anchorPrice,
    daily_volatility: row.dailyVolatility,
    tick_interval_ms: row.tickIntervalMs,
  }
}

const plain = (text: string) => new Decimal(text).toFixed()

/** Every instrument with every field the back office edits, disabled ones too, in display order. */
export async function listInstruments(
  db: DbOrTx,
  onlyId?: number,
  sourceSpread: SourceSpread = () => null,
): Promise<AdminInstrument[]> {
  const rows = await db
    .select()
    .from(instruments)
    .where(onlyId === undefined ? undefined : eq(instruments.id, onlyId))
    .orderBy(asc(instruments.sort), asc(instruments.id))
  const options = await db
    .select()
    .from(leverageOptions)
    .where(onlyId === undefined ? undefined : eq(leverageOptions.instrumentId, onlyId))
    .orderBy(asc(leverageOptions.value))
  const keys = [...new Set(rows.map((r) => capKey(r.leverageClass)).filter((k) => k !== undefined))]
  const caps: Partial<Record<SettingKey, string>> = await getSettings(db, keys)
  const feeType = feeTypeOf(await getSetting(db, 'trade_fee_type'))
  return rows.map((row) => {
    const key = capKey(row.leverageClass)
    const cap = key ? Number(caps[key]) : null
    const leverage = options.filter((o) => o.instrumentId === row.id).map((o) => o.value)
    return view(row, leverage, cap, feeType, sourceSpread)
  })
}

/** What the running server must hear of a committed change: the desk, the market, the sockets. */
export interface CatalogueListeners {
  desk: DeskPort
  /** Called once the change is committed and the desk has reloaded (market definitions, CATALOGUE). */
  changed: () => Promise<void>
  /** A client moved between client groups: the hedger places its positions again (decision 051). */
  clientMoved?: (userId: number) => Promise<void>
}

/** Thrown inside the change's transaction to roll it back and answer the refusal. */
class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason)
  }
}

const refuseField = (field: string) => new Refused(refuse('invalid_input', { field }))

/**
 * The row as it will be after `change`, checked as a whole: lots positive with min <= max and both
 * on the step, the category existing, leverage within the class's cap. Throws Refused otherwise.
 */
async function nextRow(tx: Tx, row: InstrumentRow, change: InstrumentUpdateRequest): Promise<InstrumentRow> {
  const next: InstrumentRow = {
    ...row,
    name: change.name ?? row.name,
    showCode: change.show_code ?? row.showCode,
    categoryId: change.category_id ?? row.categoryId,
    enabled: change.enabled ?? row.enabled,
    sort: change.sort ?? row.sort,
    spreadPoints: change.spread_points ?? row.spreadPoints,
    markupPoints: change.markup_points ?? row.markupPoints,
    minLots: change.min_lots ?? row.minLots,
    maxLots: change.max_lots ?? row.maxLots,
    lotStep: change.lot_step ?? row.lotStep,
    contractSize: change.contract_size ?? row.contractSize,
    marginMode: change.margin_mode ?? row.marginMode,
    sessions: change.sessions ?? row.sessions,
    timeZone: change.time_zone ?? row.timeZone,
    stopsLevel: change.stops_level ?? row.stopsLevel,
    freezeLevel: change.freeze_level ?? row.freezeLevel,
    maxNetLots: change.max_net_lots === undefined ? row.maxNetLots : change.max_net_lots,
    maxAccountLots: change.max_account_lots === undefined ? row.maxAccountLots : change.max_account_lots,
    swapLong: change.swap_long ?? row.swapLong,
    swapShort: change.swap_short ?? row.swapShort,
    swapMode: change.swap_mode ?? row.swapMode,
    swapTripleDay: change.swap_triple_day === undefined ? row.swapTripleDay : change.swap_triple_day,
    rolloverMinute: change.rollover_minute ?? row.rolloverMinute,
    anchorPrice: change.anchor_price ?? row.anchorPrice,
    dailyVolatility: change.daily_volatility ?? row.dailyVolatility,
    tickIntervalMs: change.tick_interval_ms ?? row.tickIntervalMs,
  }
  const [min, max, step] = [next.minLots, next.maxLots, next.lotStep].map((text) => new Decimal(text)) as [
    Decimal,
    Decimal,
    Decimal,
  ]
  // The field named is the one staff sent (or, when they sent only the step, the step).
  const lotField = (own: 'min_lots' | 'max_lots') => (change[own] !== undefined ? own : 'lot_step')
  if (min.gt(max)) throw refuseField(change.min_lots !== undefined ? 'min_lots' : 'max_lots')
  if (!min.mod(step).isZero()) throw refuseField(lotField('min_lots'))
  if (!max.mod(step).isZero()) throw refuseField(lotField('max_lots'))
  // A limit below the smallest order would stop the instrument trading without saying why.
  for (const [field, limit] of [
    ['max_net_lots', next.maxNetLots],
    ['max_account_lots', next.maxAccountLots],
  ] as const)
    if (limit !== null && new Decimal(limit).lt(min))
      throw refuseField(change[field] !== undefined ? field : 'min_lots')
  // A swap is at most 1 % of the value a night, whatever its unit: a slip of the keyboard (or a
  // dealer's bad intent) cannot credit open positions a fortune at the next rollover.
  for (const field of ['swap_long', 'swap_short'] as const) {
    const rate = Math.abs(Number(field === 'swap_long' ? next.swapLong : next.swapShort))
    const perNight =
      next.swapMode === 2 ? rate / 100 / 360 : (rate * 10 ** -next.pricePrecision) / next.anchorPrice
    if (perNight > MAX_SWAP_SHARE_PER_NIGHT)
      throw refuseField(change[field] !== undefined || change.swap_mode === undefined ? field : 'swap_mode')
  }
  if (change.show_code !== undefined && change.show_code !== row.showCode) {
    // Phones find and show instruments by it: two alike would be one to a user.
    const taken = await tx
      .select({ id: instruments.id })
      .from(instruments)
      .where(and(eq(instruments.showCode, change.show_code), ne(instruments.id, row.id)))
    if (taken.length > 0) throw refuseField('show_code')
  }
  if (change.category_id !== undefined) {
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, change.category_id))
    if (found.length === 0) throw refuseField('category_id')
  }
  if (change.leverage) {
    const key = capKey(row.leverageClass)
    const cap = key ? Number(await getSetting(tx, key)) : Infinity
    if (change.leverage.some((value) => value > cap)) throw refuseField('leverage')
  }
  return next
}

/** Replaces the instrument's leverage options, keeping the rows (and ids) of values that stay. */
async function writeLeverage(tx: Tx, id: number, values: number[]): Promise<void> {
  await tx
    .delete(leverageOptions)
    .where(and(eq(leverageOptions.instrumentId, id), notInArray(leverageOptions.value, values)))
  await tx
    .insert(leverageOptions)
    .values(values.map((value) => ({ instrumentId: id, value })))
    .onConflictDoNothing()
}

/**
 * Whether a change moves what a client pays or how far they may gear (issue 22): the fee rate, the
 * markup on the source's prices (issue 28), the swap terms (rates, unit, triple day), or a leverage
 * option above the highest there is. Such a
 * change waits, as a whole, for a second admin; every other catalogue edit is made at once.
 */
export function isGuardedInstrumentChange(
  current: AdminInstrument,
  change: InstrumentUpdateRequest,
): boolean {
  const differs = (next: string | undefined, now: string) => next !== undefined && !new Decimal(next).eq(now)
  if (differs(change.fee_rate, current.fee_rate)) return true
  // The markup is the house's income on every trade and what every client pays on top of the market.
  if (change.markup_points !== undefined && change.markup_points !== current.markup_points) return true
  if (differs(change.swap_long, current.swap_long) || differs(change.swap_short, current.swap_short))
    return true
  if (change.swap_mode !== undefined && change.swap_mode !== current.swap_mode) return true
  if (change.swap_triple_day !== undefined && change.swap_triple_day !== current.swap_triple_day) return true
  if (change.leverage) {
    const highest = Math.max(0, ...current.leverage)
    if (change.leverage.some((value) => value > highest)) return true
  }
  return false
}

/** JSON with object keys sorted: what a jsonb column gives back compares equal to what went in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  return JSON.stringify(value ?? null)
}

/**
 * Changes one instrument while the server runs. Checked as a whole and written with its audit row
 * (before and after) in one transaction; a fee rate goes through `applyTradingSettings`, which
 * checks it against the fee type's unit and range in that same transaction. Once committed, the
 * desk takes the new terms (open positions keep what they opened with), then `listeners.changed`
 * tells the market and every client. A refusal changes nothing and writes no audit row. A guarded
 * change (isGuardedInstrumentChange) is checked, then recorded to wait for a second admin.
 */
export async function updateInstrument(
  db: Db,
  listeners: CatalogueListeners,
  actor: Actor,
  id: number,
  change: InstrumentUpdateRequest,
  now: Date = new Date(),
): Promise<Outcome<AdminInstrument | ApprovalWaiting>> {
  const [current] = await listInstruments(db, id)
  if (!current) return refuse('instrument_not_found')
  if (!isGuardedInstrumentChange(current, change)) return writeInstrument(db, listeners, actor, id, change)
  try {
    // Told now what can be told now; checked again, with the fee rate's unit, when approved.
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(instruments).where(eq(instruments.id, id))
      if (!row) throw new Refused(refuse('instrument_not_found'))
      await nextRow(tx, row, change)
    })
  } catch (error) {
    if (error instanceof Refused) return error.refusal
    throw error
  }
  return accept(
    await waitForSecondAdmin(
      db,
      actor,
      {
        kind: 'instrument',
        target: `instrument:${id}`,
        before: { code: current.code, ...changedFields(current, change) },
        after: { code: current.code, ...change },
      },
      now,
    ),
  )
}

/**
 * A second admin's approval of a waiting instrument change: made as staff would have, in one
 * transaction with the claim, which refuses it if any field it names moved since it was asked.
 */
export async function applyInstrumentApproval(
  db: Db,
  listeners: CatalogueListeners,
  approver: Actor,
  approvalId: number,
  target: string,
  payload: ApprovalPayload,
  now: Date,
): Promise<Outcome<AdminInstrument>> {
  const id = Number(target.replace(/^instrument:/, ''))
  const { code: _code, ...change } = payload.after as InstrumentUpdateRequest & { code?: string }
  const { code: _was, ...before } = payload.before
  const hook = (tx: DbOrTx) =>
    claimApproval(tx, approver, approvalId, now, async (reader) => {
      const [found] = await listInstruments(reader, id)
      return !found || canonical(changedFields(found, change)) !== canonical(before)
    })
  return writeInstrument(db, listeners, approver, id, change, hook)
}

async function writeInstrument(
  db: Db,
  listeners: CatalogueListeners,
  actor: Actor,
  id: number,
  change: InstrumentUpdateRequest,
  hook?: (tx: DbOrTx) => Promise<unknown>,
): Promise<Outcome<AdminInstrument>> {
  const write = async (tx: Tx): Promise<void> => {
    const [row] = await tx.select().from(instruments).where(eq(instruments.id, id)).for('update')
    if (!row) throw new Refused(refuse('instrument_not_found'))
    const [before] = await listInstruments(tx, id)
    const next = await nextRow(tx, row, change)
    const { id: _id, ...values } = next
    await tx.update(instruments).set(values).where(eq(instruments.id, id))
    if (change.leverage) await writeLeverage(tx, id, change.leverage)
    const [after] = await listInstruments(tx, id)
    // The fee rate was already written by applyTradingSettings: its "before" is the one read there.
    const feeBefore = feeRateBefore ?? before?.fee_rate
    await audit(tx, actor, {
      action: 'instrument.update',
      target: `instrument:${id}`,
      before: changedFields({ ...before, fee_rate: feeBefore } as AdminInstrument, change),
      after: changedFields(after as AdminInstrument, change),
    })
  }

  let feeRateBefore: string | undefined
  try {
    if (change.fee_rate !== undefined) {
      const [current] = await db
        .select({ feeRate: instruments.feeRate })
        .from(instruments)
        .where(eq(instruments.id, id))
      if (!current) return refuse('instrument_not_found')
      feeRateBefore = plain(current.feeRate)
      const applied = await applyTradingSettings(
        db,
        listeners.desk,
        { feeRates: { [id]: change.fee_rate } },
        (tx) => write(tx as Tx),
        hook,
      )
      if (!applied.ok) return refuse('invalid_input', { field: 'fee_rate' })
    } else {
      await db.transaction(async (tx) => {
        await hook?.(tx)
        await write(tx)
      })
      await listeners.desk.reload()
    }
  } catch (error) {
    if (error instanceof Refused) return error.refusal
    throw error
  }
  await listeners.changed()
  const [after] = await listInstruments(db, id)
  return accept(after as AdminInstrument)
}

/** The fields a change names, as the back office shows them: what the audit row compares. */
function changedFields(item: AdminInstrument, change: InstrumentUpdateRequest): Record<string, unknown> {
  return Object.fromEntries(Object.keys(change).map((key) => [key, item[key as keyof AdminInstrument]]))
}
