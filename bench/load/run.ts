/**
 * bench/load (issue 27): signed-in clients over HTTP and sockets against the platform as one process
 * (ROLE=all) and as 2 gateways + 1 engine (decision 049), each process started as `npm run serve`
 * starts it, on this machine's PostgreSQL and Redis. Prints, side by side: market orders committed
 * per second and their p50/p99 latency, and how old the quotes are when they reach the sockets
 * (DAY_MARKET, at the simulator's own rate), p50/p99.
 *
 * Run: npm run load -w bench [-- --users 500 --sockets 2000 --connections 32 --seconds 15]
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL, and BENCH_REDIS_URL or TEST_REDIS_URL.
 *
 * Every process, client and socket shares this machine's cores: the figures compare the two shapes
 * on the same machine, not what separate machines would do. Each client says it comes from its own
 * address (the processes trust this machine as their proxy), so per-address limits apply per client
 * as they do to phones.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { createPostgresDatabase } from '../../apps/server/test/postgres.ts'
import { freePort } from '../../apps/server/test/server-process.ts'
import type { FromWorker, ToWorker } from '../ws-fanout/common.ts'

const { values } = parseArgs({
  options: {
    // Each user may send 600 trading calls a minute and hold 200 live orders: enough users that
    // every answer is a placed order, not a limit.
    users: { type: 'string', default: '500' },
    // EURUSD at 30x: 0.01 lot needs about 36 USD of margin, so a demo account's 10,000 holds every
    // order a run places (a forex market is closed at weekends: use --code BTCUSD --leverage 2 then).
    code: { type: 'string', default: 'EURUSD' },
    leverage: { type: 'string', default: '30' },
    sockets: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '15' },
    gateways: { type: 'string', default: '2' },
    // Only the split shape (gateways + 1 engine): to find how many sockets a number of gateways holds.
    'split-only': { type: 'boolean', default: false },
  },
})
const GATEWAYS = Number(values.gateways)
const USERS = Number(values.users)
const CODE = values.code
const LEVERAGE = Number(values.leverage)
const SOCKETS = Number(values.sockets)
const CONNECTIONS = Number(values.connections)
const SECONDS = Number(values.seconds)
const POSTGRES = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
const REDIS = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL
if (!POSTGRES || !REDIS) {
  console.error(
    'bench/load needs BENCH_DATABASE_URL (or TEST_DATABASE_URL) and BENCH_REDIS_URL (or TEST_REDIS_URL)',
  )
  process.exit(1)
}
const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url))
const WORKER = fileURLToPath(new URL('../ws-fanout/client-worker.ts', import.meta.url))

interface Started {
  child: ChildProcess
  port: number
  base: string
}

/** Stops a process and waits for it (its last writes done), then the database may go. */
async function stop(process_: Started): Promise<void> {
  if (process_.child.exitCode !== null) return
  const exited = new Promise((resolve) => process_.child.once('exit', resolve))
  process_.child.kill('SIGTERM')
  const timer = setTimeout(() => process_.child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}

async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: 'loopback',
      MARKET_HISTORY_CANDLES: '20',
      HOUSE_TRADERS: '0',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (const deadline = Date.now() + 120_000; ;) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, port, base }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${env.ROLE} on :${port} not ready`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

/** Demo accounts opened through the gateways in turn, each from its own address. */
async function users(gateways: Started[]): Promise<string[][]> {
  const tokens: string[][] = gateways.map(() => [])
  for (let i = 0; i < USERS; i++) {
    const at = i % gateways.length
    const answer = await fetch(
      `${gateways[at]!.base}/api/user/createAccountDemoForU?demo_id=load-${randomBytes(8).toString('hex')}`,
      { headers: { 'x-forwarded-for': addressOf(200_000 + i) } },
    )
    const body = (await answer.json()) as { code: number; data: { token: string } }
    if (body.code !== 1) throw new Error(`demo account refused: ${JSON.stringify(body)}`)
    tokens[at]!.push(body.data.token)
  }
  return tokens
}

/** Market orders from `tokens` to one gateway for SECONDS; each client from its user's address. */
async function orders(target: Started, tokens: string[], connections: number, instrument: number) {
  let next = 0
  const result = await autocannon({
    url: target.base,
    connections,
    duration: SECONDS,
    requests: [
      {
        method: 'GET',
        path: `/v1/api/forex/submit?forex_id=${instrument}&type=1&cont=0.01&status=1&multiple=${LEVERAGE}`,
        setupRequest: (request) => {
          const i = next++ % tokens.length
          return {
            ...request,
            headers: {
              ...request.headers,
              authorization: tokens[i] as string,
              lang: 'en',
              'x-forwarded-for': addressOf(300_000 + i),
            },
          }
        },
      },
    ],
  })
  return result
}

/** Socket clients (bench/ws-fanout's worker), each socket from its own address, on `ports` in turn. */
async function sockets(ports: number[]) {
  const workers = ports.map((port, i) => {
    const worker = fork(WORKER, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    const connect: ToWorker = {
      type: 'connect',
      port,
      count: Math.floor(SOCKETS / ports.length),
      batch: 50,
      connectTimeoutMs: 10_000,
      forwardedFrom: 400_000 + i * 100_000,
    }
    return { worker, connect }
  })
  const opened = await Promise.all(
    workers.map(
      ({ worker, connect }) =>
        new Promise<FromWorker>((resolve) => {
          worker.once('message', resolve)
          worker.send(connect)
        }),
    ),
  )
  return {
    open: opened.reduce((n, m) => n + (m.type === 'connected' ? m.open : 0), 0),
    failed: opened.flatMap((m) => (m.type === 'connected' && m.failed > 0 ? m.errors : [])),
    async window(startAt: number, endAt: number) {
      const reports = await Promise.all(
        workers.map(
          ({ worker }) =>
            new Promise<FromWorker>((resolve) => {
              worker.once('message', resolve)
              worker.send({ type: 'window', startAt, endAt } satisfies ToWorker)
            }),
        ),
      )
      return reports.flatMap((r) => (r.type === 'report' ? [r] : []))
    },
    stop() {
      for (const { worker } of workers) worker.kill()
    },
  }
}

function percentile(hist: [number, number][], p: number): number {
  const sorted = [...hist].sort((a, b) => a[0] - b[0])
  const total = sorted.reduce((n, [, c]) => n + c, 0)
  let seen = 0
  for (const [ms, count] of sorted) {
    seen += count
    if (seen >= total * p) return ms
  }
  return NaN
}

interface Row {
  shape: string
  ordersPerSecond: number
  p50: number
  p99: number
  errors: number
  sockets: number
  frames: number
  fresh50: number
  fresh99: number
}

async function measure(shape: string, gateways: Started[]): Promise<Row> {
  const tokens = await users(gateways)
  const list = (await (
    await fetch(`${gateways[0]!.base}/v1/api/forex/trade_list?searchCurrency=${CODE}`)
  ).json()) as {
    data: { Id: number }[]
  }
  const instrument = list.data[0]!.Id
  const clients = await sockets(gateways.map((g) => g.port))
  try {
    const startAt = Date.now() + 1_000
    const endAt = startAt + SECONDS * 1000
    const window = clients.window(startAt, endAt)
    await new Promise((r) => setTimeout(r, startAt - Date.now()))
    const runs =
      CONNECTIONS > 0
        ? await Promise.all(
            gateways.map((g, i) =>
              orders(g, tokens[i]!, Math.max(1, Math.round(CONNECTIONS / gateways.length)), instrument),
            ),
          )
        : []
    const reports = await window
    const hist = new Map<number, number>()
    for (const r of reports) for (const [ms, n] of r.hist) hist.set(ms, (hist.get(ms) ?? 0) + n)
    const merged = [...hist]
    return {
      shape,
      ordersPerSecond: runs.reduce((n, r) => n + r.requests.average, 0),
      p50: Math.max(0, ...runs.map((r) => r.latency.p50)),
      p99: Math.max(0, ...runs.map((r) => r.latency.p99)),
      errors: runs.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
      sockets: clients.open,
      frames: reports.reduce((n, r) => n + r.frames, 0),
      fresh50: percentile(merged, 0.5),
      fresh99: percentile(merged, 0.99),
    }
  } finally {
    clients.stop()
  }
}

async function onePlatform<T>(work: (url: string) => Promise<T>): Promise<T> {
  const database = await createPostgresDatabase(POSTGRES as string)
  try {
    return await work(database.url)
  } finally {
    await database.drop()
  }
}

const rows: Row[] = []
if (!values['split-only'])
  rows.push(
    await onePlatform(async (url) => {
      const all = await start({
        ROLE: 'all',
        DATABASE_URL: url,
        DATA_DIR: `/tmp/tp-load-${randomBytes(4).toString('hex')}`,
      })
      try {
        return await measure('1 process', [all])
      } finally {
        await stop(all)
      }
    }),
  )
rows.push(
  await onePlatform(async (url) => {
    const shared = {
      DATABASE_URL: url,
      REDIS_URL: REDIS as string,
      REDIS_PREFIX: `load${randomBytes(4).toString('hex')}:`,
      DATA_DIR: `/tmp/tp-load-${randomBytes(4).toString('hex')}`,
    }
    const engine = await start({ ...shared, ROLE: 'engine', PROCESS_NAME: 'engine' })
    const gateways: Started[] = []
    for (let i = 1; i <= GATEWAYS; i++)
      gateways.push(await start({ ...shared, ROLE: 'gateway', PROCESS_NAME: `gateway-${i}` }))
    try {
      return await measure(`${GATEWAYS} gateways + 1 engine`, gateways)
    } finally {
      for (const p of [...gateways, engine]) await stop(p)
    }
  }),
)

console.log(
  `bench/load: ${USERS} demo users, ${SOCKETS} sockets on DAY_MARKET, ${CONNECTIONS} connections sending ${CODE} orders, ${SECONDS} s`,
)
console.log(
  `${'shape'.padEnd(22)} ${'orders/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'sockets'.padStart(8)} ${'frames'.padStart(9)} ${'fresh p50'.padStart(10)} ${'fresh p99'.padStart(10)}`,
)
for (const r of rows)
  console.log(
    `${r.shape.padEnd(22)} ${r.ordersPerSecond.toFixed(0).padStart(9)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)} ${String(r.sockets).padStart(8)} ${String(r.frames).padStart(9)} ${`${r.fresh50} ms`.padStart(10)} ${`${r.fresh99} ms`.padStart(10)}`,
  )
process.exit(0)
