/**
 * ws-fanout: the platform's socket fan-out against a bare `ws` broadcast, in the same run.
 *
 * Both servers run side by side, each in its own process with its own --clients sockets from its
 * own --workers client processes, every socket subscribed to DAY_MARKET. Only one server ticks at a
 * time: each phase (a paced --rate, then `saturation`, ticking as fast as the server can) measures
 * the servers in alternating windows (platform, bare, bare, platform, ... over --rounds), so a load
 * that comes and goes on the machine falls on both alike. The windows of a scenario and phase are
 * added up. See bench/README.md.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import {
  HIST_MAX_MS,
  INSTRUMENT_COUNT,
  type FromServer,
  type FromWorker,
  type ToServer,
  type ToWorker,
} from './common.ts'

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '10000' },
    workers: { type: 'string', default: '4' },
    rate: { type: 'string', default: '8' },
    scenarios: { type: 'string', default: 'platform,bare' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '2' },
    'saturation-seconds': { type: 'string', default: '8' },
    'no-saturation': { type: 'boolean', default: false },
    batch: { type: 'string', default: '50' },
    'connect-timeout': { type: 'string', default: '10000' },
    'cpu-prof': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})

if (args.help) {
  console.log(`usage: npm run ws-fanout -w bench -- [options]
  --clients N            sockets per server (default 10000)
  --workers K            client processes per server (default 4)
  --rate R[,R...]        paced ticks per second over all ${INSTRUMENT_COUNT} instruments (default 8);
                         several rates: one paced phase each
  --scenarios LIST       default platform,bare; for finding where time goes, also
                         hub:  the bare server publishing through the platform's TopicHub
                         feed: the platform's market, feed, desk and hub behind a plain ws server
                               (no Fastify, no gateway)
                         simulator: the platform ticked by its own simulator at the catalogue's
                               tick intervals, as main.ts runs it (--rate is ignored)
  --seconds S            measured seconds per scenario and paced phase (default 10)
  --saturation-seconds S the same for the saturation phase (default 8)
  --rounds N             alternations the seconds are split over (default 2)
  --warmup S             ticking before each window (default 2)
  --no-saturation        skip the phase that ticks as fast as each server can
  --batch B              sockets each worker opens at once (default 50)
  --connect-timeout MS   per socket (default 10000)
  --cpu-prof             write a CPU profile of each server to bench/ws-fanout/profiles/
  --json                 print the results as JSON too`)
  process.exit(0)
}

const num = (name: keyof typeof args) => {
  const value = Number(args[name])
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`)
  return value
}
const CLIENTS = Math.floor(num('clients'))
const WORKERS = Math.min(Math.floor(num('workers')), CLIENTS)
const RATES = String(args.rate).split(',').map(Number)
if (!RATES.every((r) => Number.isFinite(r) && r > 0)) throw new Error('--rate must be positive numbers')
const SECONDS = num('seconds')
const SAT_SECONDS = num('saturation-seconds')
const ROUNDS = Math.floor(num('rounds'))
const WARMUP = Number(args.warmup)
const BATCH = Math.floor(num('batch'))
const CONNECT_TIMEOUT = num('connect-timeout')
const SATURATION = !args['no-saturation']
const KNOWN = ['platform', 'bare', 'hub', 'feed', 'simulator'] as const
type Scenario = (typeof KNOWN)[number]
const SCENARIOS = [...new Set(String(args.scenarios).split(','))].map((s) => s.trim()) as Scenario[]
for (const s of SCENARIOS) if (!KNOWN.includes(s)) throw new Error(`unknown scenario ${s}`)

const CORES = availableParallelism()
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))
const PROFILE_DIR = here('./profiles')

// ---- children ----------------------------------------------------------------------------------

const children = new Set<ChildProcess>()

function killAll(): void {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}
process.on('exit', killAll)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    killAll()
    process.exit(130)
  })
}

function spawn(file: string, extraExecArgv: string[] = [], env: Record<string, string> = {}): ChildProcess {
  const child = fork(here(file), [], {
    execArgv: ['--import', 'tsx', ...extraExecArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  })
  children.add(child)
  child.on('exit', () => children.delete(child))
  return child
}

/** The next message of `type` from a child, or an error when it exits or takes too long. */
function next<T extends { type: string }>(
  child: ChildProcess,
  type: T['type'],
  timeoutMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: T) => {
      if (message.type !== type) return
      cleanup()
      resolve(message)
    }
    const onExit = (code: number | null, signal: string | null) => {
      cleanup()
      reject(new Error(`child exited (${code ?? signal}) while waiting for '${type}'`))
    }
    const timer = setTimeout(() => {
      cleanup()
      reject(new Error(`no '${type}' within ${timeoutMs} ms`))
    }, timeoutMs)
    const cleanup = () => {
      clearTimeout(timer)
      child.off('message', onMessage)
      child.off('exit', onExit)
    }
    child.on('message', onMessage)
    child.on('exit', onExit)
  })
}

