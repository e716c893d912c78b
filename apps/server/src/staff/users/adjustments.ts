import { Decimal } from 'decimal.js'
import { aliasedTable, and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm'
import {
  AdjustmentStatus,
  LedgerType,
  type AdjustmentItem,
  type AdjustmentRequest,
  type AdjustmentStatusValue,
  type RecordPage,
} from '@tp/contracts'
import type { Db, DbOrTx, Tx } from '../../db/client.ts'
import { accounts, balanceAdjustments, ledger, staff, users } from '../../db/schema.ts'
import { accept, refuse, type Outcome } from '../../outcome/outcome.ts'
import type { MoneyResult, DeskPort } from '../../trading/desk.ts'
import { wireTime } from '../../trading/order-view.ts'
import { audit, type Actor } from '../../audit/audit.ts'
import { fourEyesThreshold } from '../../money/four-eyes.ts'

const ref = (adjustmentId: number) => `adjustment:${adjustmentId}`

/** Σ |amount| of the adjustments `staffId` requested today (UTC) that were booked without a second admin. */
async function appliedTodayBy(db: DbOrTx, staffId: number, now: Date): Promise<Decimal> {
  const dayStart = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000)
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(abs(${balanceAdjustments.amount})), 0)` })
    .from(balanceAdjustments)
    .where(
      and(
        eq(balanceAdjustments.requestedBy, staffId),
        eq(balanceAdjustments.status, AdjustmentStatus.Applied),
        isNull(balanceAdjustments.decidedBy),
        gte(balanceAdjustments.createdAt, dayStart),
      ),
    )
  return new Decimal(row?.total ?? 0)
}

/** The engine books without a memo; the staff's memo goes on the row it wrote (docs/product.md: type 10 shows Memo). */
async function writeMemo(tx: Tx, userId: number, adjustmentId: number, memo: string) {
  await tx
    .update(ledger)
    .set({ memo })
    .where(
      and(
        eq(ledger.userId, userId),
        eq(ledger.ref, ref(adjustmentId)),
        eq(ledger.type, LedgerType.STAFF_ADJUSTMENT),
      ),
    )
}

async function balanceOf(tx: Tx, userId: number): Promise<string> {
  const [row] = await tx
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.userId, userId))
  return new Decimal(row?.balance ?? '0').toFixed(6)
}

/** The balance before and after a booking of `amount`, read after the desk wrote it. */
async function balances(tx: Tx, userId: number, amount: string) {
  const after = await balanceOf(tx, userId)
  return { before: new Decimal(after).minus(amount).toFixed(6), after }
}

function outcomeOf(result: MoneyResult): Outcome<void> {
  if (result.ok) return accept(undefined)
  return 'params' in result && result.params ? refuse(result.reason, result.params) : refuse(result.reason)
}

/**
 * A manual balance adjustment (ledger type 10 with a memo). Up to the four-eyes amount it is booked at
 * once through the desk (a debit only from free margin: money holding positions or frozen for a
 * withdrawal cannot be taken), recorded as applied and audited in the same transaction. Above it, it
 * is only recorded as waiting for another admin.
 */
export async function requestAdjustment(
  db: Db,
  desk: DeskPort,
  actor: Actor,
  userId: number,
  input: AdjustmentRequest,
  now: Date,
): Promise<Outcome<AdjustmentItem>> {
  const [user] = await db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, userId))
  if (!user) return refuse('account_not_found')
  // Demo money is play money: adjusting it would only muddy the house's figures.
  if (user.isDemo) return refuse('demo_forbidden')
  const amount = new Decimal(input.amount)
  // USD above which a manual adjustment, either way, waits for a second admin.
  const limit = await fourEyesThreshold(db, 'adjustment_four_eyes_usd')
  let adjustmentId = 0
  const result = await desk.runMoney(userId, {
    async prepare(tx) {
      // The four-eyes amount holds for what one staff member books alone in a day (UTC), not for
      // each adjustment: ten adjustments just under it are as much money as one above it. Read in
      // the desk's money step, which runs one at a time: two requests sent together cannot both
      // count the day's total before either is booked.
      const bookedToday = await appliedTodayBy(tx, actor.staffId, now)
      if (bookedToday.plus(amount.abs()).greaterThan(limit)) return refuse('four_eyes')
      const [row] = await tx
        .insert(balanceAdjustments)
        .values({
          userId,
          amount: amount.toFixed(2),
          memo: input.memo,
          status: AdjustmentStatus.Applied,
          requestedBy: actor.staffId,
          createdAt: now,
          decidedAt: now,
        })
        .returning({ id: balanceAdjustments.id })
      adjustmentId = (row as { id: number }).id
      return accept(adjustmentId)
    },
    command: (engine, id) =>
      engine.adjustBalance(userId, amount.toFixed(2), LedgerType.STAFF_ADJUSTMENT, ref(id)),
    async finish(tx, id) {
      await writeMemo(tx, userId, id, input.memo)
      await audit(tx, actor, {
        action: 'adjustment.apply',
        target: `user:${userId}`,
        before: { balance: (await balances(tx, userId, amount.toFixed(2))).before },
        after: {
          adjustment_id: id,
          amount: amount.toFixed(2),
          memo: input.memo,
          balance: await balanceOf(tx, userId),
        },
      })
    },
  })
  if (!result.ok && 'reason' in result && result.reason === 'four_eyes')
    return accept(await adjustmentItem(db, await recordWaiting(db, actor, userId, amount, input.memo, now)))
  const outcome = outcomeOf(result)
  return outcome.ok ? accept(await adjustmentItem(db, adjustmentId)) : outcome
}

/** An adjustment above what the staff member may book alone: recorded, waiting for another admin. */
async function recordWaiting(db: Db, actor: Actor, userId: number, amount: Decimal, memo: string, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(balanceAdjustments)
      .values({ userId, amount: amount.toFixed(2), memo, requestedBy: actor.staffId, createdAt: now })
      .returning({ id: balanceAdjustments.id })
    const adjustmentId = (row as { id: number }).id
    await audit(tx, actor, {
      action: 'adjustment.request',
      target: `user:${userId}`,
      after: { adjustment_id: adjustmentId, amount: amount.toFixed(2), memo, status: 'waiting' },
    })
    return adjustmentId
  })
}

/**
 * Another admin applies (through the desk, exactly once: the row is locked and must still wait) or
 * rejects a waiting adjustment. The requester never may (`four_eyes`; the table refuses it too).
 */
export async function decideAdjustment(
  db: Db,
  desk: DeskPort,
  actor: Actor,
  adjustmentId: number,
  approve: boolean,
): Promise<Outcome<AdjustmentItem>> {
  const [found] = await db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, adjustmentId))
  if (!found) return refuse('not_found')
  if (found.requestedBy === actor.staffId) return refuse('four_eyes')
  if (found.status !== AdjustmentStatus.Waiting) return refuse('already_processed')
  const outcome = approve
    ? await apply(desk, actor, found.userId, adjustmentId)
    : await reject(db, actor, adjustmentId)
  return outcome.ok ? accept(await adjustmentItem(db, adjustmentId)) : outcome
}

async function apply(desk: DeskPort, actor: Actor, userId: number, adjustmentId: number) {
  const result = await desk.runMoney(userId, {
    async prepare(tx) {
      const [row] = await tx
        .select()
        .from(balanceAdjustments)
        .where(and(eq(balanceAdjustments.id, adjustmentId), eq(balanceAdjustments.userId, userId)))
        .for('update')
      if (!row) return refuse('not_found')
      if (row.status !== AdjustmentStatus.Waiting) return refuse('already_processed')
      if (row.requestedBy === actor.staffId) return refuse('four_eyes')
      return accept(row)
    },
    command: (engine, row) =>
      engine.adjustBalance(userId, row.amount, LedgerType.STAFF_ADJUSTMENT, ref(row.id)),
    async finish(tx, row) {
      await tx
        .update(balanceAdjustments)
        .set({ status: AdjustmentStatus.Applied, decidedBy: actor.staffId, decidedAt: new Date() })
        .where(eq(balanceAdjustments.id, row.id))
      await writeMemo(tx, userId, row.id, row.memo)
      const { before, after } = await balances(tx, userId, row.amount)
      await audit(tx, actor, {
        action: 'adjustment.approve',
        target: `adjustment:${row.id}`,
        before: { status: 'waiting', balance: before },
        after: {
          status: 'applied',
          user_id: userId,
          amount: new Decimal(row.amount).toFixed(2),
          memo: row.memo,
          balance: after,
        },
      })
    },
  })
  return outcomeOf(result)
}

/** A conditional update: an approval holding the row lock commits first, and this then finds it decided. */
async function reject(db: Db, actor: Actor, adjustmentId: number): Promise<Outcome<void>> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(balanceAdjustments)
      .set({ status: AdjustmentStatus.Rejected, decidedBy: actor.staffId, decidedAt: new Date() })
      .where(
        and(eq(balanceAdjustments.id, adjustmentId), eq(balanceAdjustments.status, AdjustmentStatus.Waiting)),
      )
      .returning()
    const row = changed[0]
    if (!row) return refuse('already_processed')
    await audit(tx, actor, {
      action: 'adjustment.reject',
      target: `adjustment:${adjustmentId}`,
      before: { status: 'waiting' },
      after: { status: 'rejected', user_id: row.userId, amount: new Decimal(row.amount).toFixed(2) },
    })
    return accept(undefined)
  })
}

const requester = aliasedTable(staff, 'requester')
const decider = aliasedTable(staff, 'decider')

function adjustmentQuery(db: Db) {
  return db
    .select({
      row: balanceAdjustments,
      uid: users.uid,
      requestedBy: requester.email,
      decidedBy: decider.email,
    })
    .from(balanceAdjustments)
    .innerJoin(users, eq(users.id, balanceAdjustments.userId))
    .innerJoin(requester, eq(requester.id, balanceAdjustments.requestedBy))
    .leftJoin(decider, eq(decider.id, balanceAdjustments.decidedBy))
    .$dynamic()
}

interface AdjustmentRow {
  row: typeof balanceAdjustments.$inferSelect
  uid: string
  requestedBy: string
  decidedBy: string | null
}

function toItem({ row, uid, requestedBy, decidedBy }: AdjustmentRow): AdjustmentItem {
  return {
    id: row.id,
    user_id: row.userId,
    uid,
    amount: new Decimal(row.amount).toFixed(2),
    memo: row.memo,
    status: row.status as AdjustmentStatusValue,
    requested_by: requestedBy,
    decided_by: decidedBy,
    created_at: wireTime(row.createdAt.getTime()),
    decided_at: wireTime(row.decidedAt?.getTime() ?? 0),
  }
}

async function adjustmentItem(db: Db, id: number): Promise<AdjustmentItem> {
  const [row] = await adjustmentQuery(db).where(eq(balanceAdjustments.id, id))
  if (!row) throw new Error(`adjustment ${id} vanished`)
  return toItem(row)
}

/** Adjustments of one status (all when absent), newest first. */
export async function listAdjustments(
  db: Db,
  status: AdjustmentStatusValue | undefined,
  offset: number,
  limit: number,
): Promise<RecordPage<AdjustmentItem>> {
  const where = status === undefined ? undefined : eq(balanceAdjustments.status, status)
  const rows = await adjustmentQuery(db)
    .where(where)
    .orderBy(desc(balanceAdjustments.id))
    .offset(offset)
    .limit(limit)
  const [total] = await db.select({ n: count() }).from(balanceAdjustments).where(where)
  return { data: rows.map(toItem), total: total?.n ?? 0 }
}
