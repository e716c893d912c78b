import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm'
import { LedgerType, OrderStatus } from '@tp/contracts'
import type { DbOrTx } from '../db/client.ts'
import { copyLeaders, follows, instruments, ledger, orders, users } from '../db/schema.ts'
import type { TradingDay } from './risk-figures.ts'
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
  /** Open to new followers (house traders always are), and the profit share a new follow takes. */
  copyOpen: boolean
  profitShare: number
}

/** A trader's columns, with its copy-trading terms (decision 053). */
const traderColumns = {
  userId: users.id,
  uid: users.uid,
  nickname: users.nickname,
  isDemo: users.isDemo,
  isHouse: users.isHouse,
  open: copyLeaders.open,
  share: copyLeaders.profitSharePercent,
}

function traderRow(row: {
  userId: number
  uid: string
  nickname: string | null
  isDemo: boolean
  isHouse: boolean
  open: boolean | null
  share: number | null
}): TraderRow {
  return {
    userId: row.userId,
    uid: row.uid,
    nickname: row.nickname ?? '',
    isDemo: row.isDemo,
    copyOpen: row.isHouse || row.open === true,
    profitShare: row.isHouse ? 0 : (row.share ?? 0),
  }
}

/** A trader's own trades: its copies of another's are that other's record, not its own (decision 053). */
const ownTrades = eq(orders.copyOf, 0)

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
    .where(and(eq(orders.status, OrderStatus.Closed), ownTrades, who))
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
        ownTrades,
        gte(orders.closedAt, window.from),
        lte(orders.closedAt, window.to),
        shown,
      ),
    )
  const traders = await db
    .select(traderColumns)
    .from(users)
    .leftJoin(copyLeaders, eq(copyLeaders.userId, users.id))
    .where(inArray(users.id, active))
  if (traders.length === 0) return []
  const buckets = await bucketsOf(db, window, inArray(orders.userId, active))
  return traders.map((t) => ({ trader: traderRow(t), buckets: buckets.get(t.userId) ?? [] }))
}

/** A shown trader by uid, with their buckets; undefined when there is none (or they are hidden). */
export async function shownTrader(db: DbOrTx, window: RankWindow, uid: string) {
  const [trader] = await db
    .select(traderColumns)
    .from(users)
    .leftJoin(copyLeaders, eq(copyLeaders.userId, users.id))
    .where(and(eq(users.uid, uid), shown))
  if (!trader) return undefined
  const buckets = await bucketsOf(db, window, eq(orders.userId, trader.userId))
  return { trader: traderRow(trader), buckets: buckets.get(trader.userId) ?? [] }
}

/** Running followers of each of `userIds`, and what they allocated together (USD text). */
export async function followingOf(db: DbOrTx, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, { followers: number; allocated: string }>()
  const rows = await db
    .select({
      leaderId: follows.leaderId,
      followers: count(),
      allocated: sql<string>`coalesce(sum(${follows.allocation}), 0)::text`,
    })
    .from(follows)
    .where(and(inArray(follows.leaderId, [...userIds]), isNull(follows.endedAt)))
    .groupBy(follows.leaderId)
  return new Map(
    rows.map((r) => [
      r.leaderId,
      { followers: Number(r.followers), allocated: Number(r.allocated).toFixed(2) },
    ]),
  )
}

/** The ledger rows a day's trading return counts: what trading booked, never money moved in or out. */
const TRADING_ROWS = [
  LedgerType.TRADE_FEE,
  LedgerType.TRADE_PROFIT,
  LedgerType.SWAP,
  LedgerType.WRITE_OFF,
  LedgerType.PROFIT_SHARE,
]

/**
 * Each date of `dates` (UTC, oldest first) as a trading day of `userId`: its trading result and the
 * balance it began with, from the ledger (the balance before the window, then each day's rows).
 * Only returns come out of it (risk-figures.ts): the balance is never shown.
 */
export async function tradingDays(
  db: DbOrTx,
  userId: number,
  window: RankWindow,
  dates: readonly string[],
): Promise<TradingDay[]> {
  const [before] = await db
    .select({ balance: ledger.balanceAfter })
    .from(ledger)
    .where(and(eq(ledger.userId, userId), lt(ledger.createdAt, window.from)))
    .orderBy(desc(ledger.id))
    .limit(1)
  const day = sql<string>`to_char(${ledger.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`
  const rows = await db
    .select({
      day,
      all: sql<string>`sum(${ledger.amount})::text`,
      trading: sql<string>`coalesce(sum(${ledger.amount}) filter (where ${inArray(ledger.type, TRADING_ROWS)}), 0)::text`,
    })
    .from(ledger)
    .where(
      and(eq(ledger.userId, userId), gte(ledger.createdAt, window.from), lte(ledger.createdAt, window.to)),
    )
    .groupBy(day)
  const byDay = new Map(rows.map((r) => [r.day, r]))
  let balance = Number(before?.balance ?? 0)
  return dates.map((date) => {
    const row = byDay.get(date)
    const startBalance = balance
    balance += Number(row?.all ?? 0)
    return { result: Number(row?.trading ?? 0), startBalance }
  })
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
        ownTrades,
        gte(orders.closedAt, window.from),
        lte(orders.closedAt, window.to),
      ),
    )
    .groupBy(day)
  return new Map(rows.map((row) => [row.day, row.net]))
}
