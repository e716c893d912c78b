/** Orders as the database keeps them: the stored shape, read back from rows, and a user's pages of them. */
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import {
  OrderStatus,
  type ClosedTypeValue,
  type MarginModeValue,
  type OrderStatusValue,
  type SideValue,
} from '@tp/contracts'
import { money, type FinishedOrder, type Order } from '@tp/engine'
import type { DbOrTx } from '../db/client.ts'
import { orders } from '../db/schema.ts'
import type { Period } from './statement/period.ts'

/** An order row, seen alike by the engine and the API; finished fields are zero until it ends. */
export type StoredOrder = FinishedOrder

type OrderRow = typeof orders.$inferSelect

/** A live engine order in the stored shape (nothing finished yet). */
export const asStored = (order: Order): StoredOrder => ({
  ...order,
  closePrice: 0,
  profit: money(0),
  closedType: 0,
  closedAtMs: 0,
  closedById: 0,
})

export function orderFromRow(row: OrderRow): StoredOrder {
  return {
    id: row.id,
    userId: row.userId,
    instrumentId: row.instrumentId,
    side: row.side as SideValue,
    lots: money(row.lots),
    leverage: row.leverage,
    contractSize: money(row.contractSize).toString(),
    marginMode: row.marginMode as MarginModeValue,
    status: row.status as OrderStatusValue,
    originPrice: Number(row.originPrice),
    price: Number(row.price),
    margin: money(row.margin),
    fee: money(row.fee),
    stopLoss: Number(row.stopLoss),
    takeProfit: Number(row.takeProfit),
    stopsVersion: row.stopsVersion,
    entryRises: row.entryRises,
    placedAtMs: row.placedAt.getTime(),
    openedAtMs: row.openedAt?.getTime() ?? 0,
    closePrice: Number(row.closePrice),
    profit: money(row.profit),
    closedType: row.closedType as ClosedTypeValue | 0,
    closedAtMs: row.closedAt?.getTime() ?? 0,
    closedById: row.closedById,
    expiresAtMs: row.expiresAt?.getTime() ?? 0,
    trailingPoints: row.trailingPoints,
    swap: money(row.swap),
    swapThroughMs: row.swapThrough?.getTime() ?? row.openedAt?.getTime() ?? 0,
    copyOf: row.copyOf,
    followId: row.followId,
  }
}

/**
 * Stored orders of a user with the given statuses (all of them without), newest first, with their
 * count and booked profit. Finished lists go by close time, the list of everything by id. With
 * `endedIn`, only orders that ended in that period ([from, to) of their close, cancel or expiry).
 */
export async function orderPage(
  db: DbOrTx,
  userId: number,
  statuses: readonly OrderStatusValue[] | undefined,
  offset: number,
  limit: number,
  endedIn?: Period,
) {
  const where = and(
    eq(orders.userId, userId),
    statuses ? inArray(orders.status, [...statuses]) : undefined,
    endedIn ? and(gte(orders.closedAt, endedIn.from), lt(orders.closedAt, endedIn.to)) : undefined,
  )
  const finished = statuses?.every(
    (s) => s === OrderStatus.Closed || s === OrderStatus.Cancelled || s === OrderStatus.Expired,
  )
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...(finished ? [desc(orders.closedAt), desc(orders.id)] : [desc(orders.id)]))
    .offset(offset)
    .limit(limit)
  const [totals] = await db
    .select({ total: sql<number>`count(*)::int`, profit: sql<string>`coalesce(sum(${orders.profit}), 0)` })
    .from(orders)
    .where(where)
  return { rows: rows.map(orderFromRow), total: totals?.total ?? 0, profit: totals?.profit ?? '0' }
}
