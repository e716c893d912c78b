import { eq } from 'drizzle-orm'
import type { RankSettings } from '@tp/contracts'
import type { DbOrTx } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { isUniqueViolation } from '../db/pg-errors.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'

export async function rankSettings(db: DbOrTx, userId: number): Promise<RankSettings> {
  const [row] = await db
    .select({ visible: users.rankVisible, nickname: users.nickname })
    .from(users)
    .where(eq(users.id, userId))
  return { rank_visible: row?.visible ? 1 : 0, nickname: row?.nickname ?? '' }
}

/**
 * Nicknames that start with "House" belong to the house demo traders (house-traders.ts): nobody may
 * pass for one, even before the house traders first run (names arrive NFKC-normalised, so a
 * full-width "Ｈｏｕｓｅ" is "House" here too).
 */
export const isHouseName = (nickname: string) => /^house/i.test(nickname.trim())

/**
 * Saves whether the user is shown in the ranking, and a new nickname if one is given. Showing needs
 * a nickname (the ranking names traders by nickname only). Nicknames are unique whatever their case:
 * the unique index settles two users claiming one at the same moment, and the loser hears
 * `nickname_taken`.
 */
export async function saveRankSettings(
  db: DbOrTx,
  userId: number,
  input: { rank_visible: 0 | 1; nickname?: string | undefined },
): Promise<Outcome<RankSettings>> {
  const current = await rankSettings(db, userId)
  const nickname = input.nickname ?? current.nickname
  if (input.rank_visible === 1 && nickname === '') return refuse('invalid_input', { field: 'nickname' })
  if (input.nickname && isHouseName(input.nickname)) return refuse('nickname_taken')
  try {
    await db
      .update(users)
      .set({ rankVisible: input.rank_visible === 1, ...(input.nickname ? { nickname: input.nickname } : {}) })
      .where(eq(users.id, userId))
  } catch (error) {
    if (isUniqueViolation(error)) return refuse('nickname_taken')
    throw error
  }
  return accept({ rank_visible: input.rank_visible, nickname })
}
