import type { FastifyInstance } from 'fastify'
import type { InviteInfo } from '@tp/contracts'
import { inviteInfo } from '../../identity/invitations.ts'
import { requireRealAccount, sessionOf } from '../auth-guard.ts'
import { ok, refused } from '../envelope.ts'
import type { RouteDeps } from '../route-deps.ts'

/** Invitations (`/mine/invite`): real accounts only, a demo account is told to register. */
export function inviteRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps

  app.get('/api/user/invite_info', { preHandler: requireRealAccount(db, clock) }, async (request) => {
    const info = await inviteInfo(db, sessionOf(request).userId)
    return info ? ok<InviteInfo>(request, info) : refused(request, { ok: false, reason: 'sign_in_again' })
  })
}
