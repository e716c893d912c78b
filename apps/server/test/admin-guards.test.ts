import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF_ROLES, can, type StaffRole } from '../src/staff/roles.ts'
import { Stage } from '../src/staff/staff-sessions.ts'
import { registerAndLogin } from './accounts.ts'
import { adminRouteTable, type AdminRoute } from './admin-route-table.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { STAFF_PASSWORD, signedInStaff } from './staff.ts'

/*
 * Every call of the back office's API, read from its route table rather than listed by hand, so a
 * route added later is walked too: each one (but signing in) is behind a staff guard; without a
 * token, with a user's token or with a half-signed-in staff token it answers 999 and does nothing;
 * each role without the route's permission gets `staff_forbidden` (HTTP 403) before anything runs.
 */

/** A route's path with every parameter filled in (an id that names nothing: refusals come first). */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1')

describe.each(DRIVERS)('every back-office route is guarded on %s', (driver) => {
  let app: TestApp
  let routes: AdminRoute[]
  const tokens = {} as Record<StaffRole, string>
  let userToken: string
  let pendingToken: string

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    routes = await adminRouteTable()
    for (const role of STAFF_ROLES) tokens[role] = (await signedInStaff(app, role)).token
    userToken = (await registerAndLogin(app)).token
    const { email } = await signedInStaff(app, 'admin')
    pendingToken = (
      await app.post('/admin/api/auth/login', { email, password: STAFF_PASSWORD }, { json: true })
    ).body.data.token
  }, 120_000)
  afterAll(async () => app?.close())

  const call = (route: AdminRoute, token?: string) =>
    route.method === 'GET'
      ? app.get(concrete(route.url), { token })
      : app.post(concrete(route.url), {}, { token, json: true })

  it('reads the whole API from the route table', () => {
    // Enough to know the table is the real one (queues, users, catalogue, settings, chat, staff…).
    expect(routes.length).toBeGreaterThan(40)
    expect(routes.every((r) => r.url.startsWith('/admin/api/'))).toBe(true)
  })

  it('puts every route but the password step behind a staff guard', () => {
    const open = routes.filter((r) => !r.guard).map((r) => `${r.method} ${r.url}`)
    expect(open).toEqual(['POST /admin/api/auth/login'])
    // Only the second-factor steps, and setting one's own password in place of a temporary one
    // (issue 22), take a half-signed-in session.
    expect(
      routes
        .filter((r) => r.guard?.stage === Stage.PENDING)
        .map((r) => r.url)
        .sort(),
    ).toEqual(['/admin/api/auth/password', '/admin/api/auth/recovery', '/admin/api/auth/totp'])
  })

  it('answers 999 to no token, a user token and a half-signed-in token', async () => {
    for (const route of routes.filter((r) => r.guard?.stage === Stage.SIGNED_IN))
      for (const token of [undefined, userToken, pendingToken]) {
        const answer = await call(route, token)
        expect({ route: `${route.method} ${route.url}`, code: answer.body.code }).toEqual({
          route: `${route.method} ${route.url}`,
          code: 999,
        })
      }
  })

  it('refuses each role what its permission does not cover, before the call runs', async () => {
    let refusals = 0
    for (const route of routes) {
      const permission = route.guard?.permission
      if (!permission || route.guard?.stage !== Stage.SIGNED_IN) continue
      for (const role of STAFF_ROLES) {
        if (can(role, permission)) continue
        const answer = await call(route, tokens[role])
        expect({
          route: `${route.method} ${route.url}`,
          role,
          status: answer.status,
          reason: answer.body.reason,
        }).toEqual({
          route: `${route.method} ${route.url}`,
          role,
          status: 403,
          reason: 'staff_forbidden',
        })
        refusals++
      }
    }
    // Support cannot pay a withdrawal, finance cannot edit the catalogue, and so on: many refusals.
    expect(refusals).toBeGreaterThan(60)
    // Admin is never refused: no route's permission leaves it out.
    expect(routes.filter((r) => r.guard?.permission && !can('admin', r.guard.permission))).toEqual([])
  })

  it('lets each role past the guard where its permission holds (reads only)', async () => {
    for (const route of routes) {
      const permission = route.guard?.permission
      // The event stream stays open; changes are tried in each area's own tests.
      if (!permission || route.method !== 'GET' || route.url.endsWith('/events')) continue
      for (const role of STAFF_ROLES.filter((r) => can(r, permission))) {
        const answer = await call(route, tokens[role])
        expect({ route: route.url, role, reason: answer.body.reason }).not.toMatchObject({
          reason: 'staff_forbidden',
        })
        expect(answer.status).toBeLessThan(500)
      }
    }
  })
})
