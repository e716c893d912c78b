/**
 * bench/fix-feed (issue 28): ticks per second from liquidity providers over FIX 4.4 into the
 * platform's price path, against the built-in simulator's, in the same run and at the same offered
 * rates. Run: npm run fix-feed -w bench [-- --instruments 200 --rates 1000,4000,8000 --seconds 5]
 *
 * FIX path: a test provider in a child process (fix/test-provider.ts) streams incremental refreshes
 * of every instrument; this process runs `fixPriceSource` (a price session decoding them, the feed's
 * checks, the provider book) as `PRICE_SOURCE=fix:` does. Simulator path: `simulatorSource` over the
 * same instruments at the same rate. Both sinks run the feed's tick check; the figures are the ticks
 * that reached the sink per second and this process's CPU per tick (the platform's cost, the least
 * noisy figure), with the provider's own sent refreshes beside them.
 */
import { fork } from 'node:child_process'
import { parseArgs } from 'node:util'
import { SessionCalendar, tickRefusal } from '@tp/engine'
import { fixPriceSource } from '../../apps/server/src/fix/fix-price-source.ts'
import { memorySequences } from '../../apps/server/src/fix/sequence-store.ts'
import { simulatorSource, type PriceSource } from '../../apps/server/src/market/price-source.ts'

const { values } = parseArgs({
  options: {
    instruments: { type: 'string', default: '200' },
    rates: { type: 'string', default: '1000,4000,8000,16000' },
    seconds: { type: 'string', default: '5' },
  },
})
const COUNT = Number(values.instruments)
const RATES = values.rates.split(',').map(Number)
const SECONDS = Number(values.seconds)
const symbols = Array.from({ length: COUNT }, (_, i) => `I${String(i).padStart(3, '0')}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Figures {
  ticksPerSecond: number
  cpuUsPerTick: number
  sentPerSecond?: number
}

/** Counts what reaches the sink over the window after a warm-up, and this process's CPU meanwhile. */
async function measure(
  start: (sink: () => void) => Promise<() => Promise<void>>,
  sent?: () => Promise<number>,
) {
  let ticks = 0
  const stop = await start(() => ticks++)
  await sleep(2000)
  const [ticks0, sent0, cpu0, at0] = [ticks, await sent?.(), process.cpuUsage(), Date.now()]
  await sleep(SECONDS * 1000)
  const [ticks1, sent1, cpu1, at1] = [ticks, await sent?.(), process.cpuUsage(cpu0), Date.now()]
  await stop()
  const seconds = (at1 - at0) / 1000
  const figures: Figures = {
    ticksPerSecond: (ticks1 - ticks0) / seconds,
    cpuUsPerTick: (cpu1.user + cpu1.system) / Math.max(1, ticks1 - ticks0),
  }
  if (sent0 !== undefined && sent1 !== undefined) figures.sentPerSecond = (sent1 - sent0) / seconds
  return figures
}

const check = (sink: () => void) => (tick: { bid: number; ask: number; timeMs: number }) => {
  if (!tickRefusal(tick, 5, Date.now(), 1000)) sink()
}

async function fixPath(intervalMs: number): Promise<Figures> {
  const child = fork(
    new URL('./provider.ts', import.meta.url).pathname,
    [String(COUNT), String(intervalMs)],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  )
  const { port } = await new Promise<{ port: number }>((resolve) => child.once('message', resolve as never))
  const sent = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m: { refreshes: number }) => resolve(m.refreshes))
      child.send('stats')
    })
  try {
    return await measure(async (sink) => {
      const source = fixPriceSource(
        {
          choice: 'priority',
          providers: [
            {
              name: 'lp1',
              host: '127.0.0.1',
              port,
              senderCompId: 'BROKER',
              targetCompId: 'LP1',
              heartbeatSeconds: 5,
              priority: 1,
              quietMs: 2000,
              staleMs: 10_000,
              resetOnLogon: true,
              symbols: Object.fromEntries(symbols.map((s) => [s, s])),
              reconnectFirstMs: 500,
              reconnectMostMs: 5000,
              depth: 1,
            },
          ],
        },
        {
          instruments: symbols.map((code) => ({ code, precision: 5 })),
          keeper: memorySequences(),
          clock: Date.now,
          log: (level, message) => level !== 'info' && console.warn(level, message),
          onRefused: (r) => console.warn('refused', r),
        },
      )
      source.start(check(sink))
      return async () => {
        await source.stop()
      }
    }, sent)
  } finally {
    child.send('stop')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

async function simulatorPath(intervalMs: number): Promise<Figures> {
  const calendar = SessionCalendar.utc([{ From: 0, To: 7 * 1440 }])
  return await measure(async (sink) => {
    const source: PriceSource = simulatorSource(
      symbols.map((code) => ({
        code,
        walk: { anchor: 1.1, dailyVolatility: 2, reversionDays: 20 },
        calendar,
        precision: 5,
        spreadPoints: 10,
        tickIntervalMs: intervalMs,
        startMid: 1.1,
        startMs: Date.now(),
      })),
      Date.now,
    )
    source.start(check(sink))
    return async () => {
      await source.stop()
    }
  })
}

const rows: string[] = []
for (const rate of RATES) {
  const intervalMs = (COUNT * 1000) / rate
  const fix = await fixPath(intervalMs)
  const sim = await simulatorPath(intervalMs)
  rows.push(
    `| ${rate.toLocaleString('en')} | ${Math.round(sim.ticksPerSecond).toLocaleString('en')} | ${sim.cpuUsPerTick.toFixed(1)} | ${Math.round(fix.sentPerSecond ?? 0).toLocaleString('en')} | ${Math.round(fix.ticksPerSecond).toLocaleString('en')} | ${fix.cpuUsPerTick.toFixed(1)} | ${(fix.cpuUsPerTick / sim.cpuUsPerTick).toFixed(1)}x |`,
  )
  console.info(rows.at(-1))
}
console.info(
  `\n${COUNT} instruments, ${SECONDS} s per window after 2 s of warm-up; CPU is this process's (the platform's side).`,
)
console.info(
  '| offered ticks/s | simulator ticks/s | simulator µs/tick | provider sent/s | FIX ticks/s | FIX µs/tick | FIX/simulator CPU |',
)
console.info('|---|---|---|---|---|---|---|')
for (const row of rows) console.info(row)
