import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema.ts'

/** The one database type the services see, whichever driver is under it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

/** The first row of a raw query's result (node-postgres and PGlite both answer `{ rows }`). */
export const firstRow = <T>(result: unknown): T | undefined => (result as { rows?: T[] }).rows?.[0]

export interface Database {
  db: Db
  driver: 'pglite' | 'postgres'
  close(): Promise<void>
  /** PGlite only: the data directory as a tarball (tests start later databases from it). */
  dump?: () => Promise<Blob>
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url))

/** Pool size for PostgreSQL: enough for concurrent requests on 2 cores without starving the server. */
const PG_POOL_SIZE = 10
/**
 * How long a statement may wait for a connection (a new one, or one of the pool's while all are
 * busy) before it fails as "database unreachable" (HTTP 503): without it a database whose machine
 * does not answer holds every request for the system's TCP timeout, minutes.
 */
const PG_CONNECT_TIMEOUT_MS = 10_000

/**
 * Opens the database and applies pending migrations. With a `url` it is PostgreSQL; otherwise
 * embedded PGlite in `dataDir` (or in memory when `dataDir` is 'memory://'), started from the
 * tarball `template` when given (a dump of a database already migrated: tests start faster).
 */
export async function openDatabase(options: {
  url?: string
  dataDir?: string
  template?: Blob
  onIdleError?: (error: Error) => void
  /** Told of every statement sent (metrics: database round trips). */
  onQuery?: () => void
}): Promise<Database> {
  const onQuery = options.onQuery
  const logger = onQuery && { logQuery: () => onQuery() }
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: PG_POOL_SIZE,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      // Connections to a machine that vanished are found broken by the system, not only on the next write.
      keepAlive: true,
    })
    // An idle connection that the server drops (restart, failover, admin) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    pool.on('error', (error) => options.onIdleError?.(error))
    const db = drizzlePg(pool, { schema, ...(logger && { logger }) })
    await migrateAlone(pool)
    return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() }
  }
  const client = await PGlite.create(options.dataDir ?? 'memory://', { loadDataDir: options.template })
  const db = drizzlePglite(client, { schema, ...(logger && { logger }) })
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  }
}

/** The advisory lock migrations run under ("tpmg" as a number; the writer lock is another). */
const MIGRATION_LOCK = 0x7470_6d67

/**
 * Applies the migrations one process at a time: processes started together on a fresh database
 * (an engine, its standby and the gateways) would otherwise apply the same migration at once.
 */
async function migrateAlone(pool: pg.Pool): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
    }
  } finally {
    client.release()
  }
}