async function stop(child: ChildProcess, message: ToServer | ToWorker): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.send(message)
  const timer = setTimeout(() => child.kill('SIGKILL'), 8000)
  await exited
  clearTimeout(timer)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** CPU time of a process (user + system) in jiffies, from /proc/<pid>/stat; 0 once it is gone. */
function processJiffies(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return 0
  }
}

/**
 * Jiffies of the whole machine from /proc/stat: busy (all but idle and iowait), softirq (of that,
 * most of it loopback TCP), all, and those of this bench's own processes (this one and children).
 */
function machineCpu(): { busy: number; softirq: number; total: number; bench: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
  const total = fields.reduce((a, b) => a + b, 0)
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0)
  let bench = processJiffies(process.pid)
  for (const child of children) bench += processJiffies(child.pid)
  return { busy: total - idle, softirq: fields[6] ?? 0, total, bench }
}

// ---- servers and their clients -----------------------------------------------------------------

type ServerReport = Extract<FromServer, { type: 'windowReport' }>
type WorkerReport = Extract<FromWorker, { type: 'report' }>

interface Setup {
  scenario: Scenario
  server: ChildProcess
  workers: ChildProcess[]
  connected: number
  failed: number
  errors: string[]
  subscribed: number
  rssBefore: number
  rssAfter: number
  heapBefore: number
  heapAfter: number
  connectSeconds: number
}

async function startServer(scenario: Scenario) {
  const profile = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []
  if (profile.length) mkdirSync(PROFILE_DIR, { recursive: true })
  const variant = { BENCH_VARIANT: scenario }
  const server =
    scenario !== 'bare' && scenario !== 'hub'
      ? spawn('./platform-server.ts', ['--expose-gc', ...profile], variant)
      : spawn('./bare-server.ts', ['--expose-gc', ...profile], variant)
  const ready = await next<Extract<FromServer, { type: 'ready' }>>(server, 'ready', 180_000)
  log(`${scenario}: listening on ${ready.port} with ${ready.instruments} instruments`)
  return { scenario, server, ready }
}

async function connectClients({ scenario, server, ready }: Awaited<ReturnType<typeof startServer>>) {
  const t0 = performance.now()
  const workers: ChildProcess[] = []
  for (let i = 0; i < WORKERS; i++) workers.push(spawn('./client-worker.ts'))
  const connected = await Promise.all(
    workers.map((w, i) => {
      const count = Math.floor(CLIENTS / WORKERS) + (i < CLIENTS % WORKERS ? 1 : 0)
      const reply = next<Extract<FromWorker, { type: 'connected' }>>(w, 'connected', 300_000)
      w.send({
        type: 'connect',
        port: ready.port,
        count,
        batch: BATCH,
        connectTimeoutMs: CONNECT_TIMEOUT,
      } satisfies ToWorker)
      return reply
    }),
  )
  const open = connected.reduce((sum, c) => sum + c.open, 0)
  const failed = connected.reduce((sum, c) => sum + c.failed, 0)
  const errors = connected.flatMap((c) => c.errors)
  const connectSeconds = (performance.now() - t0) / 1000
  server.send({ type: 'awaitSubscribers', count: open, timeoutMs: 30_000 } satisfies ToServer)
  const subscribed = await next<Extract<FromServer, { type: 'subscribed' }>>(server, 'subscribed', 60_000)
  log(
    `${scenario}: ${open} open, ${failed} failed${errors.length ? ` (${errors.join(', ')})` : ''}, ` +
      `${subscribed.count} subscribed, in ${connectSeconds.toFixed(1)} s`,
  )
  return {
    scenario,
    server,
    workers,
    connected: open,
    failed,
    errors,
    subscribed: subscribed.count,
    rssBefore: ready.rss,
    rssAfter: subscribed.rss,
    heapBefore: ready.heapUsed,
    heapAfter: subscribed.heapUsed,
    connectSeconds,
  } satisfies Setup
}

// ---- windows -----------------------------------------------------------------------------------

