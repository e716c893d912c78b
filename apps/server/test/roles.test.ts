import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { connect as connectTcp, createServer as createNetServer, type Server, type Socket } from 'node:net'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { openDatabase } from '../src/db/client.ts'
import { orders } from '../src/db/schema.ts'
import { ledgerMatchesBalance } from '../src/trading/ledger.ts'
import { createPostgresDatabase } from './postgres.ts'
import { freePort, getJson, startServer, type ServerProcess } from './server-process.ts'
import { connect } from './socket-client.ts'
import { until, waitForMessage, type Client } from './socket-wait.ts'

/*
 * Issue 27, decision 049, with real processes on this machine's PostgreSQL and Redis, each started
 * as `npm run serve` starts one: engines (one leads, one stands by) and gateways.
 *
 * - A command sent to a gateway is answered through it and booked by the engine; the gateway reads
 *   what the engine committed.
 * - A session ended on one gateway (a sign-out): the other gateway signs its socket out and refuses
 *   its calls at once.
 * - A gateway killed: its sockets reconnect to another gateway, sign in and subscribe again, and hear
 *   quotes and their account again.
 * - The leader killed mid-stream of orders: the standby leads within 5 s, no acknowledged order is
 *   lost and none is doubled (every order carries its idempotency key, and one that got no clear
 *   answer is sent again with the same key, as a client should).
 * - Redis restarted (a Redis of the test's own, empty after the restart): orders in between are
 *   refused clearly, and everyone recovers without a restart.
 * - PostgreSQL unreachable for 10 s (through a relay the test cuts): orders refused clearly, the
 *   leader stops with its lock, the standby leads once the database is back, and the ledger adds up.
 */

const DATABASE = process.env.TEST_DATABASE_URL
const REDIS = process.env.TEST_REDIS_URL
const REDIS_SERVER = spawnSync('redis-server', ['--version']).status === 0

type Answer = Awaited<ReturnType<typeof getJson>>['body']
/** What a client may be told while a part is away: nothing was done, or it is not known yet. */
const CLEAR_REFUSALS = ['trading_unavailable', 'command_unanswered', 'service_unavailable']

/** Processes of one platform: one database, one Redis, names apart from every other test's. */
function platform(redisUrl: () => string, databaseUrlOf: (url: string) => string = (url) => url) {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>
  const prefix = `test${randomBytes(4).toString('hex')}:`
  const started: ServerProcess[] = []
  return {
    async open() {
      database = await createPostgresDatabase(DATABASE as string)
    },
    get databaseUrl() {
      return database.url
    },
    async start(role: 'engine' | 'gateway', name: string, waitForAnswer = true) {
      const server = await startServer({
        port: await freePort(),
        dataDir: `/tmp/tp-roles-${prefix.slice(0, -1)}`,
        databaseUrl: databaseUrlOf(database.url),
        waitForAnswer,
        env: {
          ROLE: role,
          PROCESS_NAME: name,
          REDIS_URL: redisUrl(),
          REDIS_PREFIX: prefix,
          HOUSE_TRADERS: '0',
        },
      })
      started.push(server)
      return server
    },
    /** Every process's output so far, for a failure's message. */
    outputs: () => started.map((server) => server.output()).join('\n----\n'),
    async close() {
      for (const server of started) await server.kill()
      await database?.drop()
    },
  }
}

/** A demo account opened through `gateway` (the engine books its starting balance); its token. */
async function demoAccount(gateway: ServerProcess): Promise<string> {
  const answer = await getJson(
    gateway.base,
    `/api/user/createAccountDemoForU?demo_id=roles-${randomBytes(8).toString('hex')}`,
  )
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(1)
  return answer.body.data.token as string
}

async function btcOf(gateway: ServerProcess): Promise<number> {
  const list = (await getJson(gateway.base, '/v1/api/forex/trade_list')).body.data
  return (list.list ?? list).find((row: { Code: string }) => row.Code === 'BTCUSD').Id
}

/** A market buy of 0.01 BTC through `gateway` with an idempotency key. */
async function buy(gateway: ServerProcess, token: string, btc: number, key: string): Promise<Answer> {
  const response = await fetch(
    `${gateway.base}/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.01&status=1&multiple=2`,
    {
      headers: { authorization: token, lang: 'en', 'idempotency-key': key },
      signal: AbortSignal.timeout(20_000),
    },
  )
  return (await response.json()) as Answer
}

