import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import {
  OrderStatus,
  type ClosedTypeValue,
  type MarginModeValue,
  type OrderStatusValue,
  type SideValue,
} from '@tp/contracts'
import { money, type EngineEvent, type FinishedOrder, type Order, type PriceAlert } from '@tp/engine'
import type { DbOrTx } from '../db/client.ts'
import { accounts, idempotencyKeys, ledger, orders, priceAlerts, users } from '../db/schema.ts'

/** An order row, seen alike by the engine and the API; finished fields are zero until it ends. */
export type StoredOrder = FinishedOrder

type OrderRow = typeof orders.$inferSelect

const at = (ms: number) => (ms ? new Date(ms).toISOString() : null)
const text = (value: number) => String(value)

/** The first answer to an order submitted with an idempotency key, stored with what it placed. */
export interface IdempotentOutcome {
  userId: number
  key: string
  /** A refusal keeps its figures (a requote's price, a limit's lots): a retry gets the same answer. */
  outcome: { orderId: number } | { reason: string; detail?: Readonly<Record<string, number | string>> }
}

/** Raised by a write that found another server's fence epoch: this server must stop writing. */
export const FENCE_LOST = 'writer fence lost'
/** Raised by a write that would have changed another user's order or a finished one. */
const ORDER_CLASH = 'order write refused'
/**
 * Raised by a write whose bookings do not start from the balance the database holds: memory is out
 * of step with the database (a bug, or a write outside the desk), and nothing may be overwritten.
 */
const BALANCE_CLASH = 'balance out of step'

/**
 * Writes one batch of engine events, all in one statement however big the batch: the final state of
 * every order it touched, every booking as a ledger row in event order, the final balance and
 * margin-call state of every account it touched, and the idempotency keys of the commands. The
 * statement fails as a whole (and so writes nothing) if the writer fence no longer holds `epoch`, if
 * an order or alert row would overwrite another user's, an order row a finished one, or if an
 * account's bookings do not start from the balance it has.
 */
