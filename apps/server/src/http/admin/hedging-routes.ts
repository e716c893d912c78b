import type { FastifyInstance } from 'fastify'
import {
  adminUserIdParams,
  clientGroupRequest,
  groupMarkupRequest,
  hedgeRuleRequest,
  hedgeRuleIdParams,
} from '@tp/contracts'
import { spreadPoints } from '@tp/engine'
import { deleteHedgeRule, hedgingView, saveHedgeRule } from '../../staff/risk/hedging-admin.ts'
import { moveClient } from '../../staff/risk/client-group-moves.ts'
import { pricedApart } from '../../market/group-quotes.ts'
import { requestGroupMarkup } from '../../staff/risk/group-markups-admin.ts'
import { catalogueListeners } from './catalogue-listeners.ts'
import { answer, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { actorOf, requireStaff } from './staff-guard.ts'

/**
 * Hedging in the back office (issue 28, decision 051): the dealing desk reads what is passed on to
 * providers and what the house keeps, sets the rules per instrument and client group, and moves
 * clients between groups. A change reaches the hedger at once (it places every position again).
 * Spread markups per client group (decision 052) are asked for here and wait for a second admin, as
 * does a client's move that changes its prices (staff/risk/client-group-moves.ts).
 */
export function adminHedgingRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock, market } = deps
  const read = { preHandler: requireStaff(db, clock, 'risk.read') }
  const edit = { preHandler: requireStaff(db, clock, 'hedging.edit') }
  const changed = async <T extends { ok: boolean }>(outcome: T) => {
    if (outcome.ok) await deps.hedger?.rulesChanged()
    return outcome
  }

  app.get('/admin/api/hedging', read, async (request) => {
    const engine = await deps.reads.ofEveryone()
    const spread = (quote: { bid: number; ask: number } | undefined, precision: number) =>
      quote ? spreadPoints(quote, precision) : null
    return ok(
      request,
      await hedgingView(db, {
        enabled: deps.hedger !== undefined,
        clientNet: (id) => engine.netLots(id),
        instruments: market.allInstruments(),
        spreads: (id) => {
          const precision = market.instrument(id)?.precision ?? 0
          return {
            raw: spread(market.sourceQuote(id), precision),
            house: spread(market.lastQuote(id), precision),
          }
        },
      }),
    )
  })

  app.post('/admin/api/hedging/markups', edit, async (request) => {
    const input = parse(groupMarkupRequest, request.body)
    const instrument = market.instrumentByCode(input.instrument)
    return answer(request, await requestGroupMarkup(db, actorOf(request), input, instrument), 'saved')
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
    const listeners = {
      ...catalogueListeners(deps),
      pricedApart: (a: string, b: string) => pricedApart(market.allInstruments(), a, b),
    }
    return answer(request, await moveClient(db, listeners, actorOf(request), id, client_group), 'saved')
  })
}
