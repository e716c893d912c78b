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

export async function findSession(db: DbOrTx, token: string, now: Date): Promise<SessionRef | undefined> {
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(
      and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    )
  return row
}

export async function revokeSession(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId))
}

/** Ends every session of a user but `keepSessionId` (after a password change). */
export async function revokeOtherSessions(db: DbOrTx, userId: number, now: Date, keepSessionId?: number) {
  const others = keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId)
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), others))
}
