import { Decimal } from 'decimal.js'
import { and, count, desc, eq, getTableColumns, gt, ilike, inArray, isNull, or, sql } from 'drizzle-orm'
import {
  IdentityCheckStatus,
  OrderStatus,
  REFERRALS_SHOWN,
  ReviewStatus,
  type AdminAccountFigures,
  type AdminLedgerRow,
  type AdminUserDetail,
  type AdminUserItem,
  type LedgerTypeValue,
  type RecordPage,
  type ReviewStatusValue,
} from '@tp/contracts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { accounts, identityChecks, sessions, users } from '../../db/schema.ts'
import type { MarketData } from '../../market/market-data.ts'
import { factorMethods } from '../../users/second-factor/methods.ts'
import type { TradingReads } from '../../trading/trading-reads.ts'
import type { TradingEngine } from '@tp/engine'
import { ledgerPage } from '../../trading/ledger.ts'
import { asStored } from '../../trading/stored-orders.ts'
import { markText, transOrder, wireTime } from '../../trading/order-view.ts'

/** `%`, `_` and the escape character itself stand for themselves in a search (PostgreSQL's default escape). */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

const inviterUid = sql<
  string | null
>`(select inviter.uid from ${users} as inviter where inviter.id = ${users.invitedBy})`

const invitedCount = sql<number>`(select count(*)::int from ${users} as invited where invited.invited_by = ${users.id})`

const userColumns = {
  user: getTableColumns(users),
  balance: accounts.balance,
  frozen: accounts.frozen,
  inviterUid,
  invitedCount,
}

type UserRow = {
  user: typeof users.$inferSelect
  balance: string | null
  frozen: string | null
  inviterUid: string | null
  invitedCount: number
}

function userQuery(db: Db) {
  return db.select(userColumns).from(users).leftJoin(accounts, eq(accounts.userId, users.id)).$dynamic()
}

/** A rejected check reads as not submitted, as the user center shows it. */
const REVIEW_STATUS_OF: Record<number, ReviewStatusValue> = {
  [IdentityCheckStatus.Waiting]: ReviewStatus.Waiting,
  [IdentityCheckStatus.Approved]: ReviewStatus.Finished,
  [IdentityCheckStatus.Rejected]: ReviewStatus.NotSubmitted,
}

/** The review status of each user's latest identity check. */
async function identityStatuses(db: DbOrTx, userIds: number[]): Promise<Map<number, ReviewStatusValue>> {
  const statuses = new Map<number, ReviewStatusValue>()
  if (userIds.length === 0) return statuses
  const rows = await db
    .select({ userId: identityChecks.userId, status: identityChecks.status })
    .from(identityChecks)
    .where(inArray(identityChecks.userId, userIds))
    .orderBy(desc(identityChecks.id))
  for (const row of rows)
    if (!statuses.has(row.userId))
      statuses.set(row.userId, REVIEW_STATUS_OF[row.status] ?? ReviewStatus.NotSubmitted)
  return statuses
}

function toItem(row: UserRow, identity: ReviewStatusValue): AdminUserItem {
  const { user } = row
  return {
    id: user.id,
    uid: user.uid,
    email: user.email,
    mobile: user.mobile,
    nickname: user.nickname,
    is_demo: user.isDemo ? 1 : 0,
    client_group: user.clientGroup,
    balance: new Decimal(row.balance ?? '0').toFixed(6),
    frozen: new Decimal(row.frozen ?? '0').toFixed(6),
    identity_status: identity,
    invited_by_uid: row.inviterUid,
    invited_count: Number(row.invitedCount),
    disabled: user.disabledAt !== null,
    disabled_at: wireTime(user.disabledAt?.getTime() ?? 0),
    created_at: wireTime(user.createdAt.getTime()),
  }
}

/** Users whose uid, e-mail, mobile or nickname contains `q` (any case), newest first. */
export async function searchUsers(
  db: Db,
  q: string,
  offset: number,
  limit: number,
): Promise<RecordPage<AdminUserItem>> {
  const pattern = likeContains(q)
  const where =
    q === ''
      ? undefined
      : or(
          ilike(users.uid, pattern),
          ilike(users.email, pattern),
          ilike(users.mobile, pattern),
          ilike(users.nickname, pattern),
        )
  const rows = await userQuery(db).where(where).orderBy(desc(users.id)).offset(offset).limit(limit)
  const [total] = await db.select({ n: count() }).from(users).where(where)
  const statuses = await identityStatuses(
    db,
    rows.map((r) => r.user.id),
  )
  return {
    data: rows.map((r) => toItem(r, statuses.get(r.user.id) ?? ReviewStatus.NotSubmitted)),
    total: total?.n ?? 0,
  }
}

