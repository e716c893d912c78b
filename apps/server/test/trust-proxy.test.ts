import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS } from '../src/http/route-deps.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

/** Sends `count` requests at once, each claiming another client address in X-Forwarded-For. */
async function forgedCalls(count: number, call: (forwardedFor: string) => Promise<{ status: number }>) {
  const statuses = await Promise.all(
    Array.from({ length: count }, (_, i) => call(`203.0.113.${i % 250}, 198.51.100.${i % 7}`)),
  )
  return {
    ok: statuses.filter((a) => a.status === 200).length,
    limited: statuses.filter((a) => a.status === 429).length,
  }
}

describe.each(DRIVERS)('X-Forwarded-For (%s)', (driver) => {
  describe('with no TRUST_PROXY (the default)', () => {
    let app: TestApp
    beforeAll(async () => {
      app = await startTestApp(driver, {
        rateLimits: { login: DEFAULT_RATE_LIMITS.login, captcha: DEFAULT_RATE_LIMITS.captcha },
      })
    })
    afterAll(() => app.close())

    it('cannot lift the sign-in limit: 200 forged addresses still meet it', async () => {
      const counts = await forgedCalls(200, (forwardedFor) =>
        app.post(
          '/api/user/loginForU',
          { account: 'victim@example.com', password: 'guess' },
          { headers: { 'x-forwarded-for': forwardedFor } },
        ),
      )
      expect(counts).toEqual({
        ok: DEFAULT_RATE_LIMITS.login.max,
        limited: 200 - DEFAULT_RATE_LIMITS.login.max,
      })
    })

    it('cannot lift the captcha limit either', async () => {
      const counts = await forgedCalls(200, (forwardedFor) =>
        app.get('/api/default/captcha', { headers: { 'x-forwarded-for': forwardedFor } }),
      )
      expect(counts).toEqual({
        ok: DEFAULT_RATE_LIMITS.captcha.max,
        limited: 200 - DEFAULT_RATE_LIMITS.captcha.max,
      })
    })
  })

  describe('with TRUST_PROXY=127.0.0.1 (the test client is the proxy)', () => {
    let app: TestApp
    beforeAll(async () => {
      app = await startTestApp(driver, {
        rateLimits: { captcha: { max: 3, timeWindowMs: 60_000 } },
        app: { trustProxy: ['127.0.0.1'] },
      })
    })
    afterAll(() => app.close())

    it('counts each forwarded client address on its own', async () => {
      const captcha = (client: string) =>
        app.get('/api/default/captcha', { headers: { 'x-forwarded-for': client } })
      const first = []
      for (let i = 0; i < 4; i++) first.push((await captcha('203.0.113.7')).status)
      expect(first).toEqual([200, 200, 200, 429])
      // Another client behind the same proxy has its own allowance.
      expect((await captcha('203.0.113.8')).status).toBe(200)
      // The proxy appends the peer it saw; only the entry next to the trusted proxy is believed.
      expect((await captcha('198.51.100.1, 203.0.113.7')).status).toBe(429)
    })
  })
})
