import { aliasedTable, and, count, desc, eq, isNull, ne } from 'drizzle-orm'
import type { ApprovalItem, ApprovalKind, ApprovalStatus, ApprovalWaiting } from '@tp/contracts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { staff, staffApprovals } from '../../db/schema.ts'
import { accept, refuse, type Outcome, type Refusal } from '../../outcome/outcome.ts'
import { wireTime } from '../../trading/order-view.ts'
import { audit, type Actor } from '../../audit/audit.ts'

/**
 * Staff approval requests (issue 22, decision 028): the one way a change waits for a second admin.
 * A guarded change is not made but recorded here (`before` as found, `after` as asked) with its
 * audit row; another admin approves it, and the change is made in the transaction that marks the
 * request approved (so two admins approving at once apply it once), after checking `before` still
 * holds (a stale request is refused and closed). The requester can never decide it, only cancel it.
 */

export interface ApprovalPayload {
  before: Record<string, unknown>
  after: Record<string, unknown>
}

export interface NewApproval extends ApprovalPayload {
  kind: ApprovalKind
  target: string
}

type ApprovalRow = typeof staffApprovals.$inferSelect

/** Thrown inside a change's transaction to roll it back (the claim included) and answer a refusal. */
export class ApprovalRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason)
  }
}

/** Active admins other than `staffId`: who could approve what `staffId` asks. */
export async function otherActiveAdmins(db: DbOrTx, staffId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), isNull(staff.disabledAt), ne(staff.id, staffId)))
  return row?.n ?? 0
}

/** Records a waiting request and its audit row (`approval.request`), in the caller's transaction. */
export async function recordApproval(
  tx: DbOrTx,
  actor: Actor,
  request: NewApproval,
  now: Date,
): Promise<number> {
  const payload: ApprovalPayload = { before: request.before, after: request.after }
  const [row] = await tx
    .insert(staffApprovals)
    .values({
      kind: request.kind,
      target: request.target,
      payload,
      requestedBy: actor.staffId,
      requestedAt: now,
    })
    .returning({ id: staffApprovals.id })
  const id = row!.id
  await audit(tx, actor, {
    action: 'approval.request',
    target: `approval:${id}`,
    before: { kind: request.kind, target: request.target, ...request.before },
    after: { kind: request.kind, target: request.target, status: 'waiting', ...request.after },
  })
  return id
}

/** The answer of a guarded change: recorded (in its own transaction), waiting for a second admin. */
export async function waitForSecondAdmin(
  db: Db,
  actor: Actor,
  request: NewApproval,
  now: Date,
): Promise<ApprovalWaiting> {
  const id = await db.transaction((tx) => recordApproval(tx, actor, request, now))
  return { waiting: await approvalItem(db, id), admins_to_ask: await otherActiveAdmins(db, actor.staffId) }
}

/**
 * Claims a waiting request for `actor` inside the transaction of its change: the row is locked, must
 * still wait, must be someone else's, and `stale` must find its `before` still true. Marks it
 * approved with its audit row; throws ApprovalRefused otherwise (rolling the change back).
 */
export async function claimApproval(
  tx: DbOrTx,
  actor: Actor,
  id: number,
  now: Date,
  isStale: (tx: DbOrTx, payload: ApprovalPayload) => Promise<boolean>,
): Promise<ApprovalRow> {
  const [row] = await tx.select().from(staffApprovals).where(eq(staffApprovals.id, id)).for('update')
  if (!row) throw new ApprovalRefused(refuse('not_found'))
  if (row.status !== 'waiting') throw new ApprovalRefused(refuse('already_processed'))
  if (row.requestedBy === actor.staffId) throw new ApprovalRefused(refuse('four_eyes'))
  const payload = row.payload as ApprovalPayload
  if (await isStale(tx, payload)) throw new ApprovalRefused(refuse('approval_stale'))
  await tx
    .update(staffApprovals)
    .set({ status: 'approved', decidedBy: actor.staffId, decidedAt: now })
    .where(eq(staffApprovals.id, id))
  await audit(tx, actor, {
    action: 'approval.approve',
    target: `approval:${id}`,
    before: { kind: row.kind, target: row.target, status: 'waiting', ...payload.before },
    after: { kind: row.kind, target: row.target, status: 'approved', ...payload.after },
  })
  return row
}

