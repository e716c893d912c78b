import { connect as tcpConnect, type Socket } from 'node:net'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DEFAULT_SOCKET_LIMITS } from '../src/http/socket/socket-limits.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { connect } from './socket-client.ts'
import { loginResults, roundTrip, sleep, until, type Client } from './socket-wait.ts'

const LIMITS = DEFAULT_SOCKET_LIMITS
/** A fresh client's first answers while others attack: a stall would take far longer. */
const PROMPT_MS = 2_000

const wsUrl = (app: TestApp) => `${app.base.replace('http', 'ws')}/v1/ws`
const range = (n: number) => Array.from({ length: n }, (_, i) => i)

/** The close code a client socket ends with. */
const closeCode = (socket: WebSocket) =>
  new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))

/** An open socket, or the HTTP status that refused the upgrade. */
function tryOpen(app: TestApp): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(app))
    socket.once('open', () => resolve(socket))
    socket.once('error', (error) => {
      const status = /Unexpected server response: (\d+)/.exec(error.message)?.[1]
      if (status) resolve(Number(status))
      else reject(error)
    })
  })
}

async function closeAll(sockets: WebSocket[]) {
  await Promise.all(
    sockets.map((socket) => {
      if (socket.readyState === WebSocket.CLOSED) return
      const closed = closeCode(socket)
      socket.close()
      return closed
    }),
  )
}

const pongs = (client: Client) => client.seen.filter((m) => m.type === 'pong').length

