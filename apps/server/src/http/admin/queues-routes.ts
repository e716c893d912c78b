import type { FastifyInstance } from 'fastify'
import type { RouteDeps } from '../route-deps.ts'

/** The back office's queues calls (issue 11). */
export function adminQueuesRoutes(app: FastifyInstance, deps: RouteDeps): void {
  void app
  void deps
}
