/** Leaders of copy trading (issue 29, decision 053): who may be followed, on what terms, by whom. */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { LeaderSettings } from '@tp/contracts'
import type { DbOrTx } from '../db/client.ts'
import { copyLeaders, identityChecks, users } from '../db/schema.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { followingOf } from '../rank/rank-queries.ts'
import { copySettings } from './copy-settings.ts'

/** A leader a follower asked for (by uid), as the follow call needs it. */
export interface Leader {
  userId: number
  isDemo: boolean
  profitSharePercent: number
}

/**
 * The leader `uid` names, if `followerId` may follow it now: shown in the ranking, open to
 * followers (house traders always are, with no share), not disabled, and not the follower itself
 * or another account of the same person (the same identity document).
 */
export async function followableLeader(
  db: DbOrTx,
  followerId: number,
  uid: string,
): Promise<Outcome<Leader>> {
  const [row] = await db
    .select({
      userId: users.id,
      isDemo: users.isDemo,
      isHouse: users.isHouse,
      disabledAt: users.disabledAt,
      shown: sql<boolean>`${users.rankVisible} and ${users.nickname} is not null`,
      open: copyLeaders.open,
      share: copyLeaders.profitSharePercent,
    })
    .from(users)
    .leftJoin(copyLeaders, eq(copyLeaders.userId, users.id))
    .where(eq(users.uid, uid))
  if (!row || !row.shown || row.disabledAt !== null) return refuse('trader_not_found')
  if (row.userId === followerId || (await sameOwner(db, followerId, row.userId))) return refuse('follow_self')
  if (!row.isHouse && row.open !== true) return refuse('leader_unavailable')
  return accept({
    userId: row.userId,
    isDemo: row.isDemo,
    profitSharePercent: row.isHouse ? 0 : (row.share ?? 0),
  })
}

/** Whether two accounts belong to one person: an identity document both submitted (waiting or approved). */
async function sameOwner(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ userId: identityChecks.userId, cardId: identityChecks.cardId })
    .from(identityChecks)
    .where(and(inArray(identityChecks.userId, [a, b]), inArray(identityChecks.status, [1, 2])))
  const cards = (userId: number) =>
    new Set(rows.filter((r) => r.userId === userId).map((r) => r.cardId.trim().toUpperCase()))
  const theirs = cards(b)
  return [...cards(a)].some((card) => theirs.has(card))
}

/** My settings as a leader, with how many follow me now and what they allocated. */
export async function leaderSettings(db: DbOrTx, userId: number): Promise<LeaderSettings> {
  const [row] = await db.select().from(copyLeaders).where(eq(copyLeaders.userId, userId))
  const followed = (await followingOf(db, [userId])).get(userId)
  return {
    open: row?.open ? 1 : 0,
    profit_share: row?.profitSharePercent ?? 0,
    max_profit_share: (await copySettings(db)).maxProfitSharePercent,
    followers: followed?.followers ?? 0,
    allocated: followed?.allocated ?? '0.00',
  }
}

/**
 * Opens my trades to followers (or closes them to new ones: running follows go on) and sets my
 * profit share, within the house's most. A practice account shares no profit. A new share applies
 * to follows started after it; a running follow keeps the share it started with.
 */
export async function saveLeaderSettings(
  db: DbOrTx,
  userId: number,
  input: { open: 0 | 1; profit_share: number },
): Promise<Outcome<LeaderSettings>> {
  const [user] = await db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, userId))
  const max = (await copySettings(db)).maxProfitSharePercent
  if (input.profit_share > max) return refuse('invalid_input', { field: 'profit_share' })
  if (user?.isDemo && input.profit_share > 0) return refuse('demo_forbidden')
  const values = { open: input.open === 1, profitSharePercent: input.profit_share, updatedAt: new Date() }
  await db
    .insert(copyLeaders)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: copyLeaders.userId, set: values })
  return accept(await leaderSettings(db, userId))
}
