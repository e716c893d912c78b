/**
 * What the browser downloads before a route can paint, gzipped: the entry script of
 * dist/index.html with every module it imports statically (its modulepreloads), plus the chunk of
 * the route's screen and its static imports, which the router fetches at once. Stylesheets are
 * counted apart. Run after `npm run build -w apps/web`:
 *
 *   node apps/web/scripts/initial-size.mjs [--route /trade|/order] [--budget-kb 150] [--check]
 *
 * The route is `/` unless given (the screens it knows are in SCREENS). Lazy parts a screen loads
 * after it has painted (the chart library on /trade) are not counted.
 *
 * It reads dist/.vite/manifest.json (build.manifest is on in vite.config.ts). With --check it exits
 * with code 1 when the JavaScript total is over the budget.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const distArg = process.argv.indexOf('--dist')
/** The build to measure: apps/web/dist, or another build's folder (`--dist /tmp/x-web-dist`). */
const dist =
  distArg > 0 ? process.argv[distArg + 1] : join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
/** The module of each measured route's screen, as screen-loaders.ts imports it. */
const SCREENS = {
  '/': 'src/features/market/components/market-screen.tsx',
  '/trade': 'src/features/trade/components/trade-screen.tsx',
  '/order': 'src/features/orders/components/orders-screen.tsx',
}
const routeArg = process.argv.indexOf('--route')
const route = routeArg > 0 ? process.argv[routeArg + 1] : '/'
const SCREEN = SCREENS[route]
if (!SCREEN) throw new Error(`--route must be one of ${Object.keys(SCREENS).join(', ')}, not ${route}`)
const budgetArg = process.argv.indexOf('--budget-kb')
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 152
// A missing or mistyped number would make every comparison false and --check always pass.
if (!(budgetKb > 0))
  throw new Error(`--budget-kb needs a positive number, not ${process.argv[budgetArg + 1]}`)

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
// The app's own page: the build has other entries (the support chat page, chat.html) loaded elsewhere.
const entryKey = manifest['index.html']?.isEntry ? 'index.html' : undefined
if (!entryKey) throw new Error('no entry in the manifest')
if (!manifest[SCREEN]) throw new Error(`${SCREEN} is not in the manifest`)

/** A chunk and everything it imports statically, depth first, each once. */
function collect(key, seen) {
  if (seen.has(key)) return
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) collect(imported, seen)
}

const entryKeys = new Set()
collect(entryKey, entryKeys)
const screenKeys = new Set()
collect(SCREEN, screenKeys)
for (const key of entryKeys) screenKeys.delete(key)

// Cross-check with index.html: the manifest's static imports are what Vite writes as modulepreloads,
// which the build moves into `<meta name="app-preload">` (preloaded after the first paint).
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const afterPaint = /<meta name="app-preload" content="([^"]*)"/.exec(html)?.[1] ?? ''
const htmlScripts = [
  ...[...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+)"/g)].map(
    (match) => match[1],
  ),
  ...afterPaint
    .split(' ')
    .filter(Boolean)
    .map((file) => file.replace(/^\//, '')),
].sort()
const manifestScripts = [...entryKeys].map((key) => manifest[key].file).sort()
// Classic scripts (app-shell.js) are not in the manifest: counted on their own.
const pageScripts = htmlScripts.filter((file) => !file.startsWith('assets/'))
const bundled = htmlScripts.filter((file) => file.startsWith('assets/'))
if (bundled.join() !== manifestScripts.join()) {
  console.warn('index.html and the manifest disagree:', { bundled, manifestScripts })
}

const gzipBytes = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7)

function report(title, keys) {
  let total = 0
  console.log(title)
  for (const key of keys) {
    const { file } = manifest[key]
    const bytes = gzipBytes(file)
    total += bytes
    console.log(`  ${kb(bytes)} KB  ${file}`)
  }
  return total
}

function cssOf(keys) {
  return new Set([...keys].flatMap((key) => manifest[key].css ?? []))
}

let pageJs = 0
console.log('Scripts of public/ that index.html loads:')
for (const file of pageScripts) {
  const bytes = gzipBytes(file)
  pageJs += bytes
  console.log(`  ${kb(bytes)} KB  ${file}`)
}
const entryJs = report('Entry script and its static imports (index.html):', entryKeys)
const screenJs = report(`The ${route} screen (${SCREEN}) and its further static imports:`, screenKeys)
const css = [...cssOf(entryKeys), ...cssOf(screenKeys)].reduce((sum, file) => sum + gzipBytes(file), 0)
const js = pageJs + entryJs + screenJs
console.log(
  `Initial JavaScript of ${route}: ${kb(js).trim()} KB gzipped (${js} bytes; budget ${budgetKb} KB)`,
)
console.log(`Initial CSS of ${route}:        ${kb(css).trim()} KB gzipped`)
if (process.argv.includes('--check') && js > budgetKb * 1024) process.exitCode = 1
