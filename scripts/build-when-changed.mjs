/**
 * `npm start`'s build step: builds the phone app and the back office only when their sources changed
 * since the build in their `dist/` (a hash of every input file, kept as `dist/.build-inputs`), so a
 * restart serves the last build at once. `npm run build` always builds. Vite prints warnings and
 * errors only; the file list of a build is `npm run build`'s.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = new URL('..', import.meta.url).pathname
/** What both apps are built from besides their own folder: the shared packages and the lockfile. */
const SHARED = ['packages/contracts/src', 'packages/engine/src', 'package-lock.json']
const APPS = [
  { name: 'phone app', dir: 'apps/web' },
  { name: 'back office', dir: 'apps/admin' },
]
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite'])
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name)

function* filesUnder(path) {
  const full = join(ROOT, path)
  if (!existsSync(full)) return
  const entries = readdirSync(full, { withFileTypes: true })
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = `${path}/${entry.name}`
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* filesUnder(child)
    } else if (!isTest(entry.name)) yield child
  }
}

function inputsOf(dir) {
  const hash = createHash('sha256')
  for (const root of [dir, ...SHARED]) {
    const paths = root.endsWith('.json') ? [root] : [...filesUnder(root)]
    for (const path of paths)
      hash
        .update(path)
        .update('\0')
        .update(readFileSync(join(ROOT, path)))
        .update('\0')
  }
  // Build-time settings reach the bundle through VITE_ variables.
  for (const key of Object.keys(process.env)
    .filter((k) => k.startsWith('VITE_'))
    .sort())
    hash.update(`${key}=${process.env[key]}\0`)
  return hash.digest('hex')
}

for (const app of APPS) {
  const stamp = join(ROOT, app.dir, 'dist', '.build-inputs')
  const inputs = inputsOf(app.dir)
  const built = existsSync(join(ROOT, app.dir, 'dist', 'index.html')) && existsSync(stamp)
  if (built && readFileSync(stamp, 'utf8') === inputs) {
    console.log(`${app.name}: sources unchanged, serving the last build`)
    continue
  }
  const started = Date.now()
  const run = spawnSync('npm', ['run', 'build', '--silent', '-w', app.dir, '--', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  if (run.status !== 0) process.exit(run.status ?? 1)
  writeFileSync(stamp, inputs)
  console.log(`${app.name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