describe.each(DRIVERS)('socket abuse on %s', (driver) => {
  let app: TestApp
  beforeAll(async () => {
    // The real limits but the rate of new sockets, which would refuse this file's hundreds (tested below).
    app = await startTestApp(driver, { socketLimits: { ...LIMITS, upgradesPerMinute: 100_000 } })
  })
  afterAll(() => app.close())

  it('answers a burst up to the frame budget, ignores the excess and closes a flooder with 1008', async () => {
    const client = await connect(app)
    const closed = closeCode(client.socket)
    for (let i = 0; i < 400; i++) client.send({ type: 'ping' })
    expect(await closed).toBe(1008)
    // The burst was served; of the rest only the few tokens refilled meanwhile were.
    expect(pongs(client)).toBeGreaterThanOrEqual(LIMITS.frameBurst)
    expect(pongs(client)).toBeLessThan(LIMITS.frameBurst + LIMITS.excessBurst / 2)
  })

  it('charges every frame of an array, not the message', async () => {
    const client = await connect(app)
    const closed = closeCode(client.socket)
    const sixteen = range(16).map(() => ({ type: 'ping' }))
    // Charged per message, all 1,600 pings would be answered; past the budget a message is dropped
    // unread, and counts as one frame over.
    for (let i = 0; i < 100; i++) client.send(sixteen)
    expect(await closed).toBe(1008)
    expect(pongs(client)).toBeGreaterThanOrEqual(LIMITS.frameBurst - 16)
    expect(pongs(client)).toBeLessThan(LIMITS.frameBurst + LIMITS.excessBurst / 2)
  })

  it('holds login frames to a tighter budget, ignoring the excess without closing', async () => {
    const client = await connect(app)
    for (let i = 0; i < LIMITS.loginBurst * 2; i++)
      client.send({ type: 'login', params: randomBytes(16).toString('hex') })
    await until(() => loginResults(client).length === LIMITS.loginBurst, 5_000, 'login results')
    await sleep(300)
    await roundTrip(client)
    expect(loginResults(client)).toEqual(range(LIMITS.loginBurst).map(() => 0))
    expect(client.socket.readyState).toBe(WebSocket.OPEN)
    client.socket.close()
  })

  it(`holds ${LIMITS.maxSocketsPerAddress} sockets per address under concurrent upgrades`, async () => {
    const extra = 30
    const results = await Promise.all(range(LIMITS.maxSocketsPerAddress + extra).map(() => tryOpen(app)))
    const open = results.filter((r): r is WebSocket => typeof r !== 'number')
    expect(open).toHaveLength(LIMITS.maxSocketsPerAddress)
    expect(results.filter((r) => r === 429)).toHaveLength(extra)
    // A closed socket frees its place, and only its place.
    await closeAll(open.splice(0, 10))
    await sleep(100)
    const again = await Promise.all(range(11).map(() => tryOpen(app)))
    expect(again.filter((r) => typeof r !== 'number')).toHaveLength(10)
    expect(again.filter((r) => r === 429)).toHaveLength(1)
    open.push(...again.filter((r): r is WebSocket => typeof r !== 'number'))
    // Every place comes back, refused upgrades included.
    await closeAll(open)
    await sleep(100)
    const last = await Promise.all(range(LIMITS.maxSocketsPerAddress).map(() => tryOpen(app)))
    expect(last.every((r) => typeof r !== 'number')).toBe(true)
    await closeAll(last as WebSocket[])
  })

  it('serves a fresh client promptly while others idle, flood logins and send oversized frames', async () => {
    const { token } = await registerAndLogin(app)
    const port = Number(new URL(app.base).port)
    const raw = (): Promise<Socket> =>
      new Promise((resolve) => {
        const socket = tcpConnect({ port, host: '127.0.0.1' }, () => resolve(socket))
        socket.on('error', () => {})
      })
    // Connections that say nothing, and upgrades that stop halfway through their headers.
    const silent = await Promise.all(range(10).map(raw))
    const halfway = await Promise.all(range(5).map(raw))
    for (const socket of halfway) socket.write('GET /v1/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n')

    let attacking = true
    const closes = { policy: 0, tooBig: 0 }
    const attackers = new Set<WebSocket>()
    /** Opens a socket, runs `attack` on it until it closes, and again, while the attack lasts. */
    async function repeatedly(attack: (socket: WebSocket) => () => void) {
      while (attacking) {
        const socket = new WebSocket(wsUrl(app))
        attackers.add(socket)
        socket.on('error', () => {})
        const closed = closeCode(socket)
        const stop = await new Promise<() => void>((resolve) => {
          socket.once('open', () => resolve(attack(socket)))
          socket.once('close', () => resolve(() => {}))
        })
        const code = await closed
        attackers.delete(socket)
        stop()
        if (code === 1008) closes.policy++
        if (code === 1009) closes.tooBig++
        if (attacking) await sleep(5)
      }
    }
    const loginFlood = repeatedly((socket) => {
      // A few made-up tokens every millisecond.
      const timer = setInterval(() => {
        for (let i = 0; i < 3; i++)
          if (socket.readyState === WebSocket.OPEN)
            socket.send(JSON.stringify({ type: 'login', params: randomBytes(24).toString('hex') }))
      }, 1)
      return () => clearInterval(timer)
    })
    const hugeFrames = repeatedly((socket) => {
      socket.send('x'.repeat(1024 * 1024))
      return () => {}
    })

    try {
      await sleep(200)
      for (let round = 0; round < 3; round++) {
        const started = Date.now()
        const client = await connect(app)
        client.send({ type: 'sub', params: 'DAY_MARKET' })
        client.send({ type: 'login', params: token })
        await roundTrip(client, PROMPT_MS)
        await until(() => loginResults(client).includes(1), PROMPT_MS, 'login result')
        expect(Date.now() - started).toBeLessThan(PROMPT_MS)
        // Subscribed too: the next quote reaches it.
        // A fresh quote on the price grid, stamped now by the test clock.
        app.clock.set(Date.now())
        app.tick({
          code: 'EURUSD',
          bid: [1.0851, 1.0852, 1.0853][round]!,
          ask: [1.0852, 1.0853, 1.0854][round]!,
        })
        await until(() => client.seen.some((m) => m.type === 'DAY_MARKET'), PROMPT_MS, 'DAY_MARKET')
        client.socket.close()
        await sleep(200)
      }
    } finally {
      attacking = false
      for (const socket of attackers) socket.terminate()
      await Promise.all([loginFlood, hugeFrames])
      for (const socket of [...silent, ...halfway]) socket.destroy()
    }
    // The attacks really ran, and the server cut them short.
    expect(closes.policy).toBeGreaterThan(0)
    expect(closes.tooBig).toBeGreaterThan(0)
  })
})

describe('socket upgrades per address', () => {
  let app: TestApp
  const PER_MINUTE = 5
  beforeAll(async () => {
    app = await startTestApp('pglite', { socketLimits: { ...LIMITS, upgradesPerMinute: PER_MINUTE } })
  })
  afterAll(() => app.close())

  it('refuses a client that reconnects in a loop to reset its budgets', async () => {
    const opened: WebSocket[] = []
    for (let i = 0; i < PER_MINUTE; i++) {
      const result = await tryOpen(app)
      expect(typeof result).not.toBe('number')
      const socket = result as WebSocket
      opened.push(socket)
      await closeAll([socket])
    }
    expect(await tryOpen(app)).toBe(429)
  })
})
