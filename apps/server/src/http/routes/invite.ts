import type { FastifyInstance } from 'fastify'
import type { RouteDeps } from '../route-deps.ts'

/** The invite calls (issue 10). */
export function inviteRoutes(app: FastifyInstance, deps: RouteDeps): void {
  void app
  void deps
}
