import type { FastifyInstance } from 'fastify'
import {
  CATALOGUE_MESSAGE,
  instrumentIdParams,
  instrumentUpdateRequest,
  type AdminInstrument,
} from '@tp/contracts'
import { loadInstruments } from '../../market/catalogue.ts'
import { listInstruments, updateInstrument } from '../../staff/catalogue/instrument-admin.ts'
import { answer, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { actorOf, requireStaff } from './staff-guard.ts'

/**
 * The back office's catalogue (issue 11): instruments with every field, edited while the server
 * runs. A committed change reaches the engine (desk reload), the market (new definitions, quotes
 * and candles kept) and every socket (`CATALOGUE`, so clients load `trade_list` again).
 */
export function adminCatalogueRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock, desk, market, topics } = deps
  const guard = { preHandler: requireStaff(db, clock, 'catalogue.edit') }
  const listeners = {
    desk,
    async changed() {
      market.replaceDefinitions(await loadInstruments(db, true), clock().getTime())
      topics.broadcast(CATALOGUE_MESSAGE.type, CATALOGUE_MESSAGE)
    },
  }

  app.get('/admin/api/instruments', guard, async (request) =>
    ok<AdminInstrument[]>(request, await listInstruments(db)),
  )

  app.post('/admin/api/instruments/:id', guard, async (request) => {
    const { id } = parse(instrumentIdParams, request.params)
    const change = parse(instrumentUpdateRequest, request.body)
    return answer(request, await updateInstrument(db, listeners, actorOf(request), id, change), 'saved')
  })
}