export async function writeEvents(
  db: DbOrTx,
  epoch: number,
  events: readonly EngineEvent[],
  keys: readonly IdempotentOutcome[] = [],
): Promise<void> {
  const touched = new Map<number, StoredOrder>()
  const bookings: object[] = []
  /** Price alerts added, fired or removed: the last state of each. */
  const alertRows = new Map<number, object>()
  /**
   * Per account: the balance and frozen balance after the batch (b, f), the ones the batch starts
   * from (p, pf), and the margin-call state (c).
   */
  interface AccountRow {
    u: number
    b: string | null
    f: string | null
    p: string | null
    pf: string | null
    c: boolean | null
  }
  const accountRows = new Map<number, AccountRow>()
  const accountRow = (userId: number) => {
    let row = accountRows.get(userId)
    if (!row) accountRows.set(userId, (row = { u: userId, b: null, f: null, p: null, pf: null, c: null }))
    return row
  }
  for (const event of events) {
    switch (event.type) {
      case 'order_placed':
      case 'position_opened':
      case 'stops_changed':
      case 'pending_changed':
      case 'position_reduced':
      case 'swap_charged':
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
          fa: b.frozenAmount.toFixed(6),
          fb: b.frozenAfter.toFixed(6),
          r: b.ref,
        })
        const row = accountRow(b.userId)
        row.p ??= b.balanceAfter.minus(b.amount).toFixed(6)
        row.pf ??= b.frozenAfter.minus(b.frozenAmount).toFixed(6)
        row.b = b.balanceAfter.toFixed(6)
        row.f = b.frozenAfter.toFixed(6)
        break
      }
      case 'margin_call':
      case 'margin_call_ended':
        accountRow(event.userId).c = event.type === 'margin_call'
        break
      case 'alert_added':
      case 'alert_fired':
      case 'alert_removed': {
        const { alert } = event
        alertRows.set(alert.id, {
          id: alert.id,
          u: alert.userId,
          i: alert.instrumentId,
          up: alert.above,
          p: text(alert.price),
          ca: at(alert.createdAtMs),
          fa: event.type === 'alert_fired' ? at(event.timeMs) : null,
          fb: event.type === 'alert_fired' ? text(event.bid) : null,
          ra: event.type === 'alert_removed' ? at(event.timeMs) : null,
        })
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
    cs: o.contractSize,
    mm: o.marginMode,
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
    ea: at(o.expiresAtMs),
    tr: o.trailingPoints,
    sw: o.swap.toFixed(6),
    sth: at(o.swapThroughMs),
  }))
  const keyRows = keys.map((k) => ({ u: k.userId, k: k.key, o: k.outcome }))
  // One statement (data-modifying CTEs): atomic on its own and a single round trip per batch. The
  // last select turns a broken fence or a refused order row into an error (a failed cast of text that
  // depends on the data, so the planner cannot fold it away), which undoes the whole statement.
  await db.execute(sql`
    with f as (select epoch from writer_fence where id = 1 for share),
    o as (
      insert into orders (id, user_id, instrument_id, side, lots, leverage, contract_size, margin_mode, status,
        origin_price, price, close_price, margin, fee, profit, stop_loss, take_profit, stops_version,
        entry_rises, closed_type, placed_at, opened_at, closed_at, expires_at, trailing_points, swap, swap_through)
      select id, u, i, s, l, v, cs, mm, st, op, p, cp, m, f, pr, sl, tp, sv, er, ct, pa, oa, ca, ea, tr, sw, sth
      from jsonb_to_recordset(${JSON.stringify(orderRows)}::jsonb) as x(id bigint, u integer, i integer,
        s smallint, l numeric, v integer, cs numeric, mm smallint, st smallint, op numeric, p numeric, cp numeric, m numeric,
        f numeric, pr numeric, sl numeric, tp numeric, sv integer, er boolean, ct smallint, pa timestamptz,
        oa timestamptz, ca timestamptz, ea timestamptz, tr integer, sw numeric, sth timestamptz)
      on conflict (id) do update set status = excluded.status, lots = excluded.lots, price = excluded.price,
        origin_price = excluded.origin_price, entry_rises = excluded.entry_rises, expires_at = excluded.expires_at,
        trailing_points = excluded.trailing_points, swap = excluded.swap, swap_through = excluded.swap_through,
        close_price = excluded.close_price, margin = excluded.margin, fee = excluded.fee,
        profit = excluded.profit, stop_loss = excluded.stop_loss, take_profit = excluded.take_profit,
        stops_version = excluded.stops_version, closed_type = excluded.closed_type,
        opened_at = excluded.opened_at, closed_at = excluded.closed_at
      where orders.user_id = excluded.user_id and orders.status in (0, 1)
      returning 1),
    l as (
      insert into ledger (user_id, type, amount, balance_after, frozen_amount, frozen_after, ref)
      select u, t, a, b, fa, fb, r
      from rows from (jsonb_to_recordset(${JSON.stringify(bookings)}::jsonb)
        as (u integer, t smallint, a numeric, b numeric, fa numeric, fb numeric, r text))
        with ordinality as x(u, t, a, b, fa, fb, r, n)
      order by n
      returning 1),
    a as (
      update accounts set balance = coalesce(x.b, accounts.balance), frozen = coalesce(x.f, accounts.frozen),
        margin_called = coalesce(x.c, accounts.margin_called)
      from jsonb_to_recordset(${JSON.stringify([...accountRows.values()])}::jsonb)
        as x(u integer, b numeric, f numeric, p numeric, pf numeric, c boolean)
      where accounts.user_id = x.u and (x.p is null or (accounts.balance = x.p and accounts.frozen = x.pf))
      returning 1),
    al as (
      insert into price_alerts (id, user_id, instrument_id, above, price, created_at, fired_at, fired_bid, removed_at)
      select id, u, i, up, p, ca, fa, fb, ra
      from jsonb_to_recordset(${JSON.stringify([...alertRows.values()])}::jsonb) as x(id bigint, u integer,
        i integer, up boolean, p numeric, ca timestamptz, fa timestamptz, fb numeric, ra timestamptz)
      on conflict (id) do update set fired_at = coalesce(excluded.fired_at, price_alerts.fired_at),
        fired_bid = coalesce(excluded.fired_bid, price_alerts.fired_bid),
        removed_at = coalesce(excluded.removed_at, price_alerts.removed_at)
      where price_alerts.user_id = excluded.user_id
      returning 1),
    k as (
      insert into idempotency_keys (user_id, key, outcome)
      select u, k, o from jsonb_to_recordset(${JSON.stringify(keyRows)}::jsonb) as x(u integer, k text, o jsonb)
      on conflict (user_id, key) do update set outcome = excluded.outcome, created_at = now()
      where idempotency_keys.created_at < now() - interval '24 hours'
      returning 1)
    select case
      when (select epoch from f) is distinct from ${epoch}::bigint
        then ('${sql.raw(FENCE_LOST)} at epoch ' || coalesce((select epoch from f), -1))::integer
      when (select count(*) from o) <> ${orderRows.length}
        then ('${sql.raw(ORDER_CLASH)}: ' || (select count(*) from o))::integer
      when (select count(*) from a) <> ${accountRows.size}
        then ('${sql.raw(BALANCE_CLASH)}: ' || (select count(*) from a))::integer
      when (select count(*) from al) <> ${alertRows.size}
        then ('${sql.raw(ORDER_CLASH)}: alerts ' || (select count(*) from al))::integer
      else (select count(*) from l) + (select count(*) from a) + (select count(*) from k) + (select count(*) from al)
    end as written`)
}

