import type { FastifyInstance } from 'fastify'
import { outboxListRequest, settingChangeRequest } from '@tp/contracts'
import { audit } from '../../audit/audit.ts'
import { outboxPage } from '../../staff/settings/outbox-admin.ts'
import { changeSetting, settingsForStaff } from '../../staff/settings/settings-admin.ts'
import { answer, ok } from '../envelope.ts'
import { waitingOr } from './approval-answer.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { actorOf, requireStaff, staffOf } from './staff-guard.ts'
import { catalogueListeners } from './catalogue-listeners.ts'

/** Settings (with units and bounds, each change audited) and the outbox of the back office. */
export function adminSettingsRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const catalogue = catalogueListeners(deps)

  // Readable by whoever may change some of them (dealers: trading; admins: all).
  app.get(
    '/admin/api/settings',
    { preHandler: requireStaff(db, clock, 'settings.trading') },
    async (request) => ok(request, await settingsForStaff(db, staffOf(request).role)),
  )

  app.post(
    '/admin/api/settings',
    { preHandler: requireStaff(db, clock, 'settings.trading') },
    async (request, reply) => {
      const { key, value, fee_rates: feeRates } = parse(settingChangeRequest, request.body)
      const outcome = await changeSetting(
        db,
        catalogue,
        { ...actorOf(request), role: staffOf(request).role },
        key,
        value,
        feeRates,
        clock(),
      )
      if (!outcome.ok && outcome.reason === 'staff_forbidden') reply.status(403)
      return answer(request, outcome, waitingOr(outcome))
    },
  )

  // Messages hold sign-in codes: who read them, and when, is audited.
  app.get('/admin/api/outbox', { preHandler: requireStaff(db, clock, 'outbox.read') }, async (request) => {
    const query = parse(outboxListRequest, request.query)
    const page = await outboxPage(db, query)
    await audit(db, actorOf(request), {
      action: 'outbox.read',
      after: { page: query.page, q: query.q ?? '' },
    })
    return ok(request, page)
  })
}
