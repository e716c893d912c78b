import { count, desc, eq, gte, like, lt } from 'drizzle-orm'
import type { AdminAuditListRequest, AuditItem } from '@tp/contracts'
import type { DbOrTx } from '../db/client.ts'
import { auditLog } from '../db/schema.ts'
import { allOf } from './queues/queue-query.ts'

const utcText = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 19)
const DAY_MS = 86_400_000

/** `text` as a LIKE pattern of what starts with it, its wildcards taken literally. */
const startingWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The start of the UTC day `YYYY-MM-DD`, and of the day after it. */
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`)
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + DAY_MS)

/**
 * A page of the audit log, newest first, for admins: rows of one staff member, of actions starting
 * with a prefix (`setting`, `staff.create`), about one target (`user:7`), within UTC days (both
 * inclusive). Only reads: the log is append-only.
 */
export async function auditPage(
  db: DbOrTx,
  query: AdminAuditListRequest,
): Promise<{ data: AuditItem[]; total: number }> {
  const where = allOf(
    query.staff_id === undefined ? undefined : eq(auditLog.staffId, query.staff_id),
    query.action ? like(auditLog.action, startingWith(query.action)) : undefined,
    query.target ? eq(auditLog.target, query.target) : undefined,
    query.date_from ? gte(auditLog.createdAt, dayStart(query.date_from)) : undefined,
    query.date_to ? lt(auditLog.createdAt, dayAfter(query.date_to)) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ])
  return {
    data: rows.map((row) => ({
      id: row.id,
      staff_id: row.staffId,
      staff_email: row.staffEmail,
      action: row.action,
      target: row.target,
      before: row.before ?? null,
      after: row.after ?? null,
      address: row.address,
      created_at: utcText(row.createdAt),
    })),
    total: total?.n ?? 0,
  }
}
