import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from './accounts.ts'
import { startTestApp, type TestApp } from './harness.ts'
import { rawGet } from './raw-http.ts'

/*
 * Compressed answers (issue 12): the public market data a phone loads first comes brotli- or
 * gzip-compressed when the browser takes it; personal answers never do (BREACH); compressed
 * request bodies are not inflated.
 */
describe('compressed market data', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp('pglite', { historyCandles: 30 })
  })
  afterAll(async () => app?.close())

  const ids = '1,2,3,4,5,6,7,8,9,10'
  const sparklines = `/v1/api/forex/abbreviated_cache_kline?forex_ids=${encodeURIComponent(ids)}&period=1min`

  it('sends the instrument list, candles and sparklines compressed, the same data as uncompressed', async () => {
    for (const path of [
      '/v1/api/forex/trade_list',
      '/v1/api/forex/kline?forex_id=1&period=1min',
      sparklines,
    ]) {
      const plain = await rawGet(app.base, path)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(JSON.parse(plain.body.toString())).toMatchObject({ code: 1 })
      const br = await rawGet(app.base, path, { 'accept-encoding': 'gzip, deflate, br' })
      expect({ path, encoding: br.headers['content-encoding'] }).toEqual({ path, encoding: 'br' })
      expect(br.body.length).toBeLessThan(plain.body.length / 2)
      // Quotes move between the two calls; the shape and the instruments are the same.
      const decoded = JSON.parse(brotliDecompressSync(br.body).toString())
      expect(Object.keys(decoded.data).length).toBe(
        Object.keys(JSON.parse(plain.body.toString()).data).length,
      )
      const gz = await rawGet(app.base, path, { 'accept-encoding': 'gzip' })
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(JSON.parse(gunzipSync(gz.body).toString())).toMatchObject({ code: 1 })
    }
  })

  it('never compresses an answer that carries a token or personal data', async () => {
    const user = await registerAndLogin(app)
    for (const path of ['/api/user/info', '/v1/api/forex/my_deal?status=1', '/api/basicSet/getBasicInfo']) {
      const answer = await rawGet(app.base, path, {
        'accept-encoding': 'br, gzip',
        authorization: user.token,
      })
      expect({ path, encoding: answer.headers['content-encoding'] }).toEqual({ path, encoding: undefined })
      expect(JSON.parse(answer.body.toString()).code).toBeTypeOf('number')
    }
  })

  it('does not inflate a compressed request body: a clear refusal, never a 500', async () => {
    const response = await fetch(`${app.base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', lang: 'en' },
      body: gzipSync(JSON.stringify({ email: 'a@b.example', password: 'whatever123' })),
    })
    expect(response.status).toBeLessThan(500)
    const body = await response.json()
    expect(body.code).toBe(0)
  })
})
