/**
 * Lighthouse mobile (its default: a mid-range phone on slow 4G, simulated throttling) on the phone
 * app's `/`, `/trade` and `/order`, served as `npm start` serves it, in Debian's Chromium: first as a
 * visitor (what a newcomer sees: `/order` is then the sign-in screen), then `--signed-in` pages with a
 * demo account's token. Prints the four category scores and the load figures next to a baseline
 * measured in the same run: a page of one heading and one paragraph from a bare Node server, the best
 * this machine and throttle allow.
 *
 *   npm run lighthouse -w bench [-- --runs 3 --pages /,/trade,/order --signed-in /order --skip-build]
 *
 * Each figure is the median of `--runs` runs. Full reports land in .tmp/lighthouse/*.json.
 */
import { execSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { ROOT, freePort, startServer } from '../../apps/server/test/server-process.ts'
import { MarketStatus } from '@tp/contracts'
import { firstPriceMs } from './first-price.ts'

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/,/trade,/order' },
    'signed-in': { type: 'string', default: '/order' },
    'skip-build': { type: 'boolean', default: false },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    // The server's clock shifted by libfaketime (Debian's faketime package), e.g. `--server-time=-4d`: markets
    // are closed at weekends, when pages draw less (no ticks) and /trade says so instead.
    'server-time': { type: 'string' },
  },
})
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1'
const RUNS = Math.max(1, Number(args.runs) || 1)
const PAGES = args.pages.split(',').filter(Boolean)
const SIGNED_IN_PAGES = args['signed-in'].split(',').filter(Boolean)
const REPORTS = join(ROOT, '.tmp/lighthouse')
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

interface Figures {
  scores: Record<(typeof CATEGORIES)[number], number>
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** What the browser painted as the largest element (of the last run): text and its element. */
  lcpElement: string
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] as number
}

