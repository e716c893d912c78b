import type { FastifyInstance } from 'fastify'
import { realNameRequest, type IdentityCenter } from '@tp/contracts'
import { identityCenter, submitIdentityCheck } from '../../identity/identity-checks.ts'
import { translate } from '../../i18n/translate.ts'
import { requireRealAccount, sessionOf } from '../auth-guard.ts'
import { answer, ok } from '../envelope.ts'
import { InvalidRequest, parse } from '../parse.ts'
import { perUserRateLimited, type RouteDeps } from '../route-deps.ts'

/**
 * Labels to name a bad field by while the server's catalogue has none of its own for it
 * (`field.card_id` and friends): "ID" and "image" are the nearest existing ones.
 */
const FALLBACK_FIELD: Record<string, string> = { card_id: 'id', front_pic: 'file', reverse_pic: 'file' }
const hasLabel = (field: string) => translate('en', `field.${field}`) !== `field.${field}`

/** The submission form, parsed; a bad field is named by a label the user can read. */
function parseSubmission(body: unknown) {
  try {
    return parse(realNameRequest, body)
  } catch (error) {
    if (!(error instanceof InvalidRequest) || hasLabel(error.field)) throw error
    throw new InvalidRequest(error.reason, FALLBACK_FIELD[error.field] ?? 'body')
  }
}

/**
 * Identity verification (SPEC.md section 7, `user_real/*`), real accounts only. A submission waits
 * for staff (identity/review.ts); the center answers the latest one.
 */
export function identityRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock, uploads } = deps
  const realAccount = { preHandler: requireRealAccount(db, clock) }

  app.post(
    '/api/user_real/real_name',
    { ...realAccount, config: perUserRateLimited('identity', deps.rateLimits.money) },
    async (request) => {
      const form = parseSubmission(request.body)
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
