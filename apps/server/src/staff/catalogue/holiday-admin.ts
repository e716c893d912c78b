import { and, asc, count, eq, gte, isNull, ne, sql } from 'drizzle-orm'
import { HOLIDAY_LIST_BACK_DAYS, type AdminHoliday, type HolidayRequest } from '@tp/contracts'
import type { Db, DbOrTx, Tx } from '../../db/client.ts'
import { categories, instruments, marketHolidays } from '../../db/schema.ts'
import { accept, refuse, type Outcome, type Refusal } from '../../outcome/outcome.ts'
import { audit, type Actor } from '../../audit/audit.ts'
import type { CatalogueListeners } from './instrument-admin.ts'

/** Holidays kept at once: a few years of every market's notices. */
const MAX_HOLIDAYS = 2000

type HolidayRow = typeof marketHolidays.$inferSelect

const view = (row: HolidayRow): AdminHoliday => ({
  id: row.id,
  date: row.date,
  name: row.name,
  instrument_id: row.instrumentId,
  category_id: row.categoryId,
  hours: row.hours,
})

/** The holidays on or after `from` (YYYY-MM-DD; default a week before `nowMs`), by date. */
export async function listHolidays(db: DbOrTx, nowMs: number, from?: string): Promise<AdminHoliday[]> {
  const since = from ?? new Date(nowMs - HOLIDAY_LIST_BACK_DAYS * 86_400_000).toISOString().slice(0, 10)
  const rows = await db
    .select()
    .from(marketHolidays)
    .where(gte(marketHolidays.date, since))
    .orderBy(asc(marketHolidays.date), asc(marketHolidays.id))
    .limit(MAX_HOLIDAYS)
  return rows.map(view)
}

/** Thrown inside a change's transaction to roll it back and answer the refusal. */
class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason)
  }
}

/** The instrument or category a holiday names must exist; one date and scope has one holiday. */
async function checkScope(tx: Tx, input: HolidayRequest, exceptId?: number): Promise<void> {
  if (input.instrument_id !== null) {
    const found = await tx
      .select({ id: instruments.id })
      .from(instruments)
      .where(eq(instruments.id, input.instrument_id))
    if (found.length === 0) throw new Refused(refuse('invalid_input', { field: 'instrument_id' }))
  }
  if (input.category_id !== null) {
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, input.category_id))
    if (found.length === 0) throw new Refused(refuse('invalid_input', { field: 'category_id' }))
  }
  const same = await tx
    .select({ id: marketHolidays.id })
    .from(marketHolidays)
    .where(
      and(
        eq(marketHolidays.date, input.date),
        input.instrument_id === null
          ? isNull(marketHolidays.instrumentId)
          : eq(marketHolidays.instrumentId, input.instrument_id),
        input.category_id === null
          ? isNull(marketHolidays.categoryId)
          : eq(marketHolidays.categoryId, input.category_id),
        exceptId === undefined ? undefined : ne(marketHolidays.id, exceptId),
      ),
    )
  if (same.length > 0) throw new Refused(refuse('holiday_duplicate'))
}

const values = (input: HolidayRequest) => ({
  date: input.date,
  name: input.name,
  instrumentId: input.instrument_id,
  categoryId: input.category_id,
  hours: input.hours,
})

/**
 * Runs a holiday change in one transaction with its audit row; once committed, the desk and the
 * market take the new calendars (trading stops or starts at once where today changed) and phones
 * hear CATALOGUE. A refusal changes nothing.
 */
async function change<T>(
  db: Db,
  listeners: CatalogueListeners,
  work: (tx: Tx) => Promise<T>,
): Promise<Outcome<T>> {
  let result: T
  try {
    // One change at a time: the duplicate check and the count hold against a concurrent one.
    result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${HOLIDAY_LOCK})`)
      return work(tx)
    })
  } catch (error) {
    if (error instanceof Refused) return error.refusal
    throw error
  }
  await listeners.desk.reload()
  await listeners.changed()
  return accept(result)
}

/** An advisory lock key of holiday changes (any number no other lock of this database uses). */
const HOLIDAY_LOCK = 4_613_001

export function createHoliday(
  db: Db,
  listeners: CatalogueListeners,
  actor: Actor,
  input: HolidayRequest,
): Promise<Outcome<AdminHoliday>> {
  return change(db, listeners, async (tx) => {
    const [{ n }] = (await tx.select({ n: count() }).from(marketHolidays)) as [{ n: number }]
    if (Number(n) >= MAX_HOLIDAYS) throw new Refused(refuse('invalid_input', { field: 'date' }))
    await checkScope(tx, input)
    const [row] = (await tx.insert(marketHolidays).values(values(input)).returning()) as [HolidayRow]
    await audit(tx, actor, { action: 'holiday.create', target: `holiday:${row.id}`, after: view(row) })
    return view(row)
  })
}

export function updateHoliday(
  db: Db,
  listeners: CatalogueListeners,
  actor: Actor,
  id: number,
  input: HolidayRequest,
): Promise<Outcome<AdminHoliday>> {
  return change(db, listeners, async (tx) => {
    const [before] = await tx.select().from(marketHolidays).where(eq(marketHolidays.id, id)).for('update')
    if (!before) throw new Refused(refuse('not_found'))
    await checkScope(tx, input, id)
    const [row] = (await tx
      .update(marketHolidays)
      .set(values(input))
      .where(eq(marketHolidays.id, id))
      .returning()) as [HolidayRow]
    await audit(tx, actor, {
      action: 'holiday.update',
      target: `holiday:${id}`,
      before: view(before),
      after: view(row),
    })
    return view(row)
  })
}

export function deleteHoliday(
  db: Db,
  listeners: CatalogueListeners,
  actor: Actor,
  id: number,
): Promise<Outcome<null>> {
  return change(db, listeners, async (tx) => {
    const [before] = await tx.delete(marketHolidays).where(eq(marketHolidays.id, id)).returning()
    if (!before) throw new Refused(refuse('not_found'))
    await audit(tx, actor, { action: 'holiday.delete', target: `holiday:${id}`, before: view(before) })
    return null
  })
}
