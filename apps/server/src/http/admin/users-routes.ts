import type { FastifyInstance } from 'fastify'
import type { RouteDeps } from '../route-deps.ts'

/** The back office's users calls (issue 11). */
export function adminUsersRoutes(app: FastifyInstance, deps: RouteDeps): void {
  void app
  void deps
}
