import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openRedis, type Redis } from '../src/db/redis.ts'
import { ADDRESS_MAX_FAILURES, LOGIN_MAX_FAILURES } from '../src/users/sign-in-limits.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

/*
 * Issue 27: with Redis, the limits are the platform's, not a process's. Two apps on one Redis stand
 * for two gateway processes behind a load balancer: failed sign-ins from one address, and on one
 * unknown account name, count across both, even when sent at once; a request limit holds across
 * both; with Redis unreachable no password is tried, and nothing else breaks.
 */

const REDIS_URL = process.env.TEST_REDIS_URL

describe.skipIf(!REDIS_URL).each(DRIVERS)('limits shared through Redis on %s', (driver) => {
  let first: TestApp
  let second: TestApp
  const clients: Redis[] = []

  /** A Redis client of its own (as each process has), all of one test on one key prefix. */
  const redisOf = (prefix: string) => {
    const client = openRedis(REDIS_URL as string, () => {}, prefix)
    clients.push(client)
    return client
  }
  const pair = async (prefix: string, rateLimits = {}) => {
    const a = await startTestApp(driver, { historyCandles: 5, redis: redisOf(prefix), rateLimits })
    const b = await startTestApp(driver, { historyCandles: 5, redis: redisOf(prefix), rateLimits })
    return [a, b] as const
  }
  const signIn = (app: TestApp, account: string) =>
    app.post('/api/user/loginForU', { account, password: 'Wrong1234', login_type: 'email' })

  beforeAll(async () => {
    ;[first, second] = await pair(`test:${randomBytes(6).toString('hex')}:`)
  })
  afterAll(async () => {
    await first?.close()
    await second?.close()
    for (const client of clients) client.disconnect()
  })

  it('counts failed sign-ins of one address across processes, even sent at once', async () => {
    const unknown = () => `nobody-${randomBytes(6).toString('hex')}@example.com`
    const answers = await Promise.all(
      Array.from({ length: ADDRESS_MAX_FAILURES + 10 }, (_, i) => signIn(i % 2 ? first : second, unknown())),
    )
    const tried = answers.filter((a) => a.body.reason === 'wrong_credentials').length
    // The attempt that makes the address hot says so at once (captcha_required), as in one process.
    expect(tried).toBe(ADDRESS_MAX_FAILURES - 1)
    expect(answers.filter((a) => a.body.reason === 'captcha_required').length).toBeGreaterThan(10)
    for (const app of [first, second])
      expect((await signIn(app, unknown())).body.reason).toBe('captcha_required')
  })

  it('counts failed sign-ins on one unknown account name across processes', async () => {
    const [a, b] = await pair(`test:${randomBytes(6).toString('hex')}:`)
    try {
      const name = `ghost-${randomBytes(6).toString('hex')}@example.com`
      const reasons: string[] = []
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
        reasons.push(String((await signIn(i % 2 ? a : b, name)).body.reason))
      expect(reasons.slice(0, LOGIN_MAX_FAILURES - 1).every((r) => r === 'wrong_credentials')).toBe(true)
      expect(reasons.at(-1)).toBe('captcha_required')
      expect((await signIn(a, name)).body.reason).toBe('captcha_required')
      expect((await signIn(b, name)).body.reason).toBe('captcha_required')
    } finally {
      await a.close()
      await b.close()
    }
  })

  it('holds a request limit across processes', async () => {
    const [a, b] = await pair(`test:${randomBytes(6).toString('hex')}:`, {
      captcha: { max: 4, timeWindowMs: 60_000 },
    })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) statuses.push((await (i % 2 ? a : b).get('/api/default/captcha')).status)
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429])
    } finally {
      await a.close()
      await b.close()
    }
  })

  it('tries no password while Redis is unreachable, and serves everything else', async () => {
    const down = openRedis('redis://127.0.0.1:1', () => {}, 'test:down:')
    clients.push(down)
    const app = await startTestApp(driver, { historyCandles: 5, redis: down })
    try {
      const refused = await signIn(app, 'someone@example.com')
      expect(refused.status).toBe(200)
      expect(refused.body).toMatchObject({ code: 0, reason: 'server_error' })
      expect((await app.get('/api/default/area_list')).body.code).toBe(1)
      expect((await app.get('/api/default/captcha')).status).toBe(200)
    } finally {
      await app.close()
    }
  })
})
