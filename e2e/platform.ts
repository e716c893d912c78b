import { execSync } from 'node:child_process'
import { createServer } from 'node:http'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { DRIVERS, startTestApp, type TestAppOptions } from '../apps/server/test/harness.ts'
import { freePort, startServer } from '../apps/server/test/server-process.ts'

export const ROOT = new URL('..', import.meta.url).pathname

/**
 * The database the browser tests run on: PostgreSQL when the run has one (as in production), else
 * PGlite. Every call they make, races included, is tested on both databases by the server tests;
 * the screens do not depend on the database, and running them twice would only spend CI's time.
 */
export const BROWSER_DRIVERS = [DRIVERS[DRIVERS.length - 1] ?? 'pglite'] as const
export const CHROMIUM = '/usr/bin/chromium'
export const PHONE = { width: 390, height: 844 }

/** Browser tests are skipped only outside CI, and only when Chromium is missing. */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true
  if (process.env.CI) throw new Error(`${CHROMIUM} is missing in CI: .ci/run installs it`)
  console.warn(`browser tests skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`)
  return false
}

/** A local SMTP server that keeps every message it receives, for reading e-mailed codes. */
export async function startMailCatcher() {
  const messages: { to: string; text: string }[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          for (const rcpt of session.envelope.rcptTo)
            messages.push({ to: rcpt.address, text: mail.text ?? '' })
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The 6-digit code of the newest message to `to`, waiting for it to arrive. */
    async codeFor(to: string, timeoutMs = 10_000): Promise<string> {
      const until = Date.now() + timeoutMs
      while (Date.now() < until) {
        const message = [...messages].reverse().find((m) => m.to === to)
        const code = message?.text.match(/\b(\d{6})\b/)?.[1]
        if (code) return code
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`no code arrived for ${to}`)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * An SMS gateway as SMS_URL names one (apps/server/src/messaging/sms-transports.ts, a JSON POST of
 * `{to, text}`): what a phone would receive, for the platform's mobile sign-up.
 */
export async function startSmsCatcher() {
  const messages: { to: string; text: string }[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      messages.push(JSON.parse(body) as { to: string; text: string })
      response.end('{}')
    })
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}/sms`,
    messages,
    /** The 6-digit code of the newest text to `to` (E.164, e.g. +819012345678), waiting for it. */
    async codeFor(to: string, timeoutMs = 10_000): Promise<string> {
      const until = Date.now() + timeoutMs
      while (Date.now() < until) {
        const code = messages.findLast((m) => m.to === to)?.text.match(/\b(\d{6})\b/)?.[1]
        if (code) return code
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`no text arrived for ${to}`)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Builds the web apps and starts the platform as `npm start` does, on a fresh data folder. */
export async function startPlatform(env: Record<string, string>) {
  // Vitest sets NODE_ENV=test; the platform is built as `npm start` builds it, for production
  // (once for the run by e2e/global-setup.ts, unless the run serves builds made elsewhere).
  if (!inject('clientsBuilt'))
    execSync('npm run build', { cwd: ROOT, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } })
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-e2e-data-'))
  const server = await startServer({
    port: await freePort(),
    dataDir,
    // Charts need a few hundred candles, not the thousand a real install seeds: starts faster.
    env: { MARKET_HISTORY_CANDLES: '300', ...env },
  })
  return {
    base: server.base,
    async stop() {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A GET of the platform's API as a signed-in user, messages in English; a refusal throws with its code. */
export async function signedInCall<T>(base: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: { authorization: token, lang: 'en' } })
  const body = (await response.json()) as { code: number; msg: string; data: T }
  if (body.code !== 1) throw new Error(`${path}: ${body.code} ${body.msg}`)
  return body.data
}

/** Headless Chromium that stays off the network this machine does not have (docs/conventions.md "Stack"). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export interface PhoneOptions {
  /**
   * The app's service worker (offline shell) is blocked unless a test opts in: a worker kept from an
   * earlier build would answer with old files while other builds and restarts come and go.
   */
  serviceWorkers?: 'allow' | 'block'
  /**
   * The phone's language (navigator.languages, Accept-Language): Hong Kong Chinese unless a test
   * says otherwise, so that a test that sets no language sees the site default, as most phones of
   * the platform's first market do. The app starts in the first of these it writes.
   */
  locale?: string
}

/** Debian's Chromium at a phone viewport, with a fresh profile. */
export async function openPhone(
  options: PhoneOptions = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'tp-e2e-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: options.serviceWorkers ?? 'block',
    locale: options.locale ?? 'zh-HK',
    args: CHROMIUM_ARGS,
  })
  return {
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** A page on a fresh phone profile that records every uncaught page error. */
export async function openPhonePage(options: PhoneOptions = {}) {
  const phone = await openPhone(options)
  const page = await phone.context.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  return { page, pageErrors, close: () => phone.close() }
}

/**
 * One platform (as `npm start` runs it) and one phone page for a test file whose tests run in order
 * and share them: started before the first test (with the screenshot folder `shots`), closed after
 * the last. Its fields are set from the first test on.
 */
export function platformWithPhone(shots: string) {
  const shared = { base: '', page: undefined as unknown as Page, pageErrors: [] as string[] }
  let platform: Awaited<ReturnType<typeof startPlatform>> | undefined
  let phone: Awaited<ReturnType<typeof openPhonePage>> | undefined
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    platform = await startPlatform({})
    phone = await openPhonePage()
    Object.assign(shared, { base: platform.base, page: phone.page, pageErrors: phone.pageErrors })
  })
  afterAll(async () => {
    await phone?.close()
    await platform?.stop()
  })
  return shared
}

/**
 * The built web app that the in-process browser tests serve. `E2E_WEB_DIST` names a build made
 * elsewhere (so that several people can run browser tests side by side without rebuilding one
 * folder under each other); it is then used as it is.
 */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? join(ROOT, 'apps/web/dist')

let webBuilt = Boolean(process.env.E2E_WEB_DIST)
/**
 * Builds the web app, as `npm start` builds it, when the run has not (e2e/global-setup.ts builds
 * it once for all files): once per test file at most.
 */
export function buildWebOnce(): void {
  if (webBuilt || inject('clientsBuilt')) return
  execSync('npm run build -w apps/web', {
    cwd: ROOT,
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  webBuilt = true
}

/** A 16 x 16 opaque PNG of one `shade`, made here, so the upload's content check has a real image to read. */
export function smallPng(shade = 0x3c): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, sum])
  }
  const side = 16
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(side * 3, shade)])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: side }, () => row)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Signs the phone in with `token`, as the app keeps it after a sign-in. */
export async function signInPhone(page: Page, base: string, token: string): Promise<void> {
  await page.goto(`${base}/`)
  await page.evaluate((value) => localStorage.setItem('token', value), token)
}

/**
 * Opens `url` in a language (the stored choice, as the language screen keeps it) and waits for the
 * page's frame; `loaded` also waits for the screen's own loading indicator to go.
 */
export async function openScreen(page: Page, url: string, lang = 'en', loaded = false): Promise<void> {
  await page.evaluate((code) => localStorage.setItem('lang', code), lang)
  await page.goto(url)
  await page.locator('.page-nav').first().waitFor()
  if (loaded) await page.locator('.page-loading').waitFor({ state: 'detached' })
}

/** A screenshot to `path` once toasts and spinners have gone (or 5 s have passed), after `pauseMs`. */
export async function settledScreenshot(page: Page, path: string, pauseMs = 300): Promise<void> {
  await expect
    .poll(async () => (await page.locator('.adm-toast-main, .page-loading').count()) === 0, { timeout: 5000 })
    .toBe(true)
    .catch(() => undefined)
  await page.waitForTimeout(pauseMs)
  await page.screenshot({ path })
}

/** Picks `label` in the antd-mobile picker that the row with test id `row` opens. */
export async function pickInPicker(page: Page, row: string, label: string): Promise<void> {
  await page.getByTestId(row).click()
  const popup = page.locator('.adm-picker-popup').last()
  await popup.locator('.adm-picker-view-column-item', { hasText: label }).first().click()
  await page.waitForTimeout(400)
  await popup.locator('.adm-picker-header-button').last().click()
  await expect.poll(() => page.getByTestId(row).innerText()).toContain(label)
}

/** Where the browser tests leave their screenshots. */
export const SCREENS = join(ROOT, '.tmp/screens')

/**
 * The server app in this process (the server tests' harness, so that a test can act as staff or
 * move the clock) serving the built web app, and a phone page on a fresh profile; for a
 * `beforeAll`. `open` shows a screen of the app in a language, loaded; `shot` takes a screenshot
 * into SCREENS once toasts and spinners have gone; `close` ends both.
 */
export async function startAppWithPhone(driver: (typeof DRIVERS)[number], options: TestAppOptions = {}) {
  mkdirSync(SCREENS, { recursive: true })
  buildWebOnce()
  const app = await startTestApp(driver, { ...options, app: { ...options.app, webDist: WEB_DIST } })
  const phone = await openPhonePage().catch(async (error: unknown) => {
    await app.close()
    throw error
  })
  const { page } = phone
  return {
    app,
    page,
    pageErrors: phone.pageErrors,
    open: (path: string, lang = 'en') => openScreen(page, `${app.base}${path}`, lang, true),
    shot: (name: string) => settledScreenshot(page, join(SCREENS, `${name}.png`)),
    close: async () => {
      await phone.close()
      await app.close()
    },
  }
}

export type AppWithPhone = Awaited<ReturnType<typeof startAppWithPhone>>
