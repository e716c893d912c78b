import { RANK_WINDOW_DAYS, type RankDetail, type RankEntry, type RankListAnswer } from '@tp/contracts'
import type { DbOrTx } from '../db/client.ts'
import { accept, refuse, type Clock, type Outcome } from '../outcome/outcome.ts'
import {
  dailyNetProfit,
  followingOf,
  rankedTraders,
  shownTrader,
  tradingDays,
  type RankWindow,
  type TraderRow,
} from './rank-queries.ts'
import { dailyReturns, maxDrawdown, riskScore } from './risk-figures.ts'
import {
  figuresByInstrument,
  profitCurve,
  rankOrder,
  traderFigures,
  windowDates,
  type TradeBucket,
} from './statistics.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/**
 * How long a computed ranking is served before it is computed again: the list is public and the
 * same for everyone, and figures of three weeks do not need to be fresher than this.
 */
export const RANK_CACHE_MS = 30_000

/** The three weeks that end at `now`. */
export const rankWindow = (now: Date): RankWindow => ({
  from: new Date(now.getTime() - RANK_WINDOW_DAYS * DAY_MS),
  to: now,
})

const NO_FOLLOWERS = { followers: 0, allocated: '0.00' }

function entryOf(
  trader: TraderRow,
  buckets: readonly TradeBucket[],
  following = NO_FOLLOWERS,
): RankEntry & { recentTrades: number } {
  return {
    id: trader.uid,
    user: trader.nickname,
    is_demo: trader.isDemo ? 1 : 0,
    ...traderFigures(buckets),
    ...following,
    copy_open: trader.copyOpen ? 1 : 0,
    profit_share: trader.profitShare,
  }
}

const publicEntry = ({ recentTrades: _, ...entry }: RankEntry & { recentTrades: number }): RankEntry => entry

/** The whole ranking, best first: shown traders with at least one closed trade in the window. */
export async function computeRanking(db: DbOrTx, now: Date): Promise<RankEntry[]> {
  const traders = await rankedTraders(db, rankWindow(now))
  const following = await followingOf(
    db,
    traders.map(({ trader }) => trader.userId),
  )
  return traders
    .map(({ trader, buckets }) => entryOf(trader, buckets, following.get(trader.userId)))
    .filter((entry) => entry.recentTrades > 0)
    .map(publicEntry)
    .sort(rankOrder)
}

/** The ranking, computed at most once per RANK_CACHE_MS (by the app clock); `forget` after a change. */
export class RankingCache {
  private entries: Promise<RankEntry[]> | undefined
  private computedAtMs = 0

  constructor(
    private readonly db: DbOrTx,
    private readonly clock: Clock,
  ) {}

  async page(page: number, limit: number): Promise<RankListAnswer> {
    const entries = await this.current()
    const offset = (page - 1) * limit
    return { data: entries.slice(offset, offset + limit), total: entries.length }
  }

  forget(): void {
    this.entries = undefined
  }

  private current(): Promise<RankEntry[]> {
    const now = this.clock()
    const age = now.getTime() - this.computedAtMs
    if (this.entries === undefined || age < 0 || age >= RANK_CACHE_MS) {
      this.computedAtMs = now.getTime()
      const computing = computeRanking(this.db, now)
      // A failed computation is not kept: the next call tries again.
      computing.catch(() => {
        if (this.entries === computing) this.entries = undefined
      })
      this.entries = computing
    }
    return this.entries
  }
}

/** A shown trader's profile: the entry, the profit curve over the window and trades by instrument. */
export async function traderDetail(db: DbOrTx, now: Date, uid: string): Promise<Outcome<RankDetail>> {
  const window = rankWindow(now)
  const found = await shownTrader(db, window, uid)
  if (!found) return refuse('trader_not_found')
  const dates = windowDates(now.getTime(), RANK_WINDOW_DAYS)
  const dailyNet = await dailyNetProfit(db, found.trader.userId, window)
  const following = (await followingOf(db, [found.trader.userId])).get(found.trader.userId)
  const returns = dailyReturns(await tradingDays(db, found.trader.userId, window, dates))
  return accept({
    ...publicEntry(entryOf(found.trader, found.buckets, following)),
    equity: profitCurve(dates, dailyNet),
    by_instrument: figuresByInstrument(found.buckets),
    max_drawdown: maxDrawdown(returns),
    risk_score: riskScore(returns),
  })
}
