import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { opsRoutes } from '../src/ops/ops-routes.ts'
import { PlatformMetrics } from '../src/ops/metrics.ts'
import { fundedUser } from './funded.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { connect } from './socket-client.ts'
import type { Db } from '../src/db/client.ts'

/*
 * Issue 27, operations: every process answers /healthz (alive) and /readyz (ready for traffic: the
 * database answers and the desk takes commands, else 503 with what is not), and /metrics in
 * Prometheus' format to this machine or to a bearer of METRICS_TOKEN only; every answer carries a
 * request id (the caller's plain one, else a new one).
 */

/** A value of a metric line (`name{labels} value`), summed over the lines that match. */
function metricValue(text: string, name: string, labels = ''): number {
  return text
    .split('\n')
    .filter((line) => line.startsWith(name) && line.includes(labels) && !line.startsWith('#'))
    .filter((line) => line.slice(name.length)[0] === '{' || line.slice(name.length)[0] === ' ')
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0)
}

describe.each(DRIVERS)('operations endpoints on %s', (driver) => {
  let app: TestApp
  let metrics: PlatformMetrics

  beforeAll(async () => {
    metrics = new PlatformMetrics({
      sockets: () => app.topics.socketCount,
      engineQueue: () => app.desk.queueDepth,
    })
    app = await startTestApp(driver, { historyCandles: 5, metrics })
  })
  afterAll(() => app?.close())

  it('answers alive and ready', async () => {
    const health = await fetch(`${app.base}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ status: 'ok' })
    const ready = await fetch(`${app.base}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', trading: 'ok' } })
  })

  it('counts requests by route, ticks, their age at the sockets, commits and database round trips', async () => {
    const user = await fundedUser(app, '1000')
    await app.get('/api/user/info', { token: user.token })
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    await app.desk.settle()
    const btc = app.market.instrumentByCode('BTCUSD')!
    const leverage = app.market.view(btc, app.clock.now().getTime()).HasForexMultiple[0]!.Value
    const order = await app.get(
      `/v1/api/forex/submit?forex_id=${btc.id}&type=1&cont=0.01&multiple=${leverage}&status=1`,
      { token: user.token },
    )
    expect(order.body.code).toBe(1)
    const answer = await fetch(`${app.base}/metrics`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/plain')
    const text = await answer.text()
    expect(metricValue(text, 'tp_http_requests_total', 'route="/api/user/info"')).toBeGreaterThanOrEqual(1)
    expect(metricValue(text, 'tp_http_request_duration_seconds_count', 'route="/api/user/register"')).toBe(1)
    expect(metricValue(text, 'tp_http_requests_total', 'route="/v1/api/forex/submit",status="200"')).toBe(1)
    expect(metricValue(text, 'tp_ticks_total')).toBeGreaterThanOrEqual(1)
    expect(metricValue(text, 'tp_commit_batch_commands_count')).toBeGreaterThanOrEqual(1)
    expect(metricValue(text, 'tp_db_queries_total')).toBeGreaterThan(10)
    expect(text).toContain('tp_sockets_open 0')
    expect(text).toContain('tp_engine_queue_depth 0')
    expect(text).toContain('tp_nodejs_eventloop_lag_seconds')
    // Raw addresses never become labels: one pattern per route, whatever the ids.
    expect(text).not.toMatch(/route="\/api\/[^"]*\?/)
  })

  it('measures how old a tick is when its fan-out ends, for the sockets that follow the market', async () => {
    const client = await connect(app)
    client.send({ type: 'sub', params: 'DAY_MARKET' })
    await expect.poll(() => app.topics.subscriberCount('DAY_MARKET')).toBe(1)
    const count = async () =>
      metricValue(await (await fetch(`${app.base}/metrics`)).text(), 'tp_tick_to_client_seconds_count')
    const before = await count()
    app.tick({ code: 'BTCUSD', bid: 65_010, ask: 65_040 })
    expect(await count()).toBe(before + 1)
    expect(await (await fetch(`${app.base}/metrics`)).text()).toContain('tp_sockets_open 1')
    client.socket.close()
  })

  it('shows /metrics to this machine or a bearer of the token only, whatever a header claims', async () => {
    // A reverse proxy on this machine connects from loopback for anyone: what it forwards is not local.
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ]
    for (const headers of forwarded)
      expect((await fetch(`${app.base}/metrics`, { headers })).status).toBe(403)
    const guarded = await startTestApp(driver, {
      historyCandles: 5,
      metrics: new PlatformMetrics({ sockets: () => 0, engineQueue: () => 0 }),
      metricsToken: 'a-long-metrics-token-0123',
    })
    try {
      expect((await fetch(`${guarded.base}/metrics`)).status).toBe(403)
      const forwarded = await fetch(`${guarded.base}/metrics`, {
        headers: { 'x-forwarded-for': '127.0.0.1' },
      })
      expect(forwarded.status).toBe(403)
      const wrong = await fetch(`${guarded.base}/metrics`, { headers: { authorization: 'Bearer wrong' } })
      expect(wrong.status).toBe(403)
      const right = await fetch(`${guarded.base}/metrics`, {
        headers: { authorization: 'Bearer a-long-metrics-token-0123' },
      })
      expect(right.status).toBe(200)
    } finally {
      await guarded.close()
    }
  })

  it('answers every request with its id: the caller’s plain one, else a new one', async () => {
    const given = await fetch(`${app.base}/healthz`, { headers: { 'x-request-id': 'lb-4711.abc' } })
    expect(given.headers.get('x-request-id')).toBe('lb-4711.abc')
    const hostile = await fetch(`${app.base}/healthz`, {
      headers: { 'x-request-id': 'a b "forged" line' },
    })
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const none = await fetch(`${app.base}/api/default/area_list`)
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('is not ready while the database does not answer or the desk takes no commands', async () => {
    const server = Fastify()
    let available = true
    opsRoutes(server, { db: app.db, tradingAvailable: () => available })
    await server.ready()
    expect((await server.inject('/readyz')).statusCode).toBe(200)
    available = false
    const refused = await server.inject('/readyz')
    expect(refused.statusCode).toBe(503)
    expect(refused.json()).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', trading: 'unavailable' },
    })
    // Without metrics there is no /metrics.
    expect((await server.inject('/metrics')).statusCode).toBe(404)
    await server.close()

    // A database that fails, or does not answer within 2 s.
    for (const execute of [() => Promise.reject(new Error('down')), () => new Promise(() => {})]) {
      const cut = Fastify()
      opsRoutes(cut, { db: { execute } as unknown as Db, tradingAvailable: () => true })
      const answer = await cut.inject('/readyz')
      expect(answer.statusCode).toBe(503)
      expect(answer.json().checks).toEqual({ database: 'unreachable', trading: 'ok' })
      await cut.close()
    }
  })
})
