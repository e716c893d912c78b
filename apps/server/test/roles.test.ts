import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostgresDatabase } from './postgres.ts'

/*
 * Issue 27, decision 049, with real processes on this machine's PostgreSQL and Redis: an engine that
 * leads, a gateway, and a second engine standing by, each started as `npm run serve` starts one. A
 * command sent to the gateway is answered through it and booked by the engine; the gateway reads
 * what the engine committed; killing the leader mid-stream of orders, the standby leads within 5 s,
 * no acknowledged order is lost, and none is doubled (every order carries its idempotency key, and
 * one that got no answer is sent again with the same key, as a client should).
 */

const DATABASE = process.env.TEST_DATABASE_URL
const REDIS = process.env.TEST_REDIS_URL
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url))

interface Started {
  child: ChildProcess
  base: string
  output: string[]
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

describe.skipIf(!DATABASE || !REDIS)('gateways and engines as processes', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>
  const started: Started[] = []
  const prefix = `test${randomBytes(4).toString('hex')}:`
  let leader: Started
  let gateway: Started
  let standby: Started

  const start = async (role: 'engine' | 'gateway', name: string): Promise<Started> => {
    const port = await freePort()
    const output: string[] = []
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        ROLE: role,
        PROCESS_NAME: name,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        REDIS_URL: REDIS,
        REDIS_PREFIX: prefix,
        DATA_DIR: `/tmp/tp-roles-${prefix.slice(0, -1)}`,
        MARKET_HISTORY_CANDLES: '20',
        HOUSE_TRADERS: '0',
        LOG_LEVEL: 'warn',
        VITEST: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    const process_ = { child, base: `http://127.0.0.1:${port}`, output }
    started.push(process_)
    return process_
  }
  const ready = async (target: Started, ms = 60_000) => {
    const deadline = Date.now() + ms
    for (;;) {
      try {
        if ((await fetch(`${target.base}/readyz`)).ok) return
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`not ready in time:\n${target.output.join('')}`)
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  const call = async (
    target: Started,
    path: string,
    token?: string,
    headers: Record<string, string> = {},
  ) => {
    const answer = await fetch(`${target.base}${path}`, {
      headers: { ...(token && { authorization: token }), lang: 'en', ...headers },
    })
    return (await answer.json()) as { code: number; reason?: string; data: any }
  }

  beforeAll(async () => {
    database = await createPostgresDatabase(DATABASE as string)
    leader = await start('engine', 'engine-a')
    await ready(leader)
    ;[gateway, standby] = [await start('gateway', 'gateway-1'), await start('engine', 'engine-b')]
    await ready(gateway)
  }, 120_000)
  afterAll(async () => {
    for (const { child } of started) child.kill('SIGKILL')
    await new Promise((r) => setTimeout(r, 300))
    await database?.drop()
  })

  /** A demo account opened through the gateway (the engine books its starting balance). */
  const demoAccount = async () => {
    const answer = await call(
      gateway,
      `/api/user/createAccountDemoForU?demo_id=roles-${randomBytes(8).toString('hex')}`,
    )
    expect(answer.code, JSON.stringify(answer)).toBe(1)
    return answer.data.token as string
  }
  let btc = 0
  const buy = (token: string, key: string) =>
    call(gateway, `/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.01&status=1&multiple=2`, token, {
      'idempotency-key': key,
    })

  it('answers a command sent to the gateway through it, and the gateway reads what the engine booked', async () => {
    const list = await call(gateway, '/v1/api/forex/trade_list')
    btc = (list.data.list ?? list.data).find((row: { Code: string }) => row.Code === 'BTCUSD').Id
    const token = await demoAccount()
    const placed = await buy(token, 'first')
    expect(placed, JSON.stringify(placed)).toMatchObject({ code: 1 })
    const mine = await call(gateway, '/v1/api/forex/my_deal?status=1&page=1&limit=10', token)
    expect(mine.data.data.map((o: { Id: number }) => o.Id)).toEqual([placed.data.id])
    const atGateway = (await call(gateway, '/v1/api/main/wallet/getBalance', token)).data
    const atEngine = (await call(leader, '/v1/api/main/wallet/getBalance', token)).data
    expect(atGateway.balance).toBe(atEngine.balance)
    expect(atGateway.margin).toBe(atEngine.margin)
    // The same key again: the same order, not a second one.
    expect((await buy(token, 'first')).data).toEqual(placed.data)
  })

  it('the standby leads within 5 s of the leader dying mid-stream; no acknowledged order is lost or doubled', async () => {
    const token = await demoAccount()
    const acknowledged = new Map<string, number>()
    let killedAt = 0
    let firstAfterKill = 0
    for (let i = 0; i < 30; i++) {
      if (i === 10) {
        leader.child.kill('SIGKILL')
        killedAt = Date.now()
      }
      const key = `stream-${i}`
      // A client that gets no clear answer sends the same order again with the same key.
      for (let attempt = 0; ; attempt++) {
        const answer = await buy(token, key)
        if (answer.code === 1) {
          acknowledged.set(key, answer.data.id)
          if (killedAt && !firstAfterKill) firstAfterKill = Date.now()
          break
        }
        expect(['trading_unavailable', 'command_unanswered']).toContain(answer.reason)
        expect(attempt, 'orders were refused for too long').toBeLessThan(100)
        await new Promise((r) => setTimeout(r, 100))
      }
    }
    console.info(
      `failover: first order acknowledged ${firstAfterKill - killedAt} ms after the leader was killed`,
    )
    expect(firstAfterKill - killedAt).toBeLessThan(5_000)
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      const ids = [...acknowledged.values()]
      const stored = await client.query<{ id: number; user_id: number }>(
        'select id, user_id from orders where id = any($1::bigint[])',
        [ids],
      )
      expect(stored.rows).toHaveLength(30)
      const owner = stored.rows[0]!.user_id
      const all = await client.query('select id from orders where user_id = $1', [owner])
      // Thirty keys, thirty orders: nothing doubled by a retry or by the standby taking over.
      expect(all.rows).toHaveLength(30)
    } finally {
      await client.end()
    }
    // The standby leads now: it serves, and its desk takes commands.
    expect((await fetch(`${standby.base}/readyz`)).ok).toBe(true)
  }, 120_000)
})