/** The first row of a raw query's result (node-postgres and PGlite both answer `{ rows }`). */
const firstRow = <T>(result: unknown): T | undefined => (result as { rows?: T[] }).rows?.[0]

/**
 * Whether a failed write failed because another server holds the writer fence now: the database's
 * own error (invalid text for an integer, 22P02) carrying FENCE_LOST, anywhere in the cause chain.
 * The wrapper's message quotes the statement, which names FENCE_LOST too: it does not count.
 */
export function isFenceLost(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (code === '22P02' && typeof message === 'string' && message.includes(FENCE_LOST)) return true
  }
  return false
}

/**
 * Takes the writer fence: bumps its epoch and returns the new one. Every later write of another
 * server that holds an older epoch fails. Call it once the writer lock is held, before loading state.
 */
export async function claimFence(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`update writer_fence set epoch = epoch + 1 where id = 1 returning epoch`)
  const epoch = Number(firstRow<{ epoch: string }>(result)?.epoch)
  if (!Number.isSafeInteger(epoch)) throw new Error('writer_fence has no row')
  return epoch
}

/** Reserves a block of ORDER_ID_BLOCK order ids; returns the first. */
export async function reserveOrderIds(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`select nextval('order_ids') as first`)
  const first = Number(firstRow<{ first: string }>(result)?.first)
  if (!Number.isSafeInteger(first)) throw new Error('order_ids gave no id')
  return first
}

/** The stored first answer to `key` of `userId`, if it is less than a day old. */
export async function storedOutcome(
  db: DbOrTx,
  userId: number,
  key: string,
): Promise<IdempotentOutcome['outcome'] | undefined> {
  const [row] = await db
    .select({ outcome: idempotencyKeys.outcome })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        sql`${idempotencyKeys.createdAt} > now() - interval '24 hours'`,
      ),
    )
  return row?.outcome as IdempotentOutcome['outcome'] | undefined
}

/** Forgets idempotency keys older than a day. */
export async function dropOldIdempotencyKeys(db: DbOrTx): Promise<void> {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - interval '24 hours'`)
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
    expiresAtMs: row.expiresAt?.getTime() ?? 0,
    trailingPoints: row.trailingPoints,
    swap: money(row.swap),
    swapThroughMs: row.swapThrough?.getTime() ?? row.openedAt?.getTime() ?? 0,
  }
}

/** Everything the engine needs after a restart: live orders and their accounts' balances and margin-call state. */
export async function loadLiveState(db: DbOrTx) {
  const live = await db
    .select()
    .from(orders)
    .where(inArray(orders.status, [OrderStatus.Pending, OrderStatus.Holding]))
    .orderBy(orders.id)
  const userIds = [...new Set(live.map((o) => o.userId))]
  const balances = userIds.length
    ? await db
        .select({
          userId: accounts.userId,
          balance: accounts.balance,
          frozen: accounts.frozen,
          marginCalled: accounts.marginCalled,
          demo: users.isDemo,
        })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(inArray(accounts.userId, userIds))
    : []
  const alerts = await db
    .select()
    .from(priceAlerts)
    .where(and(isNull(priceAlerts.firedAt), isNull(priceAlerts.removedAt)))
    .orderBy(priceAlerts.id)
  return { orders: live.map(orderFromRow), balances, alerts: alerts.map(alertFromRow) }
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

export async function accountState(
  db: DbOrTx,
  userId: number,
): Promise<{ balance: string; frozen: string; marginCalled: boolean; demo: boolean } | undefined> {
  const [row] = await db
    .select({
      balance: accounts.balance,
      frozen: accounts.frozen,
      marginCalled: accounts.marginCalled,
      demo: users.isDemo,
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(accounts.userId, userId))
  return row
}

/**
 * Stored orders of a user with the given statuses (all of them without), newest first, with their
 * count and booked profit. Finished lists go by close time, the list of everything by id.
 */
export async function orderPage(
  db: DbOrTx,
  userId: number,
  statuses: readonly OrderStatusValue[] | undefined,
  offset: number,
  limit: number,
) {
  const where = and(eq(orders.userId, userId), statuses ? inArray(orders.status, [...statuses]) : undefined)
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
