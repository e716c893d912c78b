import { spawn, execSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { chromium, type BrowserContext } from 'playwright-core'

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

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
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
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Charts need a few hundred candles, not the thousand a real install seeds: starts faster.
      MARKET_HISTORY_CANDLES: '300',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  const until = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`platform exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${base}/api/default/area_list`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error('platform did not start within 60 s')
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
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
