import { and, desc, eq, inArray, max, sql } from 'drizzle-orm'
import { OrderStatus, type ClosedTypeValue, type OrderStatusValue, type SideValue } from '@tp/contracts'
import { money, type EngineEvent, type FinishedOrder, type Order } from '@tp/engine'
import type { DbOrTx } from '../db/client.ts'
import { accounts, ledger, orders } from '../db/schema.ts'

/** An order row as the engine and the API see it; finished fields are zero until it ends. */
export type StoredOrder = FinishedOrder

type OrderRow = typeof orders.$inferSelect

const at = (ms: number) => (ms ? new Date(ms).toISOString() : null)
const text = (value: number) => String(value)

/**
 * Writes one batch of engine events: the final state of every order it touched, every booking as a
 * ledger row in event order, and the final balance of every account it touched, all in one
 * statement, however big the batch.
 */
export async function writeEvents(db: DbOrTx, events: readonly EngineEvent[]): Promise<void> {
  const touched = new Map<number, StoredOrder>()
  const bookings: object[] = []
  const balances = new Map<number, string>()
  for (const event of events) {
    switch (event.type) {
      case 'order_placed':
      case 'position_opened':
      case 'stops_changed':
        touched.set(event.order.id, asStored(event.order))
        break
      case 'order_cancelled':
      case 'position_closed':
        touched.set(event.order.id, event.order)
        break
      case 'booked': {
        const b = event.booking
        bookings.push({
          u: b.userId,
          t: b.type,
          a: b.amount.toFixed(6),
          b: b.balanceAfter.toFixed(6),
          r: b.ref,
        })
        balances.set(b.userId, b.balanceAfter.toFixed(6))
        break
      }
    }
  }
  const orderRows = [...touched.values()].map((o) => ({
    id: o.id,
    u: o.userId,
    i: o.instrumentId,
    s: o.side,
    l: o.lots.toFixed(4),
    v: o.leverage,
    st: o.status,
    op: text(o.originPrice),
    p: text(o.price),
    cp: text(o.closePrice),
    m: o.margin.toFixed(6),
    f: o.fee.toFixed(6),
    pr: o.profit.toFixed(6),
    sl: text(o.stopLoss),
    tp: text(o.takeProfit),
    sv: o.stopsVersion,
    er: o.entryRises,
    ct: o.closedType,
    pa: at(o.placedAtMs),
    oa: at(o.openedAtMs),
    ca: at(o.closedAtMs),
  }))
  const balanceRows = [...balances].map(([u, b]) => ({ u, b }))
  // One statement (data-modifying CTEs): atomic on its own and a single round trip per batch.
  await db.execute(sql`
    with o as (
      insert into orders (id, user_id, instrument_id, side, lots, leverage, status, origin_price, price,
        close_price, margin, fee, profit, stop_loss, take_profit, stops_version, entry_rises, closed_type,
        placed_at, opened_at, closed_at)
      select id, u, i, s, l, v, st, op, p, cp, m, f, pr, sl, tp, sv, er, ct, pa, oa, ca
      from jsonb_to_recordset(${JSON.stringify(orderRows)}::jsonb) as x(id bigint, u integer, i integer,
        s smallint, l numeric, v integer, st smallint, op numeric, p numeric, cp numeric, m numeric,
        f numeric, pr numeric, sl numeric, tp numeric, sv integer, er boolean, ct smallint, pa timestamptz,
        oa timestamptz, ca timestamptz)
      on conflict (id) do update set status = excluded.status, price = excluded.price,
        close_price = excluded.close_price, margin = excluded.margin, fee = excluded.fee,
        profit = excluded.profit, stop_loss = excluded.stop_loss, take_profit = excluded.take_profit,
        stops_version = excluded.stops_version, closed_type = excluded.closed_type,
        opened_at = excluded.opened_at, closed_at = excluded.closed_at
      returning 1),
    l as (
      insert into ledger (user_id, type, amount, balance_after, ref)
      select u, t, a, b, r
      from rows from (jsonb_to_recordset(${JSON.stringify(bookings)}::jsonb)
        as (u integer, t smallint, a numeric, b numeric, r text)) with ordinality as x(u, t, a, b, r, n)
      order by n
      returning 1),
    a as (
      update accounts set balance = x.b
      from jsonb_to_recordset(${JSON.stringify(balanceRows)}::jsonb) as x(u integer, b numeric)
      where accounts.user_id = x.u
      returning 1)
    select (select count(*) from o) as orders, (select count(*) from l) as ledger, (select count(*) from a) as accounts`)
}

/** A live engine order in the stored shape (nothing finished yet). */
export const asStored = (order: Order): StoredOrder => ({
  ...order,
  closePrice: 0,
  profit: money(0),
  closedType: 0,
  closedAtMs: 0,
})

export function orderFromRow(row: OrderRow): StoredOrder {
  return {
    id: row.id,
    userId: row.userId,
    instrumentId: row.instrumentId,
    side: row.side as SideValue,
    lots: money(row.lots),
    leverage: row.leverage,
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
  }
}

/** Everything the engine needs after a restart: live orders, their accounts' balances, the next id. */
export async function loadLiveState(db: DbOrTx) {
  const live = await db
    .select()
    .from(orders)
    .where(inArray(orders.status, [OrderStatus.Pending, OrderStatus.Holding]))
    .orderBy(orders.id)
  const userIds = [...new Set(live.map((o) => o.userId))]
  const balances = userIds.length
    ? await db
        .select({ userId: accounts.userId, balance: accounts.balance })
        .from(accounts)
        .where(inArray(accounts.userId, userIds))
    : []
  const [top] = await db.select({ id: max(orders.id) }).from(orders)
  return { orders: live.map(orderFromRow), balances, nextOrderId: (top?.id ?? 0) + 1 }
}

export async function accountBalance(db: DbOrTx, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.userId, userId))
  return row?.balance
}

/** Finished orders (closed and cancelled) of a user, newest first, with their count and booked profit. */
export async function orderHistory(db: DbOrTx, userId: number, offset: number, limit: number) {
  const finished = and(
    eq(orders.userId, userId),
    inArray(orders.status, [OrderStatus.Closed, OrderStatus.Cancelled]),
  )
  const rows = await db
    .select()
    .from(orders)
    .where(finished)
    .orderBy(desc(orders.closedAt), desc(orders.id))
    .offset(offset)
    .limit(limit)
  const [totals] = await db
    .select({ total: sql<number>`count(*)::int`, profit: sql<string>`coalesce(sum(${orders.profit}), 0)` })
    .from(orders)
    .where(finished)
  return { rows: rows.map(orderFromRow), total: totals?.total ?? 0, profit: totals?.profit ?? '0' }
}

/** A user's ledger rows, newest first, optionally of some types only, with their count. */
export async function ledgerPage(
  db: DbOrTx,
  userId: number,
  offset: number,
  limit: number,
  types?: readonly number[],
) {
  const where = and(eq(ledger.userId, userId), types ? inArray(ledger.type, [...types]) : undefined)
  const rows = await db
    .select()
    .from(ledger)
    .where(where)
    .orderBy(desc(ledger.id))
    .offset(offset)
    .limit(limit)
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(ledger)
    .where(where)
  return { rows, total: count?.total ?? 0 }
}
