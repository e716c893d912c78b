import { Decimal } from 'decimal.js'
import { and, eq, ne } from 'drizzle-orm'
import type { AreaCode, LanguageCode, LoginType, UserInfo } from '@tp/contracts'
import type { DbOrTx, Tx } from '../db/client.ts'
import { accounts, areaCodes, users } from '../db/schema.ts'
import { DIGITS, READABLE_ALPHABET, randomString } from '../security/hashing.ts'

export type UserRow = typeof users.$inferSelect

export async function findArea(db: DbOrTx, areaId: number): Promise<AreaCode | undefined> {
  const [row] = await db.select().from(areaCodes).where(eq(areaCodes.id, areaId))
  return row && { id: row.id, code: row.code, global_code: row.globalCode }
}

/** Where codes for a mobile number go: E.164, e.g. "+85291234567". */
export const mobileDestination = (area: AreaCode, mobile: string) => `${area.global_code}${mobile}`

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email))
  return row
}

/**
 * The user a sign-in names. A mobile number without an area code matches only when exactly one
 * account has that number.
 */
export async function findUserByLogin(
  db: DbOrTx,
  login: { type: LoginType; account: string; areaId?: number | undefined },
): Promise<UserRow | undefined> {
  if (login.type === 'email') return findUserByEmail(db, login.account.toLowerCase())
  const byNumber = eq(users.mobile, login.account)
  const where = login.areaId === undefined ? byNumber : and(byNumber, eq(users.areaId, login.areaId))
  const rows = await db.select().from(users).where(where).limit(2)
  return rows.length === 1 ? rows[0] : undefined
}

/** Attempts to find a free random value for a unique column before giving up (a bug, not bad luck). */
const UNIQUE_VALUE_TRIES = 8

async function freeValue(
  tx: Tx,
  make: () => string,
  taken: (v: string) => Promise<boolean>,
): Promise<string> {
  for (let i = 0; i < UNIQUE_VALUE_TRIES; i++) {
    const value = make()
    if (!(await taken(value))) return value
  }
  throw new Error('could not find a free unique value')
}

/** Inserts a user with a fresh uid, invite code and an empty USD account. */
export async function insertUser(
  tx: Tx,
  fields: Pick<
    typeof users.$inferInsert,
    'email' | 'areaId' | 'mobile' | 'passwordHash' | 'isDemo' | 'demoId' | 'invitedBy' | 'language'
  >,
  now: Date,
): Promise<UserRow> {
  const uid = await freeValue(
    tx,
    () => randomString('123456789', 1) + randomString(DIGITS, 7),
    async (v) => (await tx.select({ id: users.id }).from(users).where(eq(users.uid, v))).length > 0,
  )
  const inviteCode = await freeValue(
    tx,
    () => randomString(READABLE_ALPHABET, 8),
    async (v) => (await tx.select({ id: users.id }).from(users).where(eq(users.inviteCode, v))).length > 0,
  )
  const [user] = await tx
    .insert(users)
    .values({ ...fields, uid, inviteCode, createdAt: now })
    .returning()
  if (!user) throw new Error('user insert returned no row')
  await tx.insert(accounts).values({ userId: user.id })
  return user
}

/**
 * Keeps the language the user reads the app in (the request's `lang`), which their e-mail and push
 * messages are written in (issue 26). Writes only when it changed.
 */
export async function rememberLanguage(db: DbOrTx, userId: number, language: LanguageCode): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), ne(users.language, language)))
}

/** Balances are shown with 2 decimals, rounded down: never show money the user does not have. */
export const displayMoney = (amount: string) => new Decimal(amount).toFixed(2, Decimal.ROUND_DOWN)

export async function userInfo(db: DbOrTx, userId: number): Promise<UserInfo | undefined> {
  const [row] = await db
    .select({ user: users, balance: accounts.balance, frozen: accounts.frozen })
    .from(users)
    .innerJoin(accounts, eq(accounts.userId, users.id))
    .where(eq(users.id, userId))
  if (!row) return undefined
  const { user } = row
  return {
    id: user.id,
    uid: user.uid,
    email: user.email,
    mobile: user.mobile,
    area_id: user.areaId,
    is_demo: user.isDemo ? 1 : 0,
    invite_code: user.inviteCode,
    // The frozen balance (held for withdrawals) is apart from the balance, not part of it.
    balance: displayMoney(row.balance),
    lock_balance: displayMoney(row.frozen),
    created_at: user.createdAt.toISOString(),
  }
}
