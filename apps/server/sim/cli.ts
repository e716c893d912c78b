/**
 * `npm run simulate -- --seed N` replays one seed's history; `--seeds N` runs N seeds from `--from`
 * (1), in `--jobs` processes. A failure prints the seed, the step and the broken invariant, then the
 * shortest history found that still breaks it, written to sim-failures/ for `--replay FILE`.
 * Options: --steps K (120) --driver pglite|postgres --budget RUNS (shrinker, 300) --no-shrink,
 * --first (stop at the first failing seed), --verbose (each step's outcome, with --seed or --replay).
 */
import { spawn } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { historyOf, type Action } from './history.ts'
import { runHistory, shrink, type Driver, type Failure } from './simulate.ts'

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    seeds: { type: 'string' },
    from: { type: 'string', default: '1' },
    steps: { type: 'string', default: '120' },
    driver: { type: 'string', default: 'pglite' },
    jobs: { type: 'string', default: '1' },
    budget: { type: 'string', default: '300' },
    replay: { type: 'string' },
    'no-shrink': { type: 'boolean', default: false },
    /** With --seed or --replay: print what each step did. */
    verbose: { type: 'boolean', default: false },
    /** With --seeds: stop at the first seed that fails (how many seeds a defect takes to find). */
    first: { type: 'boolean', default: false },
    /** Set by the parent for its worker processes: report in one JSON line, do not shrink. */
    worker: { type: 'boolean', default: false },
  },
})
const STEPS = Number(values.steps)
const DRIVER = values.driver as Driver
if (DRIVER !== 'pglite' && DRIVER !== 'postgres') throw new Error('--driver is pglite or postgres')
if (DRIVER === 'postgres' && !process.env.TEST_DATABASE_URL)
  throw new Error('--driver postgres needs TEST_DATABASE_URL (a database it may create others from)')

const describe = (f: Failure) =>
  [
    `seed ${f.seed} broke "${f.invariant}" after step ${f.step}: ${JSON.stringify(f.action)}`,
    `  the step: ${f.outcome || '(nothing said)'}`,
    `  found: ${f.detail}`,
  ].join('\n')

async function report(failure: Failure, actions: readonly Action[]): Promise<void> {
  console.log(describe(failure))
  console.log(`  replay: npm run simulate -- --seed ${failure.seed} --steps ${STEPS}`)
  if (values['no-shrink']) return
  const run = (candidate: readonly Action[]) => runHistory(failure.seed, candidate, DRIVER)
  const shrunk = await shrink(actions, failure, run, Number(values.budget), (length) =>
    process.stdout.write(`  shrinking: ${length} steps\r`),
  )
  const folder = 'sim-failures'
  await mkdir(folder, { recursive: true })
  const file = `${folder}/seed-${failure.seed}.json`
  await writeFile(file, JSON.stringify({ seed: failure.seed, actions: shrunk.actions }, null, 1))
  console.log(
    `  shortest history found: ${shrunk.actions.length} of ${failure.step + 1} steps (${shrunk.runs} runs)`,
  )
  console.log(describe(shrunk.failure).replace(/^/gm, '  '))
  console.log(`  replay it: npm run simulate -- --replay ${file}`)
}

/** Runs seeds `from` to `from + count - 1` in this process. */
async function runSeeds(from: number, count: number) {
  const began = performance.now()
  const failures: Failure[] = []
  for (let seed = from; seed < from + count; seed++) {
    const failure = await runHistory(seed, historyOf(seed, STEPS), DRIVER)
    if (failure) {
      failures.push(failure)
      if (!values.worker) await report(failure, historyOf(seed, STEPS))
      if (values.first) return { seeds: seed - from + 1, failures, ms: performance.now() - began }
    }
    const done = seed - from + 1
    if (!values.worker && done % 25 === 0) console.log(`${done} of ${count} seeds, ${failures.length} failed`)
  }
  return { seeds: count, failures, ms: performance.now() - began }
}

/** Splits the seeds over `jobs` worker processes of this script and gathers what they found. */
async function runInWorkers(from: number, count: number, jobs: number) {
  const began = performance.now()
  const script = fileURLToPath(import.meta.url)
  const share = Math.ceil(count / jobs)
  const parts = Array.from({ length: jobs }, (_, j) => ({
    from: from + j * share,
    count: Math.min(share, count - j * share),
  }))
  const results = await Promise.all(
    parts
      .filter((p) => p.count > 0)
      .map(
        (part) =>
          new Promise<{ seeds: number; failures: Failure[] }>((resolve, reject) => {
            const args = [
              ...process.execArgv,
              script,
              '--worker',
              '--from',
              String(part.from),
              '--seeds',
              String(part.count),
            ]
            args.push('--steps', String(STEPS), '--driver', DRIVER)
            const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
            let out = ''
            child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
            child.on('exit', (code) => {
              const line = out.split('\n').find((l) => l.startsWith('{'))
              if (code !== 0 || !line) reject(new Error(`a worker exited with ${code}: ${out}`))
              else resolve(JSON.parse(line) as { seeds: number; failures: Failure[] })
            })
          }),
      ),
  )
  const failures = results.flatMap((r) => r.failures)
  for (const failure of failures) await report(failure, historyOf(failure.seed, STEPS))
  return { seeds: count, failures, ms: performance.now() - began }
}

const printStep = (step: number, outcome: string) => console.log(`${String(step).padStart(4)} ${outcome}`)

async function main(): Promise<number> {
  if (values.replay) {
    const saved = JSON.parse(await readFile(values.replay, 'utf8')) as { seed: number; actions: Action[] }
    const failure = await runHistory(
      saved.seed,
      saved.actions,
      DRIVER,
      values.verbose ? printStep : undefined,
      values.verbose ? console.log : undefined,
    )
    console.log(
      failure ? describe(failure) : `seed ${saved.seed}: ${saved.actions.length} steps, every invariant held`,
    )
    return failure ? 1 : 0
  }
  if (values.seed !== undefined) {
    const seed = Number(values.seed)
    const actions = historyOf(seed, STEPS)
    const failure = await runHistory(
      seed,
      actions,
      DRIVER,
      values.verbose ? printStep : undefined,
      values.verbose ? console.log : undefined,
    )
    if (failure) await report(failure, actions)
    else console.log(`seed ${seed}: ${STEPS} steps, every invariant held`)
    return failure ? 1 : 0
  }
  const count = Number(values.seeds ?? 1)
  const from = Number(values.from)
  const jobs = Math.max(1, Number(values.jobs))
  const result = jobs > 1 ? await runInWorkers(from, count, jobs) : await runSeeds(from, count)
  if (values.worker) {
    console.log(JSON.stringify(result))
    return 0
  }
  const perMinute = (result.seeds / result.ms) * 60_000
  console.log(
    `simulated ${result.seeds} seeds (${from} to ${from + count - 1}) of ${STEPS} steps on ${DRIVER} in ` +
      `${(result.ms / 1000).toFixed(0)} s: ${perMinute.toFixed(0)} seeds per minute, ${result.failures.length} failed`,
  )
  return result.failures.length > 0 ? 1 : 0
}

process.exitCode = await main()
