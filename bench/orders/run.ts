/**
 * bench/orders: committed market orders per second over HTTP from concurrent clients, and their
 * p99 latency, on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL, next to a
 * baseline route in the same server that writes one row per request in its own transaction.
 * Run: npm run orders -w bench [-- --connections 64 --seconds 10 --users 1000]
 */
import { fork, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { createPostgresDatabase } from '../../apps/server/test/postgres.ts'

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '10' },
    // An account holds at most 200 live orders (MAX_LIVE_ORDERS): 1,000 users leave room for 200,000
    // orders, more than a run places, so every answer is a placed order, not a refusal.
    users: { type: 'string', default: '1000' },
  },
})
const CONNECTIONS = Number(values.connections)
const SECONDS = Number(values.seconds)
const USERS = Number(values.users)
const POSTGRES = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL

interface Server {
  child: ChildProcess
  base: string
  request(type: string): Promise<any>
}

async function startServer(databaseUrl?: string): Promise<Server> {
  const child = fork(new URL('./server.ts', import.meta.url).pathname, {
    // BENCH_PROFILE=dir writes a CPU profile of the server to that folder.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ],
    env: { ...process.env, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const ready = await new Promise<{ port: number }>((resolve, reject) => {
    child.once('message', resolve)
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
  })
  return {
    child,
    base: `http://127.0.0.1:${ready.port}`,
    request: (type) =>
      new Promise((resolve) => {
        child.once('message', resolve)
        child.once('exit', () => resolve(undefined))
        child.send({ type })
      }),
  }
}

/** Demo users, each with its own token: the load spreads over many accounts as real traffic does. */
async function tokens(base: string): Promise<string[]> {
  const out: string[] = []
  for (let i = 0; i < USERS; i++) {
    const answer = await fetch(
      `${base}/api/user/createAccountDemoForU?demo_id=bench-${randomBytes(8).toString('hex')}`,
    )
    const body = (await answer.json()) as { data: { token: string } }
    out.push(body.data.token)
  }
  return out
}

async function load(base: string, path: string, userTokens: string[]) {
  let next = 0
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'GET',
        path,
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...request.headers,
            authorization: userTokens[next++ % userTokens.length] as string,
            lang: 'en',
          },
        }),
      },
    ],
  })
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  }
}

async function run(label: string, databaseUrl?: string) {
  const server = await startServer(databaseUrl)
  try {
    const userTokens = await tokens(server.base)
    const trade = await fetch(`${server.base}/v1/api/forex/trade_list?searchCurrency=BTCUSD`)
    const btc = ((await trade.json()) as { data: { Id: number }[] }).data[0]?.Id
    // Warm up both routes, then measure each.
    await load(server.base, '/bench/baseline', userTokens)
    const before = await server.request('count')
    const baseline = await load(server.base, '/bench/baseline', userTokens)
    const orders = await load(
      server.base,
      `/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.01&status=1&multiple=2`,
      userTokens,
    )
    const after = await server.request('count')
    return { label, baseline, orders, committedOrders: after.orders - before.orders }
  } finally {
    await server.request('stop').catch(() => undefined)
    server.child.kill()
  }
}

const results = [await run('PGlite')]
if (POSTGRES) {
  const database = await createPostgresDatabase(POSTGRES)
  try {
    results.push(await run('PostgreSQL', database.url))
  } finally {
    await database.drop()
  }
}

console.log(`bench/orders: ${CONNECTIONS} connections, ${SECONDS} s per run, ${USERS} demo users`)
console.log(
  `${'database'.padEnd(11)} ${'route'.padEnd(9)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)}`,
)
for (const r of results) {
  for (const [route, m] of [
    ['baseline', r.baseline],
    ['submit', r.orders],
  ] as const)
    console.log(
      `${r.label.padEnd(11)} ${route.padEnd(9)} ${m.perSecond.toFixed(0).padStart(8)} ${String(m.p50).padStart(7)} ${String(m.p99).padStart(7)} ${String(m.errors).padStart(7)}`,
    )
  console.log(
    `${r.label}: ${r.committedOrders} orders committed of ${r.orders.total} answered; submit/baseline = ${(r.orders.perSecond / r.baseline.perSecond).toFixed(2)}x`,
  )
  // Refusals answer fast too: a run where many answers placed nothing measures the wrong thing.
  if (r.committedOrders < r.orders.total * 0.99)
    console.log(
      `${r.label}: WARNING ${r.orders.total - r.committedOrders} answers placed nothing (too few --users?)`,
    )
}
