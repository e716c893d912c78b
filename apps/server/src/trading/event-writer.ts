/** The one writer of trading state: each batch of engine events in one statement, behind the writer fence. */
import { sql } from 'drizzle-orm'
import { OrderStatus } from '@tp/contracts'
import type { EngineEvent } from '@tp/engine'
import { firstRow, type DbOrTx } from '../db/client.ts'
import { tradingNotices } from '../notices/trading-notices.ts'
import type { IdempotentOutcome } from './idempotency-keys.ts'
import { asStored, type StoredOrder } from './stored-orders.ts'

const at = (ms: number) => (ms ? new Date(ms).toISOString() : null)
const text = (value: number) => String(value)

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
 * every order it touched (only the stop of a position whose trailing stop alone moved), every
 * booking as a ledger row in event order, the final balance and margin-call state of every account
 * it touched, the owners' notices the events call for, and the idempotency keys of the commands. The statement fails as a whole (and so
 * writes nothing) if the writer fence no longer holds `epoch`, if an order or alert row would
 * overwrite another user's, an order row a finished one (or a trailed stop a position no longer
 * open), or if an account's bookings do not start from the balance it has.
 */
export async function writeEvents(
  db: DbOrTx,
  epoch: number,
  events: readonly EngineEvent[],
  keys: readonly IdempotentOutcome[] = [],
): Promise<void> {
  const touched = new Map<number, StoredOrder>()
  /** Trailed stops of orders with no full row in the batch: only the stop is written. */
  const trails = new Map<number, { id: number; u: number; sl: string }>()
  const touch = (order: StoredOrder) => {
    touched.set(order.id, order)
    // A full row carries the order as it is, its stop included.
    trails.delete(order.id)
  }
  const bookings: object[] = []
  /** Price alerts added, fired or removed: the last state of each. */
  const alertRows = new Map<number, object>()
  /** Follows started, changed or ended: the last state of each; copies not made. */
  const followRows = new Map<number, object>()
  const skipRows: object[] = []
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
        touch(asStored(event.order))
        break
      case 'order_cancelled':
      case 'position_closed':
        touch(event.order)
        break
      case 'stop_trailed': {
        // After a full row of the same order in this batch: that row takes the newer stop (one
        // statement cannot write a row twice).
        const row = touched.get(event.orderId)
        if (row) touched.set(row.id, { ...row, stopLoss: event.stopLoss })
        else trails.set(event.orderId, { id: event.orderId, u: event.userId, sl: text(event.stopLoss) })
        break
      }
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
      case 'follow_changed': {
        const f = event.follow
        followRows.set(f.id, {
          id: f.id,
          fo: f.followerId,
          le: f.leaderId,
          al: f.allocation.toFixed(6),
          cs: f.copyStopLossPercent,
          ps: f.profitSharePercent,
          pa: f.paused,
          re: f.realized.toFixed(6),
          hw: f.highWater.toFixed(6),
          sp: f.sharePaid.toFixed(6),
          sa: at(f.startedAtMs),
          ea: at(f.endedAtMs),
          er: f.endReason,
        })
        break
      }
      case 'copy_skipped': {
        const k = event.skip
        skipRows.push({
          f: k.followId,
          u: k.followerId,
          o: k.leaderOrderId,
          i: k.instrumentId,
          r: k.reason,
          a: at(k.timeMs),
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
    cb: o.closedById,
    co: o.copyOf,
    fi: o.followId,
  }))
  const keyRows = keys.map((k) => ({ u: k.userId, k: k.key, o: k.outcome }))
  // The owners' notices of these events (decision 043), once per cause; a margin call's is named by
  // the statement's time (one a batch and account at most).
  const noticeRows = tradingNotices(events).map((n) => ({ u: n.userId, k: n.kind, r: n.ref, p: n.params }))
  // One statement (data-modifying CTEs): atomic on its own and a single round trip per batch. The
  // last select turns a broken fence or a refused order row into an error (a failed cast of text that
  // depends on the data, so the planner cannot fold it away), which undoes the whole statement.
  await db.execute(sql`
    with f as (select epoch from writer_fence where id = 1 for share),
    o as (
      insert into orders (id, user_id, instrument_id, side, lots, leverage, contract_size, margin_mode, status,
        origin_price, price, close_price, margin, fee, profit, stop_loss, take_profit, stops_version,
        entry_rises, closed_type, placed_at, opened_at, closed_at, expires_at, trailing_points, swap, swap_through,
        closed_by_id, copy_of, follow_id)
      select id, u, i, s, l, v, cs, mm, st, op, p, cp, m, f, pr, sl, tp, sv, er, ct, pa, oa, ca, ea, tr, sw, sth, cb, co, fi
      from jsonb_to_recordset(${JSON.stringify(orderRows)}::jsonb) as x(id bigint, u integer, i integer,
        s smallint, l numeric, v integer, cs numeric, mm smallint, st smallint, op numeric, p numeric, cp numeric, m numeric,
        f numeric, pr numeric, sl numeric, tp numeric, sv integer, er boolean, ct smallint, pa timestamptz,
        oa timestamptz, ca timestamptz, ea timestamptz, tr integer, sw numeric, sth timestamptz, cb bigint,
        co bigint, fi bigint)
      on conflict (id) do update set status = excluded.status, lots = excluded.lots, price = excluded.price,
        origin_price = excluded.origin_price, entry_rises = excluded.entry_rises, expires_at = excluded.expires_at,
        trailing_points = excluded.trailing_points, swap = excluded.swap, swap_through = excluded.swap_through,
        close_price = excluded.close_price, margin = excluded.margin, fee = excluded.fee,
        profit = excluded.profit, stop_loss = excluded.stop_loss, take_profit = excluded.take_profit,
        stops_version = excluded.stops_version, closed_type = excluded.closed_type,
        closed_by_id = excluded.closed_by_id, opened_at = excluded.opened_at, closed_at = excluded.closed_at
      where orders.user_id = excluded.user_id and orders.status in (0, 1)
      returning 1),
    t as (
      update orders set stop_loss = x.sl
      from jsonb_to_recordset(${JSON.stringify([...trails.values()])}::jsonb) as x(id bigint, u integer, sl numeric)
      where orders.id = x.id and orders.user_id = x.u and orders.status = ${OrderStatus.Holding}
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
    fw as (
      insert into follows (id, follower_id, leader_id, allocation, copy_stop_loss_percent, profit_share_percent,
        paused, realized, high_water, share_paid, started_at, ended_at, end_reason)
      select id, fo, le, al, cs, ps, pa, re, hw, sp, sa, ea, er
      from jsonb_to_recordset(${JSON.stringify([...followRows.values()])}::jsonb) as x(id bigint, fo integer,
        le integer, al numeric, cs smallint, ps smallint, pa boolean, re numeric, hw numeric, sp numeric,
        sa timestamptz, ea timestamptz, er text)
      on conflict (id) do update set allocation = excluded.allocation,
        copy_stop_loss_percent = excluded.copy_stop_loss_percent, paused = excluded.paused,
        realized = excluded.realized, high_water = excluded.high_water, share_paid = excluded.share_paid,
        ended_at = excluded.ended_at, end_reason = excluded.end_reason
      where follows.follower_id = excluded.follower_id and follows.ended_at is null
      returning 1),
    sk as (
      insert into copy_skips (follow_id, follower_id, leader_order_id, instrument_id, reason, created_at)
      select f, u, o, i, r, a
      from jsonb_to_recordset(${JSON.stringify(skipRows)}::jsonb) as x(f bigint, u integer, o bigint, i integer,
        r text, a timestamptz)
      returning 1),
    n as (
      insert into notices (user_id, kind, ref, params)
      select u, k, coalesce(r, k || ':' || (extract(epoch from now()) * 1000)::bigint), p
      from jsonb_to_recordset(${JSON.stringify(noticeRows)}::jsonb) as x(u integer, k text, r text, p jsonb)
      on conflict (user_id, kind, ref) do nothing
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
      when (select count(*) from t) <> ${trails.size}
        then ('${sql.raw(ORDER_CLASH)}: trailed stops ' || (select count(*) from t))::integer
      when (select count(*) from a) <> ${accountRows.size}
        then ('${sql.raw(BALANCE_CLASH)}: ' || (select count(*) from a))::integer
      when (select count(*) from al) <> ${alertRows.size}
        then ('${sql.raw(ORDER_CLASH)}: alerts ' || (select count(*) from al))::integer
      when (select count(*) from fw) <> ${followRows.size}
        then ('${sql.raw(ORDER_CLASH)}: follows ' || (select count(*) from fw))::integer
      else (select count(*) from l) + (select count(*) from a) + (select count(*) from k) + (select count(*) from al)
        + (select count(*) from sk)
    end as written`)
}

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
