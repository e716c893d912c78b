/** Copy trading as the dealing desk reads it (issue 29, decision 053): leaders, follows, profit share. */
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { LedgerType, type AdminCopyTrading, type AdminFollow } from '@tp/contracts'
import type { DbOrTx } from '../../db/client.ts'
import { followingOf } from '../../rank/rank-queries.ts'
import { wireTime } from '../../trading/order-view.ts'
import { copyLeaders, follows, ledger, users } from '../../db/schema.ts'

/** Follows listed: the running ones first, then the latest that ended. */
const FOLLOWS_SHOWN = 100
const at = (time: Date | null) => wireTime(time?.getTime() ?? 0)

export async function copyTradingView(db: DbOrTx): Promise<AdminCopyTrading> {
  const leader = alias(users, 'leader')
  const follower = alias(users, 'follower')
  const followRows = (ended: boolean, limit: number) =>
    db
      .select({
        f: follows,
        leaderUid: leader.uid,
        leaderNick: leader.nickname,
        who: follower.email,
        fuid: follower.uid,
      })
      .from(follows)
      .innerJoin(leader, eq(leader.id, follows.leaderId))
      .innerJoin(follower, eq(follower.id, follows.followerId))
      .where(ended ? isNotNull(follows.endedAt) : isNull(follows.endedAt))
      .orderBy(ended ? desc(follows.endedAt) : desc(follows.id))
      .limit(limit)
  const running = await followRows(false, FOLLOWS_SHOWN)
  const ended = await followRows(true, Math.max(0, FOLLOWS_SHOWN - running.length))
  const earned = db
    .select({ userId: ledger.userId, total: sql<string>`sum(${ledger.amount})`.as('total') })
    .from(ledger)
    .where(and(eq(ledger.type, LedgerType.PROFIT_SHARE), sql`${ledger.amount} > 0`))
    .groupBy(ledger.userId)
    .as('earned')
  const leaders = await db
    .select({
      userId: users.id,
      uid: users.uid,
      nickname: users.nickname,
      isDemo: users.isDemo,
      open: copyLeaders.open,
      share: copyLeaders.profitSharePercent,
      earned: sql<string>`coalesce(${earned.total}, 0)::text`,
    })
    .from(copyLeaders)
    .innerJoin(users, eq(users.id, copyLeaders.userId))
    .leftJoin(earned, eq(earned.userId, users.id))
    .orderBy(desc(copyLeaders.updatedAt))
    .limit(200)
  const following = await followingOf(
    db,
    leaders.map((l) => l.userId),
  )
  const [totals] = await db
    .select({
      running: count(),
      allocated: sql<string>`coalesce(sum(${follows.allocation}), 0)::text`,
    })
    .from(follows)
    .where(isNull(follows.endedAt))
  const [paid] = await db
    .select({ total: sql<string>`coalesce(sum(${follows.sharePaid}), 0)::text` })
    .from(follows)
  return {
    running: Number(totals?.running ?? 0),
    allocated: Number(totals?.allocated ?? 0).toFixed(2),
    share_paid: Number(paid?.total ?? 0).toFixed(2),
    leaders: leaders.map((l) => ({
      user_id: l.userId,
      uid: l.uid,
      nickname: l.nickname ?? '',
      is_demo: l.isDemo ? 1 : 0,
      open: l.open ? 1 : 0,
      profit_share: l.share,
      ...(following.get(l.userId) ?? { followers: 0, allocated: '0.00' }),
      share_earned: Number(l.earned).toFixed(2),
    })),
    follows: [...running, ...ended].map(({ f, leaderUid, leaderNick, who, fuid }): AdminFollow => ({
      id: f.id,
      leader: leaderNick ?? leaderUid,
      follower_id: f.followerId,
      follower: who ?? fuid,
      amount: Number(f.allocation).toFixed(2),
      realized: Number(f.realized).toFixed(2),
      profit_share: f.profitSharePercent,
      share_paid: Number(f.sharePaid).toFixed(2),
      paused: f.paused ? 1 : 0,
      stop_loss: f.copyStopLossPercent,
      started_at: at(f.startedAt),
      ended_at: at(f.endedAt),
      end_reason: f.endReason,
    })),
  }
}