/** One scenario's figures of one phase: the sum of its windows. */
interface Tally {
  seconds: number
  ticks: number
  skipped: number
  serverCpuMs: number
  serverMainCpuMs: number
  serverWallMs: number
  maxLagMs: number
  hub: { frames: number; merged: number; dropped: number } | undefined
  frames: number
  payloadBytes: number
  hist: Uint32Array
  open: number
  closed: number
  clientCpuMs: number
  minPerSocketShare: number
  machineBusy: number
  machineSoftirq: number
  machineTotal: number
  benchJiffies: number
}

const emptyTally = (): Tally => ({
  seconds: 0,
  ticks: 0,
  skipped: 0,
  serverCpuMs: 0,
  serverMainCpuMs: 0,
  serverWallMs: 0,
  maxLagMs: 0,
  hub: undefined,
  frames: 0,
  payloadBytes: 0,
  hist: new Uint32Array(HIST_MAX_MS + 1),
  open: 0,
  closed: 0,
  clientCpuMs: 0,
  minPerSocketShare: Infinity,
  machineBusy: 0,
  machineSoftirq: 0,
  machineTotal: 0,
  benchJiffies: 0,
})

/** Ticks one server at `rate` for a warm-up and a window, and adds what was measured to `tally`. */
async function measureWindow(setup: Setup, rate: number | 'max', seconds: number, tally: Tally) {
  const { server, workers } = setup
  server.send({ type: 'ticks', rate } satisfies ToServer)
  await sleep(WARMUP * 1000)
  const startAt = Date.now() + 100
  const window = { startAt, endAt: startAt + seconds * 1000 }
  const timeout = seconds * 1000 + 60_000
  const serverReport = next<ServerReport>(server, 'windowReport', timeout)
  const workerReports = workers.map((w) => next<WorkerReport>(w, 'report', timeout))
  server.send({ type: 'window', ...window } satisfies ToServer)
  for (const w of workers) w.send({ type: 'window', ...window } satisfies ToWorker)
  let cpu0 = machineCpu()
  let cpu1 = cpu0
  setTimeout(() => (cpu0 = machineCpu()), window.startAt - Date.now())
  setTimeout(() => (cpu1 = machineCpu()), window.endAt - Date.now())
  const [s, ...reports] = await Promise.all([serverReport, ...workerReports])
  server.send({ type: 'stopTicks' } satisfies ToServer)

  tally.seconds += seconds
  tally.ticks += s.ticks
  tally.skipped += s.skipped
  tally.serverCpuMs += s.cpuMs
  tally.serverMainCpuMs += s.mainCpuMs
  tally.serverWallMs += s.wallMs
  tally.maxLagMs = Math.max(tally.maxLagMs, s.maxLagMs)
  if (s.hub) {
    const h = (tally.hub ??= { frames: 0, merged: 0, dropped: 0 })
    h.frames += s.hub.frames
    h.merged += s.hub.merged
    h.dropped += s.hub.dropped
  }
  let open = 0
  let closed = 0
  let frames = 0
  for (const r of reports) {
    frames += r.frames
    tally.payloadBytes += r.payloadBytes
    tally.clientCpuMs += r.cpuMs
    open += r.open
    closed += r.closed
    for (const [ms, count] of r.hist) tally.hist[ms]! += count
    // The least-served socket, as a share of the frames there were to get.
    if (s.ticks > 0) tally.minPerSocketShare = Math.min(tally.minPerSocketShare, r.minPerSocket / s.ticks)
  }
  tally.frames += frames
  tally.open = open
  tally.closed = closed
  tally.machineBusy += cpu1.busy - cpu0.busy
  tally.machineSoftirq += cpu1.softirq - cpu0.softirq
  tally.machineTotal += cpu1.total - cpu0.total
  tally.benchJiffies += cpu1.bench - cpu0.bench
  // Let the last frames drain before the other server starts.
  await sleep(500)
}

interface PhaseResult {
  scenario: Scenario
  phase: 'paced' | 'saturation'
  offeredRate: number | 'max'
  clients: number
  ticksPerSec: number
  skippedTicks: number
  framesPerSec: number
  expectedPerSec: number
  p50: number
  p99: number
  max: number
  payloadBytes: number
  minPerSocketShare: number
  closedSockets: number
  /** Cores (1 = one core busy all the time). */
  serverCpu: number
  /** The share of the server's CPU spent on its main thread (the rest: GC helpers, libuv pool). */
  serverMainShare: number
  clientCpu: number
  machineBusy: number
  machineSoftirq: number
  /**
   * Cores busy with anything but this bench's processes: other work on the machine. (The kernel
   * charges softirq work done in a process's context, most of loopback TCP, to that process.)
   */
  others: number
  maxLagMs: number
  hub: Tally['hub']
}

