import type { FastifyInstance } from 'fastify'
import { adminUserIdParams, clientGroupRequest, hedgeRuleRequest, hedgeRuleIdParams } from '@tp/contracts'
import {
  deleteHedgeRule,
  hedgingView,
  saveHedgeRule,
  setClientGroup,
} from '../../staff/risk/hedging-admin.ts'
import { answer, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { actorOf, requireStaff } from './staff-guard.ts'

/**
 * Hedging in the back office (issue 28, decision 051): the dealing desk reads what is passed on to
 * providers and what the house keeps, sets the rules per instrument and client group, and moves
 * clients between groups. A change reaches the hedger at once (it places every position again).
 */
export function adminHedgingRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock, market } = deps
  const read = { preHandler: requireStaff(db, clock, 'risk.read') }
  const edit = { preHandler: requireStaff(db, clock, 'hedging.edit') }
  const changed = async <T extends { ok: boolean }>(outcome: T, userId?: number) => {
    if (outcome.ok) await deps.hedger?.rulesChanged(userId)
    return outcome
  }

  app.get('/admin/api/hedging', read, async (request) => {
    const engine = await deps.reads.ofEveryone()
    return ok(
      request,
      await hedgingView(db, {
        enabled: deps.hedger !== undefined,
        clientNet: (id) => engine.netLots(id),
        instruments: market.allInstruments(),
      }),
    )
  })

  app.post('/admin/api/hedging/rules', edit, async (request) => {
    const input = parse(hedgeRuleRequest, request.body)
    const known = (code: string) => market.instrumentByCode(code) !== undefined
    return answer(request, await changed(await saveHedgeRule(db, actorOf(request), input, known)), 'saved')
  })

  app.post('/admin/api/hedging/rules/:id/delete', edit, async (request) => {
    const { id } = parse(hedgeRuleIdParams, request.params)
    return answer(request, await changed(await deleteHedgeRule(db, actorOf(request), id)), 'saved')
  })

  app.post('/admin/api/users/:id/group', edit, async (request) => {
    const { id } = parse(adminUserIdParams, request.params)
    const { client_group } = parse(clientGroupRequest, request.body)
    return answer(
      request,
      await changed(await setClientGroup(db, actorOf(request), id, client_group), id),
      'saved',
    )
  })
}
