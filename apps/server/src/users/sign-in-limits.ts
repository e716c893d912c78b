import { eq, sql } from 'drizzle-orm'
import type { LoginType } from '@tp/contracts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import {
  inMemoryCounts,
  type Claim,
  type FailureCounterLimits,
  type FailureCounts,
} from './failure-counter.ts'
import type { Redis } from '../db/redis.ts'
import { SharedFailureCounter } from './shared-failure-counter.ts'

/**
 * Failed sign-ins on one account, from anywhere, after which its sign-in needs the image captcha or
 * a wait of LOGIN_LOCK_MS. Not a hard lock: a stranger's guesses must not keep the owner out, and a
 * captcha per guess makes guessing from many addresses slow and costly.
 */
export const LOGIN_MAX_FAILURES = 10
export const LOGIN_LOCK_MS = 15 * 60 * 1000

/** Failed sign-ins from one address, on any accounts, before that address needs the captcha too. */
export const ADDRESS_MAX_FAILURES = 30
/** An address starts over this long after its first failure, or after the wait once it is hot. */
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000
/** Keys each in-memory counter holds at most (about 100 bytes each). */
const MAX_TRACKED_KEYS = 100_000

/**
 * The other half of the sign-in limits (the per-account count of real accounts is in the database):
 * failures per address, and failures per account name that has no account (counted exactly as a
 * real account's, so that the answers cannot tell the two apart). In this process, or, with Redis,
 * shared by every process, so that no process behind a load balancer is a way round them.
 */
export interface SignInGuard {
  addresses: FailureCounts
  unknownAccounts: FailureCounts
}

const ADDRESS_LIMITS: FailureCounterLimits = {
  maxFailures: ADDRESS_MAX_FAILURES,
  hotMs: ADDRESS_WINDOW_MS,
  decayMs: ADDRESS_WINDOW_MS,
  maxKeys: MAX_TRACKED_KEYS,
}
const UNKNOWN_ACCOUNT_LIMITS: FailureCounterLimits = {
  maxFailures: LOGIN_MAX_FAILURES,
  hotMs: LOGIN_LOCK_MS,
  decayMs: Infinity,
  maxKeys: MAX_TRACKED_KEYS,
}

/** With `redis`, its keys begin with `namespace` (REDIS_PREFIX). */
export function createSignInGuard(redis?: Redis, namespace = 'tp:'): SignInGuard {
  if (redis)
    return {
      addresses: new SharedFailureCounter(redis, `${namespace}signin:address:`, ADDRESS_LIMITS),
      unknownAccounts: new SharedFailureCounter(redis, `${namespace}signin:unknown:`, UNKNOWN_ACCOUNT_LIMITS),
    }
  return {
    addresses: inMemoryCounts(ADDRESS_LIMITS),
    unknownAccounts: inMemoryCounts(UNKNOWN_ACCOUNT_LIMITS),
  }
}

/** How an account name is keyed when it has no account. */
export const unknownAccountKey = (type: LoginType, account: string, areaId: number | undefined) =>
  `${type}|${areaId ?? ''}|${account.toLowerCase()}`

/**
 * Takes one attempt slot on a real account before its password is checked, in one conditional
 * UPDATE: PostgreSQL re-checks the WHERE on the newest row version after waiting for the row lock,
 * so of any number of concurrent attempts at most LOGIN_MAX_FAILURES get a slot. Without `force`
 * (a solved captcha) a hot account gives none. The slot counts as a failure until a right password
 * resets the count (`clearFailures`). Once the wait is over the count starts again at 1.
 */
export async function claimAccountAttempt(
  db: Db,
  user: { id: number; lockedUntil: Date | null },
  now: Date,
  force: boolean,
): Promise<Claim> {
  const nowAt = sql`${now.toISOString()}::timestamptz`
  const hotUntil = sql`${new Date(now.getTime() + LOGIN_LOCK_MS).toISOString()}::timestamptz`
  const waitOver = sql`(${users.lockedUntil} is not null and ${users.lockedUntil} <= ${nowAt})`
  const next = sql`(case when ${waitOver} then 1 else ${users.failedLogins} + 1 end)`
  const claimable = sql`(${users.failedLogins} < ${LOGIN_MAX_FAILURES} or ${waitOver})`
  const [row] = await db
    .update(users)
    .set({
      failedLogins: next,
      lockedUntil: sql`case when ${next} >= ${LOGIN_MAX_FAILURES} then ${hotUntil}
        when ${waitOver} then null else ${users.lockedUntil} end`,
    })
    .where(force ? eq(users.id, user.id) : sql`${users.id} = ${user.id} and ${claimable}`)
    .returning({ failedLogins: users.failedLogins })
  if (!row) {
    const waitMs = user.lockedUntil ? user.lockedUntil.getTime() - now.getTime() : LOGIN_LOCK_MS
    return { ok: false, waitMs }
  }
  return { ok: true, hot: row.failedLogins >= LOGIN_MAX_FAILURES }
}

/** A right password: the account starts over with no failures. */
export async function clearFailures(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId))
}

/** Minutes to show for a wait, at least 1. */
export const waitMinutes = (waitMs: number) => Math.max(1, Math.ceil(waitMs / 60_000))