function percentile(hist: Uint32Array, total: number, p: number): number {
  const target = Math.max(1, Math.ceil(total * p))
  let seen = 0
  for (let ms = 0; ms < hist.length; ms++) {
    seen += hist[ms]!
    if (seen >= target) return ms
  }
  return NaN
}

function result(
  scenario: Scenario,
  phase: PhaseResult['phase'],
  rate: number | 'max',
  t: Tally,
): PhaseResult {
  const ticksPerSec = t.ticks / t.seconds
  const machine = (jiffies: number) => (jiffies / Math.max(1, t.machineTotal)) * CORES
  return {
    scenario,
    phase,
    offeredRate: rate,
    clients: t.open,
    ticksPerSec,
    skippedTicks: t.skipped,
    framesPerSec: t.frames / t.seconds,
    expectedPerSec: ticksPerSec * t.open,
    p50: percentile(t.hist, t.frames, 0.5),
    p99: percentile(t.hist, t.frames, 0.99),
    max: percentile(t.hist, t.frames, 1),
    payloadBytes: t.frames ? t.payloadBytes / t.frames : 0,
    minPerSocketShare: t.minPerSocketShare === Infinity ? 0 : t.minPerSocketShare,
    closedSockets: t.closed,
    serverCpu: t.serverCpuMs / Math.max(1, t.serverWallMs),
    serverMainShare: t.serverMainCpuMs / Math.max(1, t.serverCpuMs),
    clientCpu: t.clientCpuMs / (t.seconds * 1000),
    machineBusy: machine(t.machineBusy),
    machineSoftirq: machine(t.machineSoftirq),
    others: Math.max(0, machine(t.machineBusy - t.benchJiffies)),
    maxLagMs: t.maxLagMs,
    hub: t.hub,
  }
}

/** One phase: every scenario measured over `rounds` windows, in alternating order. */
async function phase(setups: Setup[], kind: PhaseResult['phase'], rate: number | 'max', seconds: number) {
  const tallies = new Map(setups.map((s) => [s, emptyTally()]))
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? setups : [...setups].reverse()
    for (const setup of order) await measureWindow(setup, rate, seconds / ROUNDS, tallies.get(setup)!)
  }
  log(`${kind}${kind === 'paced' ? ` ${rate} ticks/s` : ''} done`)
  return setups.map((s) => result(s.scenario, kind, rate, tallies.get(s)!))
}

// ---- output ------------------------------------------------------------------------------------

