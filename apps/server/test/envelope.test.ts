import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from './harness.ts'

describe('the envelope on every answer', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp('pglite')
  })
  afterAll(() => app.close())

  it('answers a request line past 16 KB with 431 and the envelope', async () => {
    const response = await fetch(`${app.base}/v1/api/forex/my_deal?status=${'9'.repeat(20_000)}`)
    expect(response.status).toBe(431)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    // No headers were read, so the language is the default (Traditional Chinese).
    expect(await response.json()).toEqual({
      code: 0,
      msg: expect.any(String),
      data: null,
      reason: 'too_large',
    })
  })

  it('answers a success with nothing to return with data: null', async () => {
    const sent = await app.post('/api/notify/send_email', { to: 'nobody@example.com', type: 1 })
    expect(sent.body).toEqual({ code: 1, msg: 'The verification code has been sent', data: null })
  })
})
