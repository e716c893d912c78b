import type { FastifyInstance } from 'fastify'
import { approvalListRequest, idPathParams } from '@tp/contracts'
import { listApprovals } from '../../staff/approvals/approvals.ts'
import { decideApproval } from '../../staff/approvals/decide.ts'
import { answer, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { catalogueListeners } from './catalogue-listeners.ts'
import { actorOf, requireStaff } from './staff-guard.ts'

/**
 * Staff approval requests (issue 22, decision 028): admins list them and approve or reject others';
 * whoever asked may cancel their own.
 */
export function adminApprovalRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const catalogue = catalogueListeners(deps)
  const mail = { messenger: deps.messenger, publicUrl: deps.publicUrl }
  const admins = { preHandler: requireStaff(db, clock, 'approvals.decide') }
  const anyone = { preHandler: requireStaff(db, clock, null) }
  const idOf = (params: unknown) => parse(idPathParams, params).id

  app.get('/admin/api/approvals', admins, async (request) => {
    const { status } = parse(approvalListRequest, request.query)
    return ok(request, await listApprovals(db, status))
  })
  for (const verb of ['approve', 'reject'] as const)
    app.post(`/admin/api/approvals/:id/${verb}`, admins, async (request) =>
      answer(
        request,
        await decideApproval(db, catalogue, mail, actorOf(request), idOf(request.params), verb, clock()),
        'saved',
      ),
    )
  app.post('/admin/api/approvals/:id/cancel', anyone, async (request) =>
    answer(
      request,
      await decideApproval(db, catalogue, mail, actorOf(request), idOf(request.params), 'cancel', clock()),
      'saved',
    ),
  )
}