const started = performance.now()
function log(line: string) {
  console.error(`[${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`)
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '-'
const pct = (n: number) => `${fmt(n * 100)}%`

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)))
  return rows
    .map((r, i) => {
      const line = r
        .map((cell, c) => (c < 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join('  ')
      return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line
    })
    .join('\n')
}

const label = (p: PhaseResult) =>
  p.scenario === 'simulator' ? 'own ticks' : p.phase === 'paced' ? `paced ${p.offeredRate}/s` : 'saturation'
const usPerFrame = (p: PhaseResult) => (p.serverCpu * 1e6) / Math.max(1, p.framesPerSec)

// ---- the run -----------------------------------------------------------------------------------

// What the machine is doing before the bench adds anything: figures taken on a busy machine are low.
const before0 = machineCpu()
await sleep(2000)
const before1 = machineCpu()
const busyBefore = ((before1.busy - before0.busy) / Math.max(1, before1.total - before0.total)) * CORES
log(`machine ${fmt(busyBefore * 100)}% busy before the run (of ${CORES * 100}%)`)

const setups: Setup[] = []
const phases: PhaseResult[] = []
try {
  // The servers start together (the platform's PGlite takes a while); clients connect one server at a time.
  const servers = await Promise.all(SCENARIOS.map(startServer))
  for (const s of servers) setups.push(await connectClients(s))
  for (const rate of RATES) phases.push(...(await phase(setups, 'paced', rate, SECONDS)))
  if (SATURATION) phases.push(...(await phase(setups, 'saturation', 'max', SAT_SECONDS)))
} finally {
  await Promise.all(setups.flatMap((s) => s.workers.map((w) => stop(w, { type: 'exit' }))))
  await Promise.all([...children].map((c) => stop(c, { type: 'exit' })))
}

console.log(
  `\nws-fanout: ${CLIENTS} clients per server from ${WORKERS} processes each, ${INSTRUMENT_COUNT} instruments, ` +
    `${SECONDS} s per scenario at ${RATES.join(', ')} ticks/s` +
    `${SATURATION ? ` and ${SAT_SECONDS} s at saturation` : ''}, in ${ROUNDS} alternating rounds ` +
    `(Node ${process.version}, ${CORES} cores, ${fmt(busyBefore * 100)}% busy before the run)\n`,
)
const rows: string[][] = [
  [
    'scenario',
    'phase',
    'clients',
    'ticks/s',
    'frames/s',
    'expected/s',
    'delivered',
    'p50 ms',
    'p99 ms',
    'max ms',
    'RSS/conn',
    'server CPU',
    'µs/frame',
    'clients CPU',
    'machine',
    'others',
  ],
]
const ordered = [...phases].sort(
  (a, b) =>
    SCENARIOS.indexOf(a.scenario) - SCENARIOS.indexOf(b.scenario) || phases.indexOf(a) - phases.indexOf(b),
)
for (const p of ordered) {
  const setup = setups.find((s) => s.scenario === p.scenario)!
  rows.push([
    p.scenario,
    label(p),
    fmt(p.clients),
    fmt(p.ticksPerSec, 1),
    fmt(p.framesPerSec),
    fmt(p.expectedPerSec),
    `${fmt((100 * p.framesPerSec) / Math.max(1, p.expectedPerSec), 1)}%`,
    fmt(p.p50),
    fmt(p.p99),
    fmt(p.max),
    `${fmt((setup.rssAfter - setup.rssBefore) / Math.max(1, setup.connected) / 1024, 1)} KiB`,
    pct(p.serverCpu),
    fmt(usPerFrame(p), 2),
    pct(p.clientCpu),
    pct(p.machineBusy),
    pct(p.others),
  ])
}
console.log(table(rows))
console.log(
  '\nserver CPU, clients CPU: share of one core; µs/frame: server CPU per frame delivered; ' +
    `machine: all ${CORES} cores busy, ${CORES * 100}% = saturated; others: of that, processes not ` +
    'of this bench (figures taken while others is high are low)',
)

console.log('')
for (const s of setups) {
  console.log(
    `${s.scenario}: ${fmt(s.connected)} connected, ${fmt(s.failed)} failed` +
      `${s.errors.length ? ` (${s.errors.join(', ')})` : ''} in ${fmt(s.connectSeconds, 1)} s; ` +
      `RSS ${fmt(s.rssBefore / 2 ** 20, 1)} MiB before, ${fmt(s.rssAfter / 2 ** 20, 1)} MiB with ` +
      `${fmt(s.subscribed)} subscribed; heap ${fmt((s.heapAfter - s.heapBefore) / Math.max(1, s.connected) / 1024, 1)} KiB/conn`,
  )
  for (const p of ordered.filter((p) => p.scenario === s.scenario)) {
    const hub = p.hub
      ? `; hub sent ${fmt(p.hub.frames)}, merged ${fmt(p.hub.merged)}, dropped ${fmt(p.hub.dropped)}`
      : ''
    console.log(
      `  ${label(p)}: least-served socket got ${fmt(p.minPerSocketShare * 100, 1)}% of the ticks, ` +
        `${fmt(p.closedSockets)} sockets closed, ${fmt(p.skippedTicks)} ticks skipped, ` +
        `longest event-loop block ${fmt(p.maxLagMs)} ms, main thread ${pct(p.serverMainShare)} of the ` +
        `server's CPU, softirq ${pct(p.machineSoftirq)}${hub}`,
    )
  }
}

const bare = phases.filter((p) => p.scenario === 'bare')
for (const scenario of SCENARIOS.filter((s) => s !== 'bare')) {
  if (!bare.length) break
  console.log('')
  for (const p of phases.filter((p) => p.scenario === scenario)) {
    const b = bare.find((b) => b.phase === p.phase && b.offeredRate === p.offeredRate)!
    const goal = scenario === 'platform'
    console.log(
      `${scenario} / bare, ${label(p)}: frames/s ${fmt((100 * p.framesPerSec) / b.framesPerSec, 1)}%` +
        (goal && p.phase === 'saturation' ? ' (goal >= 70%)' : '') +
        `; CPU per frame bare/${scenario} ${fmt((100 * usPerFrame(b)) / usPerFrame(p), 1)}%` +
        ` (${fmt(usPerFrame(b), 2)} vs ${fmt(usPerFrame(p), 2)} µs)` +
        `; p99 ${fmt(p.p99)} vs ${fmt(b.p99)} ms` +
        (goal && p.phase === 'paced' ? ' (goal < 100 ms)' : ''),
    )
  }
}
if (args.json) {
  const plain = setups.map((s) => ({ ...s, server: undefined, workers: undefined }))
  console.log(`\n${JSON.stringify({ setups: plain, phases }, null, 2)}`)
}
log('done')
