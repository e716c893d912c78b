import type { FastifyReply, FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { findSession, tokenFromHeader, type SessionRef } from '../users/sessions.ts'
import type { Clock } from '../outcome/outcome.ts'
import { sendRefusal } from './envelope.ts'

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRef | undefined
  }
}

/** The signed-in session of a request that passed `requireSession`. */
export function sessionOf(request: FastifyRequest): SessionRef {
  if (!request.session) throw new Error('route reads the session without requireSession')
  return request.session
}

/** A preHandler that answers code 999 unless the `authorization` header holds a live token. */
export function requireSession(db: Db, clock: Clock) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenFromHeader(request.headers.authorization)
    const session = token ? await findSession(db, token, clock()) : undefined
    if (!session) return sendRefusal(reply, 200, 'sign_in_again')
    request.session = session
  }
}

/**
 * A preHandler for real accounts only (money, identity, invitations): a signed-in session of a real
 * user, else 999 (no session) or `demo_forbidden` (docs/product.md: "Please register or log in to a real
 * account").
 */
export function requireRealAccount(db: Db, clock: Clock) {
  const signedIn = requireSession(db, clock)
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn(request, reply)
    if (reply.sent || !request.session) return
    const [user] = await db
      .select({ isDemo: users.isDemo })
      .from(users)
      .where(eq(users.id, request.session.userId))
    if (!user || user.isDemo) return sendRefusal(reply, 200, 'demo_forbidden')
  }
}
