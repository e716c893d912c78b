import type { FastifyInstance } from 'fastify'
import type { RouteDeps } from '../route-deps.ts'

/** The news calls (issue 10). */
export function newsRoutes(app: FastifyInstance, deps: RouteDeps): void {
  void app
  void deps
}
