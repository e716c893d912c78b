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
 * A standby engine's wait (ROLE=engine, decision 049): waits inside PostgreSQL for the lock
 * (`pg_advisory_lock`), so that it leads the moment the leader's connection is gone (PostgreSQL frees
 * a session's advisory lock when its connection ends). The wait is cut every LOCK_WAIT_MS and begun
 * again on the same connection, and a connection that stops answering is given up after
 * QUERY_TIMEOUT_MS: a database that went away is noticed, and the standby connects again every
 * `retryMs` until it answers.
 */
export async function waitForWriterLock(
  url: string,
  options: { retryMs: number; onWaiting: (reason: string) => void },
): Promise<WriterLock> {
  let said = ''
  // Said once per reason, not every try.
  const say = (reason: string) => {
    if (reason !== said) options.onWaiting(reason)
    said = reason
  }
  for (;;) {
    try {
      return await takeAdvisoryLock(url, () => say(LOCK_HELD))
    } catch (error) {
      say((error as Error).message)
      await new Promise((resolve) => setTimeout(resolve, options.retryMs))
    }
  }
}

const LOCK_HELD = 'another server already runs on this database (advisory lock held)'
/** How long one wait for the lock lasts in PostgreSQL (lock_timeout) before it is begun again. */
const LOCK_WAIT_MS = 2000
/** How long a statement on the lock's connection may go unanswered before the connection is dropped. */
const QUERY_TIMEOUT_MS = 5000

/** The lock of a database only this process can reach (PGlite in memory: tests and benchmarks). */
export function processLocalLock(): WriterLock {
  return { onLost() {}, reacquire: async () => true, release: async () => {} }
}

/**
 * Takes the lock on a connection of its own. Without `onHeld`, fails at once if another holds it;
 * with it, says so and waits until it is free.
 */
async function takeAdvisoryLock(url: string, onHeld?: () => void): Promise<WriterLock> {
  const listeners: (() => void)[] = []
  let client: pg.Client | undefined
  let released = false

  const attempt = async (waitIfHeld?: () => void): Promise<boolean> => {
    // A database whose machine does not answer at all would hold a connect for minutes (the
    // system's TCP timeout): a standby tries again instead, so it leads soon after the database is back.
    const candidate = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      keepAlive: true,
    })
    // Until it holds the lock, an error of this connection only means the attempt failed.
    candidate.on('error', () => {})
    await candidate.connect()
    try {
      if (!(await holds(candidate, 'select pg_try_advisory_lock($1) as ok'))) {
        if (!waitIfHeld) {
          await candidate.end()
          return false
        }
        waitIfHeld()
        await candidate.query(`set lock_timeout = ${LOCK_WAIT_MS}`)
        while (!(await waitedFor(candidate)));
      }
    } catch (error) {
      // Ended: a lock it may have been granted as the statement was given up goes with the connection.
      await candidate.end().catch(() => {})
      throw error
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

  if (!(await attempt(onHeld))) throw new Error(LOCK_HELD)
  return {
    onLost: (listener) => void listeners.push(listener),
    // Taken back only if free now: a server that lost it must not wait behind a new leader.
    reacquire: async () => client !== undefined || attempt(),
    async release() {
      released = true
      await client?.end()
    },
  }
}

async function holds(client: pg.Client, sql: string): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>(sql, [ADVISORY_KEY])
  return rows[0]?.ok === true
}

/** One wait for the lock in PostgreSQL: true once held, false when its lock_timeout ended it. */
async function waitedFor(client: pg.Client): Promise<boolean> {
  try {
    await client.query('select pg_advisory_lock($1)', [ADVISORY_KEY])
    return true
  } catch (error) {
    if ((error as { code?: unknown }).code === '55P03') return false
    throw error
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
