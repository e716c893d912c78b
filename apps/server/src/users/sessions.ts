import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { sessions, users } from '../db/schema.ts'
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
/** Evictions so far: a read that saw one land while it ran does not cache what it read. */
let evictions = 0

export async function findSession(db: DbOrTx, token: string, now: Date): Promise<SessionRef | undefined> {
  const hash = sha256(token)
  const hit = cache.get(hash)
  const nowMs = now.getTime()
  if (hit && nowMs < hit.expiresAtMs && nowMs - hit.cachedAtMs < CACHE_TTL_MS) return hit.ref
  if (hit) cache.delete(hash)
  const evictionsBefore = evictions
  // A disabled account's sessions are dead even if one was opened while staff disabled it.
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(users.disabledAt),
      ),
    )
  if (!row) return undefined
  const ref = { sessionId: row.sessionId, userId: row.userId }
  // A revocation evicted while this read ran: the row may predate its commit, so it is not kept
  // (a caller that must not act on it checks SessionRevocations.mayHaveEndedSince).
  if (evictions !== evictionsBefore) return ref
  if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string)
  cache.set(hash, { ref, expiresAtMs: row.expiresAt.getTime(), cachedAtMs: nowMs })
  return ref
}

/** Forgets cached sessions that match (before a revocation is written). */
function evict(matches: (ref: SessionRef) => boolean) {
  evictions++
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

/**
 * Which sessions a revocation ended: `sessionId` alone, or every session of `userId` but
 * `keepSessionId` (a password change keeps the session that made it).
 */
export interface Revocation {
  userId: number
  sessionId?: number
  keepSessionId?: number
}

export const revokes = (revocation: Revocation, ref: SessionRef): boolean =>
  ref.userId === revocation.userId &&
  (revocation.sessionId === undefined || ref.sessionId === revocation.sessionId) &&
  ref.sessionId !== revocation.keepSessionId

export type RevocationListener = (revocation: Revocation) => void

/**
 * Tells this process that sessions ended, so that whatever still holds them (signed-in sockets)
 * lets go at once rather than at its next check. Publish after the revocation is committed: the
 * cache entry is dropped again then, since a sign-in check running between the first eviction and
 * the commit may have cached the session anew. With several processes, the peer bus
 * (realtime/peer-bus.ts) passes each one's revocations to the others (`receive`); one it could not
 * pass is still caught by the holders' own periodic checks (`liveSessionIds`) and the cache's bound.
 */
export class SessionRevocations {
  private readonly listeners = new Set<RevocationListener>()
  private readonly forwarders = new Set<RevocationListener>()
  /** The latest revocations, oldest first, at most RECENT_REVOCATIONS_KEPT. */
  private readonly recent: Revocation[] = []
  /** How many revocations were published: a sign-in check notes it before it reads. */
  version = 0

  /** Calls `listener` on every revocation from now on; the returned function stops it. */
  listen(listener: RevocationListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Sessions ended by this process: told here, and to the other processes through the forwarders. */
  publish(revocation: Revocation): void {
    this.apply(revocation)
    for (const forward of this.forwarders) forward(revocation)
  }

  /** Sessions another process ended. */
  receive(revocation: Revocation): void {
    this.apply(revocation)
  }

  /** Calls `forward` with every revocation this process publishes; the returned function stops it. */
  forwardTo(forward: RevocationListener): () => void {
    this.forwarders.add(forward)
    return () => this.forwarders.delete(forward)
  }

  private apply(revocation: Revocation): void {
    evict((ref) => revokes(revocation, ref))
    this.version++
    this.recent.push(revocation)
    if (this.recent.length > RECENT_REVOCATIONS_KEPT) this.recent.shift()
    for (const listener of this.listeners) listener(revocation)
  }

  /**
   * Whether a revocation published since `version` may have ended `ref`: a read that began before
   * it may have seen the session still live. True also when too many came since to tell.
   */
  mayHaveEndedSince(version: number, ref: SessionRef): boolean {
    const since = this.version - version
    if (since === 0) return false
    if (since > this.recent.length) return true
    return this.recent.slice(-since).some((revocation) => revokes(revocation, ref))
  }
}

/** Revocations remembered for `mayHaveEndedSince`: far more than land during one session read. */
const RECENT_REVOCATIONS_KEPT = 1024

/** Session ids per query of `liveSessionIds`: one statement stays small whatever the socket count. */
const LIVE_CHECK_BATCH = 1000

/**
 * Which of `sessionIds` are still live (not revoked, not expired, of an account not disabled), read
 * from the database, not the cache.
 */
export async function liveSessionIds(
  db: DbOrTx,
  sessionIds: readonly number[],
  now: Date,
): Promise<Set<number>> {
  const live = new Set<number>()
  for (let start = 0; start < sessionIds.length; start += LIVE_CHECK_BATCH) {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.id, sessionIds.slice(start, start + LIVE_CHECK_BATCH)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          isNull(users.disabledAt),
        ),
      )
    for (const row of rows) live.add(row.id)
  }
  return live
}
