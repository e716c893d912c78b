import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'

/** The advisory lock key every server process takes on PostgreSQL ("tp-engine" as a number). */
const ADVISORY_KEY = 0x7470_656e
/** How long an attempt to take the lock may wait for a connection. */
const CONNECT_TIMEOUT_MS = 3000

/**
 * The right to write trading state. Holding it is not enough on its own: a lock can be lost (its
 * connection drops) while the old holder still runs, so every trading write also checks the fence
 * epoch the holder claimed when it took the lock (trading/event-writer.ts `claimFence`).
 */
export interface WriterLock {
  /** Called once each time the lock is lost. */
  onLost(listener: () => void): void
  /** After a loss: tries to take the lock again; true if this process holds it now. */
  reacquire(): Promise<boolean>
  release(): Promise<void>
}

/**
 * One trading engine per database: two would decide on the same accounts and overwrite each other.
 * On PostgreSQL a session advisory lock held by a dedicated connection (whose loss is reported); on
 * PGlite a lock file with the owner's process id (a stale one, left by a killed process, is taken
 * over; an embedded database has no connection to lose).
 */
export async function takeWriterLock(target: { url: string } | { dataDir: string }): Promise<WriterLock> {
  if ('url' in target) return takeAdvisoryLock(target.url)
  const file = join(target.dataDir, 'server.lock')
  const owner = readOwner(file)
  if (owner !== undefined && owner !== process.pid && isAlive(owner))
    throw new Error(`another server (process ${owner}) already uses ${target.dataDir}`)
  const fd = openSync(file, 'w')
  writeFileSync(fd, String(process.pid))
  closeSync(fd)
  return {
    onLost() {},
    reacquire: async () => readOwner(file) === process.pid,
    async release() {
      if (readOwner(file) === process.pid) rmSync(file, { force: true })
    },
  }
}

/**
 * A standby engine's wait (ROLE=engine, decision 049): tries to take the lock every `retryMs` until it
 * does, so that it leads as soon as the leader's connection is gone (PostgreSQL frees a session's
 * advisory lock the moment its connection ends).
 */
export async function waitForWriterLock(
  url: string,
  options: { retryMs: number; onWaiting: (reason: string) => void },
): Promise<WriterLock> {
  let said = ''
  for (;;) {
    try {
      return await takeAdvisoryLock(url)
    } catch (error) {
      const reason = (error as Error).message
      // Said once per reason, not every try.
      if (reason !== said) options.onWaiting(reason)
      said = reason
      await new Promise((resolve) => setTimeout(resolve, options.retryMs))
    }
  }
}

/** The lock of a database only this process can reach (PGlite in memory: tests and benchmarks). */
export function processLocalLock(): WriterLock {
  return { onLost() {}, reacquire: async () => true, release: async () => {} }
}

async function takeAdvisoryLock(url: string): Promise<WriterLock> {
  const listeners: (() => void)[] = []
  let client: pg.Client | undefined
  let released = false

  const attempt = async (): Promise<boolean> => {
    // A database whose machine does not answer at all would hold a connect for minutes (the
    // system's TCP timeout): a standby tries again instead, so it leads soon after the database is back.
    const candidate = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    })
    // Until it holds the lock, an error of this connection only means the attempt failed.
    candidate.on('error', () => {})
    await candidate.connect()
    const { rows } = await candidate.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
      ADVISORY_KEY,
    ])
    if (!rows[0]?.ok) {
      await candidate.end()
      return false
    }
    let lost = false
    const lose = () => {
      if (lost || released) return
      lost = true
      client = undefined
      for (const listener of listeners) listener()
    }
    candidate.on('error', lose)
    candidate.on('end', lose)
    client = candidate
    return true
  }

  if (!(await attempt())) throw new Error('another server already runs on this database (advisory lock held)')
  return {
    onLost: (listener) => void listeners.push(listener),
    reacquire: async () => client !== undefined || attempt(),
    async release() {
      released = true
      await client?.end()
    },
  }
}

function readOwner(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
