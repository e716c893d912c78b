import type { FastifyInstance } from 'fastify'
import { copyTradingView } from '../../staff/risk/copy-admin.ts'
import { ok } from '../envelope.ts'
import type { RouteDeps } from '../route-deps.ts'
import { requireStaff } from './staff-guard.ts'

/** Copy trading in the back office (issue 29, decision 053): leaders, follows and profit share, read only. */
export function adminCopyRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const read = { preHandler: requireStaff(deps.db, deps.clock, 'risk.read') }
  app.get('/admin/api/copy', read, async (request) => ok(request, await copyTradingView(deps.db)))
}