/**
 * Sends the order until it is placed, as a client does: after an answer that placed nothing for sure
 * but was not stored (a part away: `CLEAR_REFUSALS`) it sends again under the same key; after a refusal
 * the desk stored under the key (decision 023: a retry with that key is told the same), it is a new
 * order under a new key. A leader that has just taken over has no live quote for a moment and prices
 * nothing at a stale one (`quote_stale`).
 */
async function buyUntilPlaced(gateway: ServerProcess, token: string, btc: number, key: string, ms = 30_000) {
  const deadline = Date.now() + ms
  for (let attempt = 0; ;) {
    const answer = await buy(gateway, token, btc, attempt ? `${key}-${attempt}` : key).catch(() => undefined)
    if (answer?.code === 1) return answer
    if (answer) expect([...CLEAR_REFUSALS, 'quote_stale']).toContain(answer.reason)
    if (answer?.reason === 'quote_stale') attempt++
    if (Date.now() > deadline) throw new Error(`not placed in ${ms} ms: ${JSON.stringify(answer)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * Resolves once a started standby engine waits for the lock, as a standby has long been doing when its
 * leader dies; a failover timed from before would time the standby's own start.
 */
async function standingBy(engine: ServerProcess): Promise<ServerProcess> {
  await until(() => engine.output().includes('standing by'), 60_000, 'the standby standing by')
  return engine
}

/** A signed-in socket on `gateway`, subscribed to the quotes. */
async function socketOn(gateway: ServerProcess, token: string): Promise<Client> {
  const client = await connect(gateway)
  client.send({ type: 'login', params: token })
  await waitForMessage(client, (m) => m.type === 'login_result' && m.code === 1, 10_000)
  client.send({ type: 'sub', params: 'DAY_MARKET' })
  return client
}

describe.skipIf(!DATABASE || !REDIS)('gateways and engines as processes', () => {
  const cluster = platform(() => REDIS as string)
  let leader: ServerProcess
  let gateways: ServerProcess[]
  let standby: ServerProcess
  let btc = 0
  const sockets: Client[] = []

  beforeAll(async () => {
    await cluster.open()
    leader = await cluster.start('engine', 'engine-a')
    gateways = [await cluster.start('gateway', 'gateway-1'), await cluster.start('gateway', 'gateway-2')]
    standby = await standingBy(await cluster.start('engine', 'engine-b', false))
    btc = await btcOf(gateways[0]!)
  }, 180_000)
  afterAll(async () => {
    for (const socket of sockets) socket.socket.terminate()
    await cluster.close()
  })

  it('answers a command sent to a gateway through it, and the gateway reads what the engine booked', async () => {
    const token = await demoAccount(gateways[0]!)
    const placed = await buy(gateways[0]!, token, btc, 'first')
    expect(placed, JSON.stringify(placed)).toMatchObject({ code: 1 })
    const mine = (await getJson(gateways[1]!.base, '/v1/api/forex/my_deal?status=1&page=1&limit=10', token))
      .body
    expect(mine.data.data.map((o: { Id: number }) => o.Id)).toEqual([placed.data.id])
    const atGateway = (await getJson(gateways[0]!.base, '/v1/api/main/wallet/getBalance', token)).body.data
    const atEngine = (await getJson(leader.base, '/v1/api/main/wallet/getBalance', token)).body.data
    expect(atGateway.balance).toBe(atEngine.balance)
    // Margin follows the price: each process marks at the quote it holds, one tick apart at most.
    expect(Number(atGateway.margin)).toBeCloseTo(Number(atEngine.margin), -1)
    // The same key again: the same order, not a second one.
    expect((await buy(gateways[1]!, token, btc, 'first')).data).toEqual(placed.data)
    // The back office is the engine's: a gateway does not serve it.
    expect((await fetch(`${gateways[0]!.base}/admin/api/me`)).status).toBe(404)
  })

  it('a session ended on one gateway ends at once on the others: its socket signed out, its calls refused', async () => {
    const token = await demoAccount(gateways[0]!)
    const socket = await socketOn(gateways[1]!, token)
    sockets.push(socket)
    // The second gateway has read the session (and keeps it in its cache).
    expect((await getJson(gateways[1]!.base, '/v1/api/main/wallet/getBalance', token)).body.code).toBe(1)
    const out = await fetch(`${gateways[0]!.base}/api/user/logout`, {
      method: 'POST',
      headers: { authorization: token, lang: 'en', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(((await out.json()) as Answer).code).toBe(1)
    // Told over the peer bus, not at the socket's next check (a minute) or the cache's bound (30 s).
    await waitForMessage(socket, (m) => m.type === 'login_result' && m.code === 0, 3_000)
    expect((await getJson(gateways[1]!.base, '/v1/api/main/wallet/getBalance', token)).body.code).not.toBe(1)
  })

  it('a gateway killed: its sockets reconnect to another, and hear the quotes and their account again', async () => {
    const token = await demoAccount(gateways[0]!)
    expect((await buy(gateways[0]!, token, btc, 'held')).code).toBe(1)
    const first = await socketOn(gateways[0]!, token)
    sockets.push(first)
    await waitForMessage(first, (m) => m.type === 'DAY_MARKET', 10_000)
    await waitForMessage(first, (m) => m.type === 'FOREX_TRADE', 10_000)
    await gateways[0]!.kill()
    await new Promise<void>((resolve) =>
      first.socket.readyState === 3 ? resolve() : first.socket.once('close', () => resolve()),
    )
    const again = await socketOn(gateways[1]!, token)
    sockets.push(again)
    await waitForMessage(again, (m) => m.type === 'DAY_MARKET', 10_000)
    // The engine hears that this user watches from the other gateway now, and pushes the account there.
    const trade = await waitForMessage(again, (m) => m.type === 'FOREX_TRADE', 10_000)
    expect(trade.TransOrder).toHaveLength(1)
  })

  it('the standby leads within 5 s of the leader dying mid-stream; no acknowledged order is lost or doubled', async () => {
    const gateway = gateways[1]!
    const token = await demoAccount(gateway)
    const acknowledged = new Map<string, number>()
    let killedAt = 0
    let firstAfterKill = 0
    for (let i = 0; i < 30; i++) {
      if (i === 10) {
        void leader.kill()
        killedAt = Date.now()
      }
      const key = `stream-${i}`
      const answer = await buyUntilPlaced(gateway, token, btc, key)
      acknowledged.set(key, answer.data.id)
      if (killedAt && !firstAfterKill) firstAfterKill = Date.now()
    }
    console.info(
      `failover: first order acknowledged ${firstAfterKill - killedAt} ms after the leader was killed`,
    )
    expect(firstAfterKill - killedAt).toBeLessThan(5_000)
    const client = new pg.Client({ connectionString: cluster.databaseUrl })
    await client.connect()
    try {
      const ids = [...acknowledged.values()]
      const stored = await client.query<{ id: number; user_id: number }>(
        'select id, user_id from orders where id = any($1::bigint[])',
        [ids],
      )
      expect(stored.rows).toHaveLength(30)
      const all = await client.query('select id from orders where user_id = $1', [stored.rows[0]!.user_id])
      // Thirty keys, thirty orders: nothing doubled by a retry or by the standby taking over.
      expect(all.rows).toHaveLength(30)
    } finally {
      await client.end()
    }
    // The standby leads now: it serves, and its desk takes commands.
    expect((await fetch(`${standby.base}/readyz`)).ok).toBe(true)
  }, 120_000)
})

describe.skipIf(!DATABASE || !REDIS_SERVER)('a Redis restarted under the processes', () => {
  let redisPort = 0
  let redis: ChildProcess | undefined
  const cluster = platform(() => `redis://127.0.0.1:${redisPort}`)
  let gateway: ServerProcess

  /** A Redis of this test's own, that keeps nothing on disk (a restart empties it). */
  const startRedis = async () => {
    redis = spawn('redis-server', ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    })
    for (const deadline = Date.now() + 10_000; ;) {
      if (
        spawnSync('redis-cli', ['-p', String(redisPort), 'ping'])
          .stdout?.toString()
          .includes('PONG')
      )
        return
      if (Date.now() > deadline) throw new Error('redis-server did not start')
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  beforeAll(async () => {
    redisPort = await freePort()
    await startRedis()
    await cluster.open()
    await cluster.start('engine', 'engine-r')
    gateway = await cluster.start('gateway', 'gateway-r')
  }, 180_000)
  afterAll(async () => {
    await cluster.close()
    redis?.kill('SIGKILL')
  })

  it('refuses clearly while Redis is away, and every process recovers once it is back', async () => {
    const btc = await btcOf(gateway)
    const token = await demoAccount(gateway)
    expect((await buy(gateway, token, btc, 'before')).code).toBe(1)
    redis?.kill('SIGKILL')
    await new Promise((r) => setTimeout(r, 500))
    const during = await buy(gateway, token, btc, 'during')
    expect(during.code).toBe(0)
    expect(CLEAR_REFUSALS).toContain(during.reason)
    await startRedis()
    // Back without a restart of either process: the consumer group is made again, the subscriptions
    // renewed; the order of the same key is placed once.
    const after = await buyUntilPlaced(gateway, token, btc, 'during', 30_000)
    expect(after.code).toBe(1)
    const mine = (await getJson(gateway.base, '/v1/api/forex/my_deal?status=1&page=1&limit=10', token)).body
    expect(mine.data.data).toHaveLength(2)
    // The gateway's quotes move again (the relay is subscribed again).
    const quoteTime = async () => {
      const list = (await getJson(gateway.base, '/v1/api/forex/trade_list')).body.data
      return (list.list ?? list).find((row: { Id: number }) => row.Id === btc).ForexQuotations
        .NowTime as number
    }
    const seen = await quoteTime()
    await expect.poll(quoteTime, { timeout: 10_000, interval: 300 }).toBeGreaterThan(seen)
  }, 120_000)
})

/**
 * A TCP relay to PostgreSQL that can be cut: every connection through it broken and new ones broken
 * as they come, as when the database's machine is unreachable, then restored. It keeps listening
 * while cut: a port it let go of could be taken by any other connection on this machine meanwhile
 * (its number is in the ephemeral range), and the processes could then never reach the database again.
 */
function databaseRelay(target: URL) {
  const open = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  let cut = false
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createNetServer((client) => {
        if (cut) return void client.destroy()
        const upstream = connectTcp(Number(target.port || 5432), target.hostname)
        for (const socket of [client, upstream]) {
          open.add(socket)
          socket.on('close', () => open.delete(socket))
          socket.on('error', () => {
            client.destroy()
            upstream.destroy()
          })
        }
        client.pipe(upstream).pipe(client)
      })
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port
        resolve()
      })
    })
  return {
    listen,
    /** `url` (a database on the target server) reached through this relay. */
    through(url: string) {
      const via = new URL(url)
      via.hostname = '127.0.0.1'
      via.port = String(port)
      return via.toString()
    },
    cut() {
      cut = true
      for (const socket of open) socket.destroy()
    },
    restore() {
      cut = false
    },
    async close() {
      this.cut()
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    },
  }
}

