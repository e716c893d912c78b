import { timingSafeEqual } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import type { PlatformMetrics } from './metrics.ts'

export interface OpsDeps {
  db: Db
  /** Whether the trading desk takes commands (false while it rebuilds or after losing the writer lock). */
  tradingAvailable: () => boolean
  metrics?: PlatformMetrics
  /** `METRICS_TOKEN`: `/metrics` asks for it as a bearer token; without one, loopback callers only. */
  metricsToken?: string
}

/** How long the readiness check waits for the database. */
const DATABASE_CHECK_MS = 2_000

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS)
  })
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), late])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/

/**
 * A caller on this machine: the connection's own address (never a forwarded one: a header cannot
 * make a stranger local), and no proxy's forwarding headers (a reverse proxy on this machine
 * connects from loopback on behalf of anyone: what it forwards is never local).
 */
const fromLoopback = (request: FastifyRequest) =>
  LOOPBACK.test(request.socket.remoteAddress ?? '') &&
  request.headers['x-forwarded-for'] === undefined &&
  request.headers.forwarded === undefined &&
  request.headers['x-real-ip'] === undefined

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(String(request.headers.authorization ?? ''))
  const wanted = Buffer.from(`Bearer ${token}`)
  return given.length === wanted.length && timingSafeEqual(given, wanted)
}

/**
 * What a load balancer and an operator ask a process (issue 27): `/healthz` (alive: the process
 * answers), `/readyz` (ready for traffic: the database answers within 2 s and the trading desk takes
 * commands; 503 with what is not, so a balancer sends clients elsewhere), and `/metrics`.
 */
export function opsRoutes(app: FastifyInstance, deps: OpsDeps): void {
  const startedAt = Date.now()

  app.get('/healthz', async () => ({ status: 'ok', uptime_s: Math.round((Date.now() - startedAt) / 1000) }))

  app.get('/readyz', async (_request, reply) => {
    const checks = {
      database: (await databaseAnswers(deps.db)) ? 'ok' : 'unreachable',
      trading: deps.tradingAvailable() ? 'ok' : 'unavailable',
    }
    const ready = Object.values(checks).every((state) => state === 'ok')
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks })
  })

  const metrics = deps.metrics
  if (!metrics) return
  app.get('/metrics', async (request, reply) => {
    const allowed = deps.metricsToken ? tokenMatches(request, deps.metricsToken) : fromLoopback(request)
    if (!allowed) return reply.status(403).send({ status: 'forbidden' })
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics())
  })
}

/** Counts and times every answered request by its route pattern (never the raw address). */
export function measureRequests(app: FastifyInstance, metrics: PlatformMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) })
    metrics.httpSeconds.observe({ method: request.method, route }, reply.elapsedTime / 1000)
  })
}