/** The floor: the smallest page a phone could be sent, served without compression or caching rules. */
function startBaseline(port: number) {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Baseline page"><title>Baseline</title></head><body><h1>Markets</h1><p>One paragraph of text, nothing else.</p></body></html>`
  const server = createServer((req, res) => {
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' })
      return res.end('User-agent: *\nAllow: /\n')
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(page)
  })
  return new Promise<typeof server>((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}

async function measure(url: string, port: number, name: string): Promise<Figures> {
  const runs: Figures[] = []
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      // Lighthouse's storage reset empties the HTTP cache and service workers before each run (a
      // first visit every time) but not localStorage, so /order keeps the bench's signed-in token.
    })
    if (!result) throw new Error(`no Lighthouse result for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    writeFileSync(join(REPORTS, `${name}-${i + 1}.json`), JSON.stringify(lhr, null, 1))
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    runs.push({
      scores: Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ) as Figures['scores'],
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      lcpElement: lcpElementOf(lhr),
    })
  }
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]),
    ) as Figures['scores'],
    fcpMs: median(runs.map((r) => r.fcpMs)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    lcpElement: runs.at(-1)?.lcpElement ?? '',
  }
}

/** The LCP element of a report, as "its text <its tag>", so a change of candidate shows in the output. */
function lcpElementOf(lhr: { audits: Record<string, { details?: unknown }> }): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { nodeLabel?: string; snippet?: string } }[] }[] } | undefined
  const node = details?.items?.[0]?.items?.[0]?.node
  return node ? `${(node.nodeLabel ?? '').slice(0, 40)} ${node.snippet ?? ''}` : 'none'
}

/** A demo account's token in the app's localStorage, so that `/order` shows the signed-in screen. */
async function signInDemo(base: string, port: number): Promise<void> {
  const answer = await (
    await fetch(`${base}/api/user/createAccountDemoForU?demo_id=lighthouse-${Date.now()}`)
  ).json()
  const token = answer?.data?.token ?? answer?.data
  if (typeof token !== 'string') throw new Error(`no demo token: ${JSON.stringify(answer)}`)
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  const page = await browser.contexts()[0]!.newPage()
  await page.goto(`${base}/`)
  await page.evaluate((value) => localStorage.setItem('token', value), token)
  await page.close()
  await browser.close()
}

const row = (name: string, f: Figures) =>
  [
    name.padEnd(12),
    ...CATEGORIES.map((c) => String(f.scores[c]).padStart(6)),
    `${(f.fcpMs / 1000).toFixed(2)} s`.padStart(9),
    `${(f.lcpMs / 1000).toFixed(2)} s`.padStart(9),
    `${Math.round(f.tbtMs)} ms`.padStart(8),
    f.cls.toFixed(3).padStart(7),
  ].join(' ')

/** The environment that shifts the server's clock by `--server-time`, if asked for. */
function serverClock(): Record<string, string> {
  const shift = args['server-time']
  if (!shift) return {}
  if (!existsSync(LIBFAKETIME))
    throw new Error(`--server-time needs ${LIBFAKETIME}: apt-get install faketime`)
  return { LD_PRELOAD: LIBFAKETIME, FAKETIME: shift }
}

async function main() {
  mkdirSync(REPORTS, { recursive: true })
  if (!args['skip-build']) {
    console.log('building the web app as npm start does…')
    execSync('npm run build -w apps/web', {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production' },
    })
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-lighthouse-'))
  // As `npm start` runs it: its history of candles, its log level, the house traders trading.
  const server = await startServer({
    port: await freePort(),
    dataDir,
    env: { MARKET_HISTORY_CANDLES: '1000', LOG_LEVEL: 'info', HOUSE_TRADERS: '1', ...serverClock() },
    readyTimeoutMs: 180_000,
  })
  const baselinePort = await freePort()
  const baseline = await startBaseline(baselinePort)
  const chrome = await chromeLauncher.launch({
    chromePath: args.chromium,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  })
  try {
    const markets = (await (await fetch(`${server.base}/v1/api/forex/trade_list`)).json()) as {
      data?: { MarketStatus?: number }[]
    }
    const open = markets.data?.filter((item) => item.MarketStatus === MarketStatus.Open).length ?? 0
    console.log(
      `Lighthouse mobile (default throttling), median of ${RUNS} run(s) each; ` +
        `${open} of ${markets.data?.length ?? 0} markets open${args['server-time'] ? ` (server time ${args['server-time']})` : ''}\n`,
    )
    console.log(
      [
        'page'.padEnd(12),
        'perf',
        '  a11y',
        '    bp',
        '   seo',
        '      FCP',
        '      LCP',
        '     TBT',
        '    CLS',
      ].join(' '),
    )
    console.log(row('baseline', await measure(`http://127.0.0.1:${baselinePort}/`, chrome.port, 'baseline')))
    const elements: string[] = []
    const measurePage = async (path: string, signedIn: boolean) => {
      const label = signedIn ? `${path} (in)` : path
      const name = `${path === '/' ? 'home' : path.slice(1).replace(/\//g, '-')}${signedIn ? '-signed-in' : ''}`
      const figures = await measure(`${server.base}${path}`, chrome.port, name)
      console.log(row(label, figures))
      elements.push(`${label.padEnd(12)} ${figures.lcpElement}`)
    }
    for (const path of PAGES) await measurePage(path, false)
    // The goal beside Lighthouse's: a price on screen within 1 s at 4x CPU (network unthrottled).
    const firstPrices: string[] = []
    for (const path of PAGES.filter((page) => page === '/' || page === '/trade')) {
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) times.push(await firstPriceMs(chrome.port, `${server.base}${path}`))
      firstPrices.push(
        `${path.padEnd(12)} ${(median(times) / 1000).toFixed(2)} s  (${times.map((t) => (t / 1000).toFixed(2)).join(' / ')})`,
      )
    }
    if (SIGNED_IN_PAGES.length > 0) {
      await signInDemo(server.base, chrome.port)
      for (const path of SIGNED_IN_PAGES) await measurePage(path, true)
    }
    console.log(`\nLCP element (last run):\n${elements.join('\n')}`)
    if (firstPrices.length > 0)
      console.log(
        `\nFirst price on screen, 4x CPU, no network throttle (median of ${RUNS}):\n${firstPrices.join('\n')}`,
      )
    console.log(`\nreports: ${REPORTS}`)
  } finally {
    chrome.kill()
    baseline.close()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
