import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_FRAME_BYTES } from '../src/http/socket/gateway.ts'
import { startTestApp, type TestApp } from './harness.ts'
import { registerAndLogin } from './accounts.ts'
import { connect } from './socket-client.ts'

describe('socket /v1/ws', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp('pglite')
  })
  afterAll(() => app.close())

  it('answers ping with pong, also inside an array', async () => {
    const client = await connect(app)
    client.send({ type: 'ping' })
    expect(await client.next()).toEqual({ type: 'pong' })
    client.send([{ type: 'ping' }, { type: 'ping' }])
    expect([await client.next(), await client.next()]).toEqual([{ type: 'pong' }, { type: 'pong' }])
    client.socket.close()
  })

  it('logs in with a live token and refuses a made-up one', async () => {
    const { token } = await registerAndLogin(app)
    const client = await connect(app)
    client.send({ type: 'login', params: 'made-up' })
    expect(await client.next()).toEqual({ type: 'login_result', code: 0 })
    client.send({ type: 'login', params: token })
    expect(await client.next()).toEqual({ type: 'login_result', code: 1 })
    client.socket.close()
  })

  it('ignores bad JSON and unknown frames and keeps serving', async () => {
    const client = await connect(app)
    client.send('{not json')
    client.send({ type: 'explode' })
    client.send({ type: 'sub', params: '../../etc' })
    client.send({ type: 'ping' })
    expect(await client.next()).toEqual({ type: 'pong' })
    client.socket.close()
  })

  it('closes a socket that sends an oversized frame', async () => {
    const client = await connect(app)
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)))
    client.send('x'.repeat(MAX_FRAME_BYTES + 1))
    expect(await closed).toBe(1009)
  })
})
