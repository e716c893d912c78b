import { and, count, eq, gt, isNull } from 'drizzle-orm'
import { ClosedType, OrderStatus } from '@tp/contracts'
import type { Db, Tx } from '../../db/client.ts'
import { orders, sessions, users } from '../../db/schema.ts'
import { accept, refuse, type Outcome } from '../../outcome/outcome.ts'
import { revokeOtherSessions, type SessionRevocations } from '../../users/sessions.ts'
import type { DeskPort } from '../../trading/desk.ts'
import { wireTime } from '../../trading/order-view.ts'
import { orderFromRow } from '../../trading/stored-orders.ts'
import { audit, type Actor } from '../../audit/audit.ts'

export interface AccountActionDeps {
  db: Db
  desk: DeskPort
  sessionRevocations: SessionRevocations
  clock: () => Date
}

async function liveSessionCount(tx: Tx, userId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
  return row?.n ?? 0
}

/**
 * Disables an account (it can no longer sign in, and every session of it ends: its sockets are
 * signed out at once) or enables it again. Open positions stay open: they go on under the trading
 * rules (stops, stop-out), and staff may close them one by one.
 */
export async function setUserDisabled(
  deps: AccountActionDeps,
  actor: Actor,
  userId: number,
  disable: boolean,
): Promise<Outcome<{ disabled: boolean; disabled_at: string; sessions_ended: number }>> {
  const now = deps.clock()
  const outcome = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (!user) return refuse('account_not_found')
    if ((user.disabledAt !== null) === disable) return refuse('already_processed')
    const ended = disable ? await liveSessionCount(tx, userId, now) : 0
    await tx
      .update(users)
      .set({ disabledAt: disable ? now : null })
      .where(eq(users.id, userId))
    if (disable) await revokeOtherSessions(tx, userId, now)
    const [held] = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, OrderStatus.Holding)))
    const openPositions = held?.n ?? 0
    await audit(tx, actor, {
      action: disable ? 'user.disable' : 'user.enable',
      target: `user:${userId}`,
      before: { disabled_at: user.disabledAt?.toISOString() ?? null },
      after: disable
        ? {
            disabled_at: now.toISOString(),
            sessions_ended: ended,
            open_positions: openPositions,
            note: 'open positions stay open',
          }
        : { disabled_at: null },
    })
    return accept({
      disabled: disable,
      disabled_at: disable ? wireTime(now.getTime()) : '',
      sessions_ended: ended,
    })
  })
  // After the commit: signed-in sockets let go now, and no cached session outlives the change.
  if (outcome.ok && disable) deps.sessionRevocations.publish({ userId })
  return outcome
}

/** Ends every session of a user; its signed-in sockets are signed out at once. */
export async function revokeUserSessions(
  deps: AccountActionDeps,
  actor: Actor,
  userId: number,
): Promise<Outcome<{ sessions_ended: number }>> {
  const now = deps.clock()
  const outcome = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId))
    if (!user) return refuse('account_not_found')
    const ended = await liveSessionCount(tx, userId, now)
    await revokeOtherSessions(tx, userId, now)
    await audit(tx, actor, {
      action: 'user.revoke_sessions',
      target: `user:${userId}`,
      after: { sessions_ended: ended },
    })
    return accept({ sessions_ended: ended })
  })
  if (outcome.ok) deps.sessionRevocations.publish({ userId })
  return outcome
}

/**
 * Closes a user's position on their behalf (`ClosedType` 5), through the desk by the user's own
 * rules: at a live price only (a closed market or a stale quote refuses it). The user's sockets hear
 * FOREX_CLOSED as for any close; the audit row is written in the close's transaction.
 */
export async function closePositionForUser(
  deps: AccountActionDeps,
  actor: Actor,
  orderId: number,
): Promise<Outcome<{ id: number; user_id: number; close_price: number; profit: string }>> {
  // As committed: a position closed meanwhile is refused by the engine's close below.
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderId))
  const order = row && orderFromRow(row)
  if (!order || order.status !== OrderStatus.Holding) return refuse('order_not_found')
  const { userId } = order
  const before = {
    user_id: userId,
    instrument_id: order.instrumentId,
    side: order.side,
    lots: order.lots.toString(),
    price: order.price,
    status: 'holding',
  }
  let closed = { closePrice: 0, profit: '0' }
  const result = await deps.desk.runMoney(userId, {
    prepare: async () => accept(undefined),
    command: (engine) => engine.close(userId, orderId, deps.clock().getTime(), ClosedType.Staff),
    async finish(tx) {
      const [row] = await tx
        .select({ closePrice: orders.closePrice, profit: orders.profit, closedType: orders.closedType })
        .from(orders)
        .where(eq(orders.id, orderId))
      closed = { closePrice: Number(row?.closePrice ?? 0), profit: row?.profit ?? '0' }
      await audit(tx, actor, {
        action: 'position.close',
        target: `order:${orderId}`,
        before,
        after: {
          status: 'closed',
          closed_type: row?.closedType,
          close_price: closed.closePrice,
          profit: closed.profit,
        },
      })
    },
  })
  if (!result.ok)
    return 'params' in result && result.params ? refuse(result.reason, result.params) : refuse(result.reason)
  return accept({ id: orderId, user_id: userId, close_price: closed.closePrice, profit: closed.profit })
}
