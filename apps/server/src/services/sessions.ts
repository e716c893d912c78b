import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { sessions } from '../db/schema.ts'
import { newToken, sha256 } from '../security/hashing.ts'

/** A sign-in lasts 30 days; signing out or changing the password ends it sooner. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000

export async function openSession(db: DbOrTx, userId: number, now: Date): Promise<string> {
  const token = newToken()
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  })
  return token
}

/** The token as clients send it: bare (as issued) or as `Bearer <token>`. */
export function tokenFromHeader(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined
  const token = header.startsWith('Bearer ') ? header.slice(7) : header
  return token.length > 0 && token.length <= 200 ? token : undefined
}

export interface SessionRef {
  sessionId: number
  userId: number
}

/**
 * Live sessions seen lately, by token hash: every signed-in call checks its token, and most of them
 * would otherwise cost a query. Revocations in this process evict at once (whatever transaction they
 * run in); an entry is trusted for at most CACHE_TTL_MS, the bound on a revocation made by another
 * process. Tokens are random, so one cache serves any number of databases (tests open many).
 */
const CACHE_TTL_MS = 30_000
const CACHE_MAX_ENTRIES = 50_000
interface Cached {
  ref: SessionRef
  expiresAtMs: number
  cachedAtMs: number
}
const cache = new Map<string, Cached>()

export async function findSession(db: DbOrTx, token: string, now: Date): Promise<SessionRef | undefined> {
  const hash = sha256(token)
  const hit = cache.get(hash)
  const nowMs = now.getTime()
  if (hit && nowMs < hit.expiresAtMs && nowMs - hit.cachedAtMs < CACHE_TTL_MS) return hit.ref
  if (hit) cache.delete(hash)
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
  if (!row) return undefined
  const ref = { sessionId: row.sessionId, userId: row.userId }
  if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string)
  cache.set(hash, { ref, expiresAtMs: row.expiresAt.getTime(), cachedAtMs: nowMs })
  return ref
}

/** Forgets cached sessions that match (before a revocation is written). */
function evict(matches: (ref: SessionRef) => boolean) {
  for (const [hash, entry] of cache) if (matches(entry.ref)) cache.delete(hash)
}

export async function revokeSession(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  evict((ref) => ref.sessionId === sessionId)
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId))
}

/** Ends every session of a user but `keepSessionId` (after a password change). */
export async function revokeOtherSessions(db: DbOrTx, userId: number, now: Date, keepSessionId?: number) {
  const others = keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId)
  evict((ref) => ref.userId === userId && ref.sessionId !== keepSessionId)
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), others))
}