/** A session opened within this long counts as recent. */
const RECENT_SESSIONS_MS = 30 * 24 * 60 * 60 * 1000

/**
 * One user's profile: what the list shows, the users it invited, its live orders with the engine's
 * marks (not the database's, which holds them as last committed), its account figures and sessions.
 */
export async function userDetail(
  db: Db,
  reads: TradingReads,
  market: MarketData,
  userId: number,
  now: Date,
): Promise<AdminUserDetail | undefined> {
  const [row] = await userQuery(db).where(eq(users.id, userId))
  if (!row) return undefined
  const statuses = await identityStatuses(db, [userId])
  const referrals = await db
    .select({ uid: users.uid })
    .from(users)
    .where(eq(users.invitedBy, userId))
    .orderBy(desc(users.id))
    .limit(REFERRALS_SHOWN)
  const [live] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
  const [recent] = await db
    .select({ n: count(), last: sql<Date | string | null>`max(${sessions.createdAt})` })
    .from(sessions)
    .where(
      and(eq(sessions.userId, userId), gt(sessions.createdAt, new Date(now.getTime() - RECENT_SESSIONS_MS))),
    )
  const engine = await reads.ofUser(userId)
  const nowMs = now.getTime()
  const orders = engine.ordersOf(userId).reverse()
  const view = (status: number) =>
    orders.filter((o) => o.status === status).map((o) => transOrder(asStored(o), engine, market, nowMs))
  const last = recent?.last ? new Date(recent.last) : undefined
  return {
    ...toItem(row, statuses.get(userId) ?? ReviewStatus.NotSubmitted),
    referrals: referrals.map((r) => r.uid),
    positions: view(OrderStatus.Holding),
    pending_orders: view(OrderStatus.Pending),
    account: accountFigures(engine, userId, row.balance ?? '0', row.frozen ?? '0'),
    live_sessions: live?.n ?? 0,
    recent_sessions: recent?.n ?? 0,
    last_sign_in_at: wireTime(last?.getTime() ?? 0),
    second_factor: (await factorMethods(db, userId)).filter((method) => method !== 'recovery'),
  }
}

/**
 * The account's marks from the engine; an account the engine has not loaded (no command since the
 * start) holds no live orders, so its equity is its stored balance.
 */
function accountFigures(
  engine: TradingEngine,
  userId: number,
  balance: string,
  frozen: string,
): AdminAccountFigures {
  const view = engine.accountView(userId)
  const booked = view?.balance ?? Number(balance)
  const profit = view?.profit ?? 0
  const margin = view?.usedMargin ?? 0
  const equity = booked + profit
  return {
    balance: new Decimal(balance).toFixed(6),
    frozen: new Decimal(frozen).toFixed(6),
    equity: markText(equity),
    margin: markText(margin),
    free_margin: markText(equity - margin),
    margin_level: margin > 0 ? Math.round((equity / margin) * 10_000) / 100 : null,
    profit: markText(profit),
  }
}

/** A user's ledger, newest first, every type, with the memo and reference of each row. */
export async function userLedger(
  db: DbOrTx,
  userId: number,
  offset: number,
  limit: number,
): Promise<RecordPage<AdminLedgerRow> | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
  if (!user) return undefined
  const { rows, total } = await ledgerPage(db, userId, offset, limit)
  return {
    data: rows.map((r) => ({
      id: r.id,
      type: r.type as LedgerTypeValue,
      amount: new Decimal(r.amount).toFixed(6),
      balance_after: new Decimal(r.balanceAfter).toFixed(6),
      frozen_amount: new Decimal(r.frozenAmount).toFixed(6),
      frozen_after: new Decimal(r.frozenAfter).toFixed(6),
      memo: r.memo,
      ref: r.ref,
      created_at: wireTime(r.createdAt.getTime()),
    })),
    total,
  }
}
