import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** A fresh PostgreSQL database on the server of `adminUrl` (TEST_DATABASE_URL); `drop` removes it. */
export async function createPostgresDatabase(adminUrl: string) {
  const name = `tp_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}