describe.skipIf(!DATABASE || !REDIS)('PostgreSQL unreachable for 10 s under the processes', () => {
  const relay = databaseRelay(new URL(DATABASE as string))
  const cluster = platform(
    () => REDIS as string,
    (url) => relay.through(url),
  )
  let gateway: ServerProcess

  beforeAll(async () => {
    await relay.listen()
    await cluster.open()
    await cluster.start('engine', 'engine-p1')
    await standingBy(await cluster.start('engine', 'engine-p2', false))
    gateway = await cluster.start('gateway', 'gateway-p')
  }, 180_000)
  afterAll(async () => {
    await cluster.close()
    await relay.close()
  })

  it('refuses clearly meanwhile, writes nothing by halves, and trades again once it is back', async () => {
    const btc = await btcOf(gateway)
    const token = await demoAccount(gateway)
    expect((await buy(gateway, token, btc, 'before')).code).toBe(1)
    relay.cut()
    const cutAt = Date.now()
    const during = await buy(gateway, token, btc, 'during').catch(() => undefined)
    expect(during?.code ?? 0).toBe(0)
    if (during) expect(CLEAR_REFUSALS).toContain(during.reason)
    await new Promise((r) => setTimeout(r, Math.max(0, 10_000 - (Date.now() - cutAt))))
    relay.restore()
    const restoredAt = Date.now()
    // The leader lost its lock with its connection and stopped; the standby leads once it can.
    const after = await buyUntilPlaced(gateway, token, btc, 'during', 30_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${cluster.outputs()}`)
    })
    console.info(`database back: first order acknowledged ${Date.now() - restoredAt} ms later`)
    expect(after.code).toBe(1)
    const mine = (await getJson(gateway.base, '/v1/api/forex/my_deal?status=1&page=1&limit=10', token)).body
    expect(mine.data.data).toHaveLength(2)
    const direct = await openDatabase({ url: cluster.databaseUrl })
    try {
      const [order] = await direct.db.select().from(orders).where(eq(orders.id, after.data.id))
      expect(await ledgerMatchesBalance(direct.db, order!.userId)).toBe(true)
    } finally {
      await direct.close()
    }
  }, 120_000)
})
