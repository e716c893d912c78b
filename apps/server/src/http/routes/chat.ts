import type { FastifyInstance } from 'fastify'
import type { RouteDeps } from '../route-deps.ts'

/** The chat calls (issue 10). */
export function chatRoutes(app: FastifyInstance, deps: RouteDeps): void {
  void app
  void deps
}
