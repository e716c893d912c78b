import { and, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm'
import { OrderStatus } from '@tp/contracts'
import type { DbOrTx } from '../db/client.ts'
import { instruments, orders, users } from '../db/schema.ts'
import type { TradeBucket } from './statistics.ts'

/** The window the three-week figures cover: [from, to] by close time. */
export interface RankWindow {
  from: Date
  to: Date
}

export interface TraderRow {
  userId: number
  uid: string
  nickname: string
  isDemo: boolean
}

/** Whether a user is shown in the ranking: opted in (house traders are) and named. */
const shown = and(eq(users.rankVisible, true), isNotNull(users.nickname))

/**
 * Closed-trade buckets (see TradeBucket) of the users `who` selects, in one aggregate statement:
 * grouped by user, instrument, leverage and whether the trade closed inside the window.
 */
async function bucketsOf(db: DbOrTx, window: RankWindow, who: SQL) {
  // The window's ends are written into the statement (ISO text made here, never input): the same
  // expression then appears in the select list and in GROUP BY, which bound parameters would not be.
  const at = (time: Date) => sql.raw(`'${time.toISOString()}'::timestamptz`)
  const recent = sql<boolean>`(${orders.closedAt} >= ${at(window.from)} and ${orders.closedAt} <= ${at(window.to)})`
  const rows = await db
    .select({
      userId: orders.userId,
      code: instruments.code,
      leverage: orders.leverage,
      recent,
      trades: sql<number>`count(*)::int`,
      wins: sql<number>`(count(*) filter (where ${orders.profit} - ${orders.fee} > 0))::int`,
      net: sql<string>`sum(${orders.profit} - ${orders.fee})::text`,
      margin: sql<string>`sum(${orders.margin})::text`,
    })
    .from(orders)
    .innerJoin(instruments, eq(instruments.id, orders.instrumentId))
    .where(and(eq(orders.status, OrderStatus.Closed), who))
    .groupBy(orders.userId, instruments.code, orders.leverage, recent)
  const byUser = new Map<number, TradeBucket[]>()
  for (const row of rows) {
    const bucket: TradeBucket = {
      code: row.code,
      leverage: row.leverage,
      // Both drivers read a boolean expression as a boolean; text 't' is taken too, to be safe.
      recent: row.recent === true || (row.recent as unknown) === 't',
      trades: Number(row.trades),
      wins: Number(row.wins),
      net: row.net,
      margin: row.margin,
    }
    byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), bucket])
  }
  return byUser
}

/**
 * Everyone the ranking lists: shown users with a closed trade in the window (found through the
 * partial index on close time), with the buckets of all their closed trades.
 */
export async function rankedTraders(db: DbOrTx, window: RankWindow) {
  const active = db
    .selectDistinct({ id: orders.userId })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orders.status, OrderStatus.Closed),
        gte(orders.closedAt, window.from),
        lte(orders.closedAt, window.to),
        shown,
      ),
    )
  const traders = await db
    .select({ userId: users.id, uid: users.uid, nickname: users.nickname, isDemo: users.isDemo })
    .from(users)
    .where(inArray(users.id, active))
  if (traders.length === 0) return []
  const buckets = await bucketsOf(db, window, inArray(orders.userId, active))
  return traders.map((t) => ({
    trader: { ...t, nickname: t.nickname ?? '' } as TraderRow,
    buckets: buckets.get(t.userId) ?? [],
  }))
}

/** A shown trader by uid, with their buckets; undefined when there is none (or they are hidden). */
export async function shownTrader(db: DbOrTx, window: RankWindow, uid: string) {
  const [trader] = await db
    .select({ userId: users.id, uid: users.uid, nickname: users.nickname, isDemo: users.isDemo })
    .from(users)
    .where(and(eq(users.uid, uid), shown))
  if (!trader) return undefined
  const buckets = await bucketsOf(db, window, eq(orders.userId, trader.userId))
  return {
    trader: { ...trader, nickname: trader.nickname ?? '' } as TraderRow,
    buckets: buckets.get(trader.userId) ?? [],
  }
}

/**
 * What the profit curve needs: Σ (profit − fee) of the trader's trades closed inside the window,
 * per UTC day of their close ('YYYY-MM-DD' → exact decimal string). Only trading results: deposits,
 * withdrawals and the balance itself are the user's private business, never published.
 */
export async function dailyNetProfit(db: DbOrTx, userId: number, window: RankWindow) {
  const day = sql<string>`to_char(${orders.closedAt} at time zone 'UTC', 'YYYY-MM-DD')`
  const rows = await db
    .select({ day, net: sql<string>`sum(${orders.profit} - ${orders.fee})` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, OrderStatus.Closed),
        gte(orders.closedAt, window.from),
        lte(orders.closedAt, window.to),
      ),
    )
    .groupBy(day)
  return new Map(rows.map((row) => [row.day, row.net]))
}
