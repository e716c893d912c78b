import type { FastifyInstance } from 'fastify'
import { adminAuditListRequest } from '@tp/contracts'
import { auditPage } from '../../staff/audit-query.ts'
import { ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { requireStaff } from './staff-guard.ts'

/** The audit log for admins: who did what, to what, from where, with before and after; newest first. */
export function adminAuditRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  app.get('/admin/api/audit', { preHandler: requireStaff(db, clock, 'audit.read') }, async (request) =>
    ok(request, await auditPage(db, parse(adminAuditListRequest, request.query))),
  )
}
