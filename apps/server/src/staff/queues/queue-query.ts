import { and, asc, desc, ilike, inArray, or, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client.ts'
import { auditLog, staff } from '../../db/schema.ts'
import type { AdminFirstApproval } from '@tp/contracts'
import { wireTime } from '../../trading/order-view.ts'

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

/** A decision's row as far as four eyes goes (decision 025). */
interface TwoPersonRow {
  firstApprovedBy: number | null
  firstApprovedAt: Date | null
  secondApprovedBy: number | null
}

/** The e-mails of the staff who gave first approvals on these rows. */
export async function firstApproversOf(db: DbOrTx, rows: TwoPersonRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.firstApprovedBy).filter((id): id is number => id !== null))]
  if (ids.length === 0) return new Map()
  const found = await db
    .select({ id: staff.id, email: staff.email })
    .from(staff)
    .where(inArray(staff.id, ids))
  return new Map(found.map((r) => [r.id, r.email]))
}

/**
 * The first of two approvals as the queue shows it: while the item waits for a second approver, and
 * once a second approved it; null for an item approved by one person alone, or not approved.
 */
export function firstApprovalOf(
  row: TwoPersonRow & { firstNote?: string },
  waiting: boolean,
  emails: Map<number, string>,
  viewerId: number,
): AdminFirstApproval | null {
  if (row.firstApprovedBy === null || (!waiting && row.secondApprovedBy === null)) return null
  return {
    by: emails.get(row.firstApprovedBy) ?? '',
    at: row.firstApprovedAt ? wireTime(row.firstApprovedAt.getTime()) : '',
    note: row.firstNote ?? '',
    by_you: row.firstApprovedBy === viewerId,
  }
}
