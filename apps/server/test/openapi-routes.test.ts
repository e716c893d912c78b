import type * as FastifyModule from 'fastify'
import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { BACK_OFFICE_CALLS } from '../src/http/openapi/back-office-calls.ts'
import { PHONE_CALLS } from '../src/http/openapi/phone-calls.ts'
import { openApiDocument } from '../src/http/openapi/document.ts'
import { URL_ALIASES } from '../src/http/url-aliases.ts'
import { adminRouteTable } from './admin-route-table.ts'
import { startTestApp, type TestApp } from './harness.ts'

/** Every route the app registers, as `METHOD /path/{param}`, collected as Fastify builds it. */
const registered = vi.hoisted(() => new Set<string>())
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof FastifyModule>()
  const collecting = ((options?: object) => {
    const app = real.default(options)
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat())
        registered.add(`${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
    })
    return app
  }) as typeof real.default
  return { ...real, default: collecting }
})

/** The API's prefixes: pages of the web shell (`/`, `/trade`) are not calls. */
const isApi = (key: string) => / \/(api|v1|admin\/api)\//.test(key) || key.endsWith(' /manifest.webmanifest')

let app: TestApp
beforeAll(async () => {
  app = await startTestApp('pglite')
})
afterAll(() => app.close())

describe('the OpenAPI document and the routes', () => {
  test('documents every API route the server registers, and no route it does not', () => {
    const documented = Object.entries(openApiDocument().paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    )
    const routes = [...registered].filter((key) => isApi(key) && !key.startsWith('HEAD '))
    // An alias (http/url-aliases.ts) is its target's route under another name, documented as a call.
    for (const [alias, target] of Object.entries(URL_ALIASES))
      for (const key of routes.filter((k) => k.endsWith(` ${target}`)))
        routes.push(key.replace(` ${target}`, ` ${alias}`))
    // The document itself is served, not described.
    expect(documented.sort()).toEqual(routes.filter((key) => key !== 'GET /api/openapi.json').sort())
  })

  test("names each back-office call's permission and sign-in stage as its staff guard demands", async () => {
    const guards = new Map(
      (await adminRouteTable()).map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.guard]),
    )
    for (const call of BACK_OFFICE_CALLS) {
      const guard = guards.get(`${call.method} ${call.path}`)
      const expected =
        typeof call.auth === 'object'
          ? { permission: call.auth.staff, stage: call.auth.stage ?? 2 }
          : undefined
      expect(guard, `${call.method} ${call.path}`).toEqual(expected)
    }
  })

  test('a phone call documented as signed-in answers 999 without a token', async () => {
    for (const call of PHONE_CALLS.filter((c) => c.auth === 'session' || c.auth === 'real_account')) {
      const answer = call.method === 'GET' ? await app.get(call.path) : await app.post(call.path, {})
      expect(answer.body?.code, `${call.method} ${call.path}`).toBe(999)
    }
  })

  test('the server serves the document to anyone', async () => {
    const answer = await app.get('/api/openapi.json')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(openApiDocument())))
  })
})
