import type { FastifyInstance } from 'fastify'
import { realNameRequest, type IdentityCenter } from '@tp/contracts'
import { identityCenter, submitIdentityCheck } from '../../identity/identity-checks.ts'
import { requireRealAccount, sessionOf } from '../auth-guard.ts'
import { answer, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import { perUserRateLimited, type RouteDeps } from '../route-deps.ts'

/**
 * Identity verification (docs/product.md "Calls", `user_real/*`), real accounts only. A submission waits
 * for staff (identity/review.ts); the center answers the latest one.
 */
export function identityRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock, uploads } = deps
  const realAccount = { preHandler: requireRealAccount(db, clock) }

  app.post(
    '/api/user_real/real_name',
    { ...realAccount, config: perUserRateLimited('identity', deps.rateLimits.money) },
    async (request) => {
      const form = parse(realNameRequest, request.body)
      const outcome = await submitIdentityCheck(
        db,
        sessionOf(request).userId,
        { name: form.name, cardId: form.card_id, frontPic: form.front_pic, reversePic: form.reverse_pic },
        clock(),
      )
      return answer(request, outcome, 'identity_submitted')
    },
  )

  app.get('/api/user_real/center', realAccount, async (request) =>
    ok<IdentityCenter>(request, await identityCenter(db, uploads, sessionOf(request).userId, clock())),
  )
}
