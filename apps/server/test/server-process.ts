import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

/** The repository root: the server starts from here, as `npm run serve` starts it. */
export const ROOT = new URL('../../../', import.meta.url).pathname

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

export interface ServerOptions {
  port: number
  dataDir: string
  /** PostgreSQL instead of PGlite in `dataDir`. */
  databaseUrl?: string
  env?: Record<string, string>
  /** false: return at once, without waiting for an answer (a standby engine answers only once it leads). */
  waitForAnswer?: boolean
  /** How long to wait for the server to answer (ms). */
  readyTimeoutMs?: number
}

export type ServerProcess = Awaited<ReturnType<typeof startServer>>

/**
 * The real server (`node --import tsx apps/server/src/main.ts`) as a child process, resolved once it
 * answers HTTP. Its stderr and stdout are kept for failure messages.
 */
export async function startServer(options: ServerOptions) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    // Vitest sets NODE_ENV=test; the server runs as it does for real.
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    // TEST_SERVER_LOG_LEVEL=info shows a failing test the processes' every line (their output is in its message).
    LOG_LEVEL: process.env.TEST_SERVER_LOG_LEVEL ?? 'warn',
    MARKET_HISTORY_CANDLES: '20',
    PRICE_SOURCE: 'simulator',
    DATABASE_URL: options.databaseUrl,
    ...options.env,
  }
  if (!options.databaseUrl) delete env.DATABASE_URL
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const base = `http://127.0.0.1:${options.port}`
  const started = Date.now()
  const until = started + (options.readyTimeoutMs ?? 60_000)
  for (; options.waitForAnswer !== false;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode} before answering:\n${output}`)
    try {
      if ((await fetch(`${base}/api/default/area_list`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL')
      throw new Error(`server did not answer within ${options.readyTimeoutMs ?? 60_000} ms:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    base,
    child,
    exited,
    /** Milliseconds from spawn to the first answer. */
    startupMs: Date.now() - started,
    output: () => output,
    /** Ends the process at once, as a crash or `kill -9` would. */
    async kill() {
      child.kill('SIGKILL')
      return exited
    },
    /** Asks the process to stop cleanly and waits for it. */
    async stop(timeoutMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
      const result = await exited
      clearTimeout(timer)
      return result
    },
  }
}

/** One HTTP GET with a token, as the client sends trading calls. Throws when the connection fails. */
export async function getJson(base: string, path: string, token?: string, timeoutMs = 10_000) {
  const headers: Record<string, string> = { lang: 'en' }
  if (token) headers.authorization = token
  const response = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(timeoutMs) })
  return {
    status: response.status,
    body: (await response.json()) as { code: number; msg: string; data: any; reason?: string },
  }
}
