import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from './harness.ts'

describe('rate limits', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp('pglite', {
      rateLimits: {
        login: { max: 3, timeWindowMs: 60_000 },
        sendCode: { max: 2, timeWindowMs: 60_000 },
        register: { max: 2, timeWindowMs: 60_000 },
      },
    })
  })
  afterAll(() => app.close())

  it('answers 429 with the envelope past the sign-in limit', async () => {
    const statuses = []
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await app.post('/api/user/loginForU', { account: 'a@example.com', password: 'x' })).status,
      )
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    const limited = await app.post(
      '/api/user/loginForU',
      { account: 'a@example.com', password: 'x' },
      { lang: 'en' },
    )
    expect(limited.body).toMatchObject({
      code: 0,
      reason: 'rate_limited',
      msg: 'Too many requests, please try again later',
    })
  })

  it('limits code sending per address', async () => {
    const statuses = []
    for (let i = 0; i < 3; i++) {
      statuses.push((await app.post('/api/notify/send_email', { to: `r${i}@example.com`, type: 1 })).status)
    }
    expect(statuses).toEqual([200, 200, 429])
  })
})
