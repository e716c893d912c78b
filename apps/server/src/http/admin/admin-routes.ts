import type { FastifyInstance } from 'fastify'
import type { RouteDeps } from '../route-deps.ts'
import { adminAuthRoutes } from './auth-routes.ts'
import { adminQueuesRoutes } from './queues-routes.ts'
import { adminUsersRoutes } from './users-routes.ts'
import { adminSettingsRoutes } from './settings-routes.ts'
import { adminCatalogueRoutes } from './catalogue-routes.ts'
import { adminRiskRoutes } from './risk-routes.ts'
import { adminHedgingRoutes } from './hedging-routes.ts'
import { adminCopyRoutes } from './copy-routes.ts'
import { adminChatRoutes } from './chat-routes.ts'
import { adminFeedbackRoutes } from './feedback-routes.ts'
import { adminContentRoutes } from './content-routes.ts'
import { adminLegalRoutes } from './legal-routes.ts'
import { adminStaffRoutes } from './staff-routes.ts'
import { adminAuditRoutes } from './audit-routes.ts'
import { adminApprovalRoutes } from './approvals-routes.ts'

/**
 * The back office's API (`/admin/api/*`, issue 11): staff tokens only, every call behind a role,
 * every change audited. Each area adds its routes here.
 */
export function adminRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.decorateRequest('staff', undefined)
  adminAuthRoutes(app, deps)
  adminQueuesRoutes(app, deps)
  adminUsersRoutes(app, deps)
  adminSettingsRoutes(app, deps)
  adminCatalogueRoutes(app, deps)
  adminRiskRoutes(app, deps)
  adminHedgingRoutes(app, deps)
  adminCopyRoutes(app, deps)
  adminChatRoutes(app, deps)
  adminFeedbackRoutes(app, deps)
  adminContentRoutes(app, deps)
  adminLegalRoutes(app, deps)
  adminStaffRoutes(app, deps)
  adminAuditRoutes(app, deps)
  adminApprovalRoutes(app, deps)
}