/**
 * Closes a waiting request without its change: `rejected` by another admin (also when found stale
 * at approval), or `cancelled` by its requester. A conditional update: an approval holding the row
 * commits first, and this then finds it decided.
 */
export async function closeApproval(
  db: Db,
  actor: Actor,
  id: number,
  status: 'rejected' | 'cancelled',
  now: Date,
  why: 'decision' | 'stale' = 'decision',
): Promise<Outcome<ApprovalItem>> {
  const [found] = await db.select().from(staffApprovals).where(eq(staffApprovals.id, id))
  if (!found) return refuse('not_found')
  const own = found.requestedBy === actor.staffId
  // Only the requester cancels; only someone else rejects.
  if (status === 'rejected' && own) return refuse('four_eyes')
  if (status === 'cancelled' && !own) return refuse('staff_forbidden')
  const closed = await db.transaction(async (tx) => {
    const changed = await tx
      .update(staffApprovals)
      .set({ status, decidedBy: status === 'rejected' ? actor.staffId : null, decidedAt: now })
      .where(and(eq(staffApprovals.id, id), eq(staffApprovals.status, 'waiting')))
      .returning()
    const row = changed[0]
    if (!row) return false
    await audit(tx, actor, {
      action: why === 'stale' ? 'approval.stale' : `approval.${status === 'rejected' ? 'reject' : 'cancel'}`,
      target: `approval:${id}`,
      before: { kind: row.kind, target: row.target, status: 'waiting' },
      after: { kind: row.kind, target: row.target, status },
    })
    return true
  })
  return closed ? accept(await approvalItem(db, id)) : refuse('already_processed')
}

const requester = aliasedTable(staff, 'approval_requester')
const decider = aliasedTable(staff, 'approval_decider')

function approvalQuery(db: DbOrTx) {
  return db
    .select({ row: staffApprovals, requestedBy: requester.email, decidedBy: decider.email })
    .from(staffApprovals)
    .innerJoin(requester, eq(requester.id, staffApprovals.requestedBy))
    .leftJoin(decider, eq(decider.id, staffApprovals.decidedBy))
    .$dynamic()
}

function toItem(found: { row: ApprovalRow; requestedBy: string; decidedBy: string | null }): ApprovalItem {
  const { row } = found
  const payload = row.payload as ApprovalPayload
  return {
    id: row.id,
    kind: row.kind as ApprovalKind,
    target: row.target,
    before: payload.before,
    after: payload.after,
    status: row.status as ApprovalStatus,
    requested_by: found.requestedBy,
    requested_by_id: row.requestedBy,
    requested_at: wireTime(row.requestedAt.getTime()),
    decided_by: found.decidedBy,
    decided_at: row.decidedAt ? wireTime(row.decidedAt.getTime()) : null,
  }
}

export async function approvalItem(db: DbOrTx, id: number): Promise<ApprovalItem> {
  const [row] = await approvalQuery(db).where(eq(staffApprovals.id, id))
  if (!row) throw new Error(`approval ${id} vanished`)
  return toItem(row)
}

/** Requests of one status (all when absent), newest first; the last 200 at most. */
export async function listApprovals(db: Db, status: ApprovalStatus | undefined): Promise<ApprovalItem[]> {
  const rows = await approvalQuery(db)
    .where(status === undefined ? undefined : eq(staffApprovals.status, status))
    .orderBy(desc(staffApprovals.id))
    .limit(200)
  return rows.map(toItem)
}

export async function findApproval(db: DbOrTx, id: number): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(staffApprovals).where(eq(staffApprovals.id, id))
  return row
}
