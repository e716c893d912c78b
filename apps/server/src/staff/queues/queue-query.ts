import { and, asc, desc, ilike, inArray, or, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client.ts'
import { auditLog } from '../../db/schema.ts'

/** A page of a queue as the back office asks for it. */
export interface QueuePage {
  page: number
  limit: number
  /** Text the uid, e-mail (or name) contains. */
  q?: string | undefined
}

/** `text` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Rows whose columns contain `q` (case-insensitive); no condition without `q`. */
export function searchIn(q: string | undefined, columns: AnyPgColumn[]): SQL | undefined {
  if (q === undefined || q === '') return undefined
  const pattern = containing(q)
  return or(...columns.map((column) => ilike(column, pattern)))
}

/** All of the conditions given (none: every row). */
export function allOf(...conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined)
  return present.length === 0 ? undefined : and(...present)
}

/**
 * The order of a queue: a waiting queue is worked from the oldest item, so it lists oldest first;
 * any other view lists newest first.
 */
export function queueOrder(id: AnyPgColumn, waiting: boolean) {
  return waiting ? asc(id) : desc(id)
}

/**
 * Who decided each target (`deposit:12`), from the audit log: the tables of deposits and
 * withdrawals keep when, not who. The newest decision row of `actions` per target wins.
 */
export async function decidersOf(
  db: DbOrTx,
  actions: string[],
  targets: string[],
): Promise<Map<string, string>> {
  const deciders = new Map<string, string>()
  if (targets.length === 0) return deciders
  const rows = await db
    .select({ target: auditLog.target, email: auditLog.staffEmail })
    .from(auditLog)
    .where(and(inArray(auditLog.action, actions), inArray(auditLog.target, targets)))
    .orderBy(asc(auditLog.id))
  for (const row of rows) deciders.set(row.target, row.email)
  return deciders
}
