import type { FastifyInstance } from 'fastify'
import {
  AlertDirection,
  addAlertRequest,
  alertIdRequest,
  alertListRequest,
  type AlertListAnswer,
} from '@tp/contracts'
import { refuse } from '../../outcome/outcome.ts'
import { alertItem, alertPage } from '../../trading/alert-view.ts'
import { refusalOf } from '../../trading/refusal.ts'
import { requireSession, sessionOf } from '../auth-guard.ts'
import { langOf, ok, refused } from '../envelope.ts'
import { parse } from '../parse.ts'
import { perUserRateLimited, type RouteDeps } from '../route-deps.ts'

/** Price alerts (issue 13): added and removed through the trading desk, which fires them on ticks. */
export function alertRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, market, desk } = deps
  const signedIn = { preHandler: requireSession(db, deps.clock) }
  const command = { ...signedIn, config: perUserRateLimited('trading', deps.rateLimits.trading) }
  const now = () => deps.clock().getTime()

  app.get('/v1/api/alert/add', command, async (request) => {
    const q = parse(addAlertRequest, request.query)
    const { userId } = sessionOf(request)
    const above = q.direction === AlertDirection.Above
    const result = await desk.run(
      userId,
      {
        kind: 'add_alert',
        instrumentId: q.forex_id,
        above,
        price: q.price,
      },
      undefined,
      request.id,
    )
    return result.ok
      ? ok(request, { id: result.orderId }, 'alert_added')
      : refused(request, refusalOf(result, market, q.forex_id))
  })

  app.get('/v1/api/alert/delete', command, async (request) => {
    const { id } = parse(alertIdRequest, request.query)
    const { userId } = sessionOf(request)
    const result = await desk.run(userId, { kind: 'remove_alert', alertId: id }, undefined, request.id)
    return result.ok ? ok(request, null, 'alert_removed') : refused(request, refuse(result.reason))
  })

  app.get('/v1/api/alert/list', signedIn, async (request) => {
    const { status, page, limit } = parse(alertListRequest, request.query)
    const { userId } = sessionOf(request)
    const found = await alertPage(db, userId, status, (page - 1) * limit, limit)
    const lang = langOf(request)
    return ok<AlertListAnswer>(request, {
      data: found.rows.map((row) => alertItem(row, market, now(), lang)),
      total: found.total,
    })
  })
}
