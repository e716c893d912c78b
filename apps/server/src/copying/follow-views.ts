/** What a follower reads of its follows (issue 29): as stored, with the open copies marked now. */
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm'
import type { CopySkipView, FollowList, FollowView, LanguageCode } from '@tp/contracts'
import { followValue, openCopyResult, type TradingEngine } from '@tp/engine'
import type { DbOrTx } from '../db/client.ts'
import { copySkips, follows, instruments, users } from '../db/schema.ts'
import { translate } from '../i18n/translate.ts'
import { wireTime } from '../trading/order-view.ts'
import { followFromRow } from '../trading/live-state.ts'

/** Follows that ended, shown after the running ones. */
const ENDED_SHOWN = 20

/**
 * A follower's follows: every running one, then the latest that ended. The open copies' result is
 * marked on `engine` (which holds the follower's account as last committed, decision 049).
 */
export async function followList(db: DbOrTx, engine: TradingEngine, followerId: number): Promise<FollowList> {
  const select = () =>
    db
      .select({ follow: follows, uid: users.uid, nickname: users.nickname })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.leaderId))
  const running = await select()
    .where(and(eq(follows.followerId, followerId), isNull(follows.endedAt)))
    .orderBy(desc(follows.id))
  const ended = await select()
    .where(and(eq(follows.followerId, followerId), isNotNull(follows.endedAt)))
    .orderBy(desc(follows.endedAt))
    .limit(ENDED_SHOWN)
  const copies = engine.ordersOf(followerId).filter((o) => o.followId !== 0)
  return {
    data: [...running, ...ended].map(({ follow: row, uid, nickname }): FollowView => {
      const f = followFromRow(row)
      const mine = row.endedAt === null ? copies.filter((o) => o.followId === f.id) : []
      const open = mine.reduce((sum, o) => sum + openCopyResult(engine.markOf(o).profit, o), 0)
      return {
        id: f.id,
        leader: { id: uid, user: nickname ?? '' },
        amount: f.allocation.toFixed(2),
        stop_loss: f.copyStopLossPercent,
        profit_share: f.profitSharePercent,
        paused: f.paused ? 1 : 0,
        realized: f.realized.toFixed(2),
        open_profit: open.toFixed(2),
        value: followValue(f, { open, margin: 0, copies: mine.length }).toFixed(2),
        copies: mine.length,
        share_paid: f.sharePaid.toFixed(2),
        started_at: wireTime(f.startedAtMs),
        ended_at: wireTime(f.endedAtMs),
        end_reason: f.endReason,
      }
    }),
  }
}

/** A follow's skipped copies, newest first, with the reason in the reader's language; only its follower's. */
export async function skipPage(
  db: DbOrTx,
  followerId: number,
  followId: number,
  page: number,
  limit: number,
  lang: LanguageCode,
): Promise<{ data: CopySkipView[]; total: number }> {
  const where = and(eq(copySkips.followId, followId), eq(copySkips.followerId, followerId))
  const rows = await db
    .select({ skip: copySkips, code: instruments.code })
    .from(copySkips)
    .innerJoin(instruments, eq(instruments.id, copySkips.instrumentId))
    .where(where)
    .orderBy(desc(copySkips.id))
    .offset((page - 1) * limit)
    .limit(limit)
  const [total] = await db.select({ n: count() }).from(copySkips).where(where)
  return {
    data: rows.map(({ skip, code }) => ({
      leader_order_id: skip.leaderOrderId,
      code,
      reason: translate(lang, `reason.${skip.reason}`),
      created_at: wireTime(skip.createdAt.getTime()),
    })),
    total: Number(total?.n ?? 0),
  }
}
