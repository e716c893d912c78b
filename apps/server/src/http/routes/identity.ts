import type { FastifyInstance } from 'fastify'
import type { RouteDeps } from '../route-deps.ts'

/** The identity calls (issue 10). */
export function identityRoutes(app: FastifyInstance, deps: RouteDeps): void {
  void app
  void deps
}
