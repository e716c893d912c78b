import type { FastifyInstance } from 'fastify'
import type { RouteDeps } from '../route-deps.ts'

/** The rank calls (issue 10). */
export function rankRoutes(app: FastifyInstance, deps: RouteDeps): void {
  void app
  void deps
}
