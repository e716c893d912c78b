import Fastify, { type RouteOptions } from 'fastify'
import { adminRoutes } from '../src/http/admin/admin-routes.ts'
import type { StaffGuardTag } from '../src/http/admin/staff-guard.ts'
import type { RouteDeps } from '../src/http/route-deps.ts'

export interface AdminRoute {
  method: string
  url: string
  guard: StaffGuardTag | undefined
}

/** Anything at all: registering the routes reads their dependencies but calls none of them. */
function anything(): any {
  const target = () => undefined
  return new Proxy(target, {
    get: (_t, key) => (key === 'then' ? undefined : anything()),
    apply: () => anything(),
  })
}

/** The back office's API as its route table has it, so that a route added later is walked too. */
export async function adminRouteTable(): Promise<AdminRoute[]> {
  const routes: AdminRoute[] = []
  const probe = Fastify()
  probe.addHook('onRoute', (route: RouteOptions) => {
    const handlers = [route.preHandler ?? []].flat() as { staffGuard?: StaffGuardTag }[]
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        routes.push({ method, url: route.url, guard: handlers.find((h) => h.staffGuard)?.staffGuard })
  })
  adminRoutes(probe, anything() as RouteDeps)
  await probe.ready()
  await probe.close()
  return routes
}
