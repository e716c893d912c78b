/** What the desk reads to build its engine: live orders, active alerts, accounts, and order ids. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { OrderStatus } from '@tp/contracts'
import { money, type Follow, type FollowEndReason, type PriceAlert } from '@tp/engine'
import { firstRow, type DbOrTx } from '../db/client.ts'
import { accounts, follows, orders, priceAlerts, users } from '../db/schema.ts'
import { orderFromRow } from './stored-orders.ts'

/**
 * Everything the engine needs after a restart: live orders and their accounts' balances and
 * margin-call state, the active alerts, and the running follows with their followers' and leaders'
 * accounts (a leader's trade is copied into accounts that may hold nothing yet). With `userId`, that
 * one account's, without follows (with its balance even when it has no live order: a read of one
 * account, trading/trading-reads.ts).
 */
export async function loadLiveState(db: DbOrTx, userId?: number) {
  const one = userId !== undefined
  const live = await db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, [OrderStatus.Pending, OrderStatus.Holding]),
        one ? eq(orders.userId, userId) : undefined,
      ),
    )
    .orderBy(orders.id)
  const running = one
    ? []
    : await db.select().from(follows).where(isNull(follows.endedAt)).orderBy(follows.id)
  const userIds = one
    ? [userId]
    : [...new Set([...live.map((o) => o.userId), ...running.flatMap((f) => [f.followerId, f.leaderId])])]
  const balances = userIds.length ? await accountStates(db, userIds) : []
  const alerts = await db
    .select()
    .from(priceAlerts)
    .where(
      and(
        isNull(priceAlerts.firedAt),
        isNull(priceAlerts.removedAt),
        one ? eq(priceAlerts.userId, userId) : undefined,
      ),
    )
    .orderBy(priceAlerts.id)
  return {
    orders: live.map(orderFromRow),
    balances,
    alerts: alerts.map(alertFromRow),
    follows: running.map(followFromRow),
  }
}

/** A follow as the engine holds it. */
export function followFromRow(row: typeof follows.$inferSelect): Follow {
  return {
    id: row.id,
    followerId: row.followerId,
    leaderId: row.leaderId,
    allocation: money(row.allocation),
    copyStopLossPercent: row.copyStopLossPercent,
    profitSharePercent: row.profitSharePercent,
    paused: row.paused,
    realized: money(row.realized),
    highWater: money(row.highWater),
    sharePaid: money(row.sharePaid),
    startedAtMs: row.startedAt.getTime(),
    endedAtMs: row.endedAt?.getTime() ?? 0,
    endReason: row.endReason as FollowEndReason | '',
  }
}

/** An active price alert, held by the engine. */
function alertFromRow(row: typeof priceAlerts.$inferSelect): PriceAlert {
  return {
    id: row.id,
    userId: row.userId,
    instrumentId: row.instrumentId,
    above: row.above,
    price: Number(row.price),
    createdAtMs: row.createdAt.getTime(),
  }
}

/** Accounts in the form the engine takes them in: balances, margin-call state, and whether each is a demo. */
function accountStates(db: DbOrTx, userIds: readonly number[]) {
  return db
    .select({
      userId: accounts.userId,
      balance: accounts.balance,
      frozen: accounts.frozen,
      marginCalled: accounts.marginCalled,
      demo: users.isDemo,
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(inArray(accounts.userId, [...userIds]))
}

/** One account in the form the engine takes it in (see accountStates). */
export async function accountState(db: DbOrTx, userId: number) {
  const [row] = await accountStates(db, [userId])
  return row
}

/** Reserves a block of ORDER_ID_BLOCK order ids; returns the first. */
export async function reserveOrderIds(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`select nextval('order_ids') as first`)
  const first = Number(firstRow<{ first: string }>(result)?.first)
  if (!Number.isSafeInteger(first)) throw new Error('order_ids gave no id')
  return first
}
