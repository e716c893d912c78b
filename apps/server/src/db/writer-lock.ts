import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'

/** The advisory lock key every server process takes on PostgreSQL ("tp-engine" as a number). */
const ADVISORY_KEY = 0x7470_656e

export interface WriterLock {
  release(): Promise<void>
}

/**
 * One trading engine per database: two would hand out the same order ids and overwrite each other.
 * On PostgreSQL a session advisory lock held by a dedicated connection; on PGlite a lock file with
 * the owner's process id (a stale one, left by a killed process, is taken over).
 */
export async function takeWriterLock(target: { url: string } | { dataDir: string }): Promise<WriterLock> {
  if ('url' in target) {
    const client = new pg.Client({ connectionString: target.url })
    await client.connect()
    client.on('error', () => {})
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
      ADVISORY_KEY,
    ])
    if (!rows[0]?.ok) {
      await client.end()
      throw new Error('another server already runs on this database (advisory lock held)')
    }
    return { release: () => client.end() }
  }
  const file = join(target.dataDir, 'server.lock')
  const owner = readOwner(file)
  if (owner !== undefined && owner !== process.pid && isAlive(owner))
    throw new Error(`another server (process ${owner}) already uses ${target.dataDir}`)
  const fd = openSync(file, 'w')
  writeFileSync(fd, String(process.pid))
  closeSync(fd)
  return {
    async release() {
      if (readOwner(file) === process.pid) rmSync(file, { force: true })
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
