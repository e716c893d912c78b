import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

const CLIENT = 'https://client.example.com'

/** A browser's preflight before a cross-origin call with the token and language headers. */
const preflight = (app: TestApp, path: string, origin = CLIENT) =>
  fetch(`${app.base}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,lang,content-type',
    },
  })

const splitList = (value: string | null) => (value ?? '').split(',').map((item) => item.trim().toLowerCase())

describe.each(DRIVERS)('CORS on the public API (%s)', (driver) => {
  describe('with CORS_ORIGINS unset (any origin)', () => {
    let app: TestApp
    beforeAll(async () => {
      app = await startTestApp(driver, { rateLimits: { captcha: { max: 1, timeWindowMs: 60_000 } } })
    })
    afterAll(() => app.close())

    it.each(['/api/user/loginForU', '/v1/api/forex/submit'])('answers the preflight of %s', async (path) => {
      const answer = await preflight(app, path)
      expect(answer.status).toBe(204)
      expect(answer.headers.get('access-control-allow-origin')).toBe('*')
      expect(splitList(answer.headers.get('access-control-allow-methods'))).toEqual([
        'get',
        'post',
        'delete',
        'options',
      ])
      expect(splitList(answer.headers.get('access-control-allow-headers'))).toEqual([
        'authorization',
        'lang',
        'content-type',
        'idempotency-key',
      ])
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull()
    })

    it('lets the calling page read successes and every kind of refusal', async () => {
      const headers = { origin: CLIENT }
      const answers = {
        success: await app.get('/api/basicSet/getBasicInfo', { headers }),
        refusedInEnvelope: await app.post(
          '/api/user/loginForU',
          { account: 'a@example.com', password: 'x' },
          { headers },
        ),
        badInput: await app.post('/api/user/loginForU', {}, { headers }),
        signInAgain: await app.get('/api/user/info', { headers, token: 'not-a-token' }),
        unknownPath: await app.get('/api/no/such/call', { headers }),
        firstCaptcha: await app.get('/api/default/captcha', { headers }),
        rateLimited: await app.get('/api/default/captcha', { headers }),
      }
      expect(Object.fromEntries(Object.entries(answers).map(([name, a]) => [name, a.status]))).toEqual({
        success: 200,
        refusedInEnvelope: 200,
        badInput: 200,
        signInAgain: 200,
        unknownPath: 404,
        firstCaptcha: 200,
        rateLimited: 429,
      })
      expect(answers.refusedInEnvelope.body.code).toBe(0)
      for (const [name, a] of Object.entries(answers)) {
        expect([name, a.headers.get('access-control-allow-origin')]).toEqual([name, '*'])
        expect([name, a.headers.get('access-control-allow-credentials')]).toEqual([name, null])
      }
    })

    it('never applies to the back office API', async () => {
      const answer = await preflight(app, '/admin/api/user/list')
      expect(answer.status).toBe(404)
      expect(answer.headers.get('access-control-allow-origin')).toBeNull()
      const call = await app.get('/admin/api/user/list', { headers: { origin: CLIENT } })
      expect(call.headers.get('access-control-allow-origin')).toBeNull()
    })
  })

  describe('with CORS_ORIGINS listing one origin', () => {
    let app: TestApp
    beforeAll(async () => {
      app = await startTestApp(driver, { app: { corsOrigins: [CLIENT, 'http://localhost:5173'] } })
    })
    afterAll(() => app.close())

    it('names the listed origin, and varies caches by it', async () => {
      const answer = await preflight(app, '/api/user/loginForU')
      expect(answer.status).toBe(204)
      expect(answer.headers.get('access-control-allow-origin')).toBe(CLIENT)
      const call = await app.get('/api/basicSet/getBasicInfo', {
        headers: { origin: 'http://localhost:5173' },
      })
      expect(call.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
      expect(splitList(call.headers.get('vary'))).toContain('origin')
    })

    it('gives another origin nothing a browser would accept', async () => {
      const answer = await preflight(app, '/api/user/loginForU', 'https://evil.example.net')
      expect(answer.headers.get('access-control-allow-origin')).toBeNull()
      const call = await app.get('/api/basicSet/getBasicInfo', {
        headers: { origin: 'https://evil.example.net' },
      })
      expect(call.headers.get('access-control-allow-origin')).toBeNull()
      // Origins are compared whole: a look-alike prefix or suffix is another origin.
      const lookAlike = await app.get('/api/basicSet/getBasicInfo', {
        headers: { origin: `${CLIENT}.evil.example.net` },
      })
      expect(lookAlike.headers.get('access-control-allow-origin')).toBeNull()
    })
  })
})
