import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import { findSession, tokenFromHeader, type SessionRef } from '../services/sessions.ts'
import type { Clock } from '../services/outcome.ts'
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
