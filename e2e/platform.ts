import { execSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { chromium, type BrowserContext } from 'playwright-core'
import { freePort, startServer } from '../apps/server/test/server-process.ts'

export const ROOT = new URL('..', import.meta.url).pathname
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

/** Builds the web apps and starts the platform as `npm start` does, on a fresh data folder. */
export async function startPlatform(env: Record<string, string>) {
  // Vitest sets NODE_ENV=test; the platform is built as `npm start` builds it, for production.
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

/** Debian's Chromium at a phone viewport, with a fresh profile. */
export async function openPhone(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'tp-e2e-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
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
export async function openPhonePage() {
  const phone = await openPhone()
  const page = await phone.context.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  return { page, pageErrors, close: () => phone.close() }
}
