/**
 * Creates a back-office staff account (issue 11):
 *
 *   npm run admin:create -- --email ops@broker.example [--role admin|finance|dealer|support] [--name "Ops"]
 *
 * The password is read from ADMIN_PASSWORD, or asked for on the terminal (not echoed), so that it
 * never sits in the shell's history. The database is the server's (DATABASE_URL, or PGlite in
 * DATA_DIR); with PGlite, stop the server first (one process owns its folder).
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { isStaffRole } from '../staff/roles.ts'
import { createStaff } from '../staff/staff-accounts.ts'

async function readPassword(prompt: string): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD
  if (!process.stdin.isTTY) throw new Error('no terminal to ask for the password: set ADMIN_PASSWORD')
  process.stdout.write(prompt)
  process.stdin.setRawMode(true)
  process.stdin.resume()
  let text = ''
  for await (const chunk of process.stdin) {
    for (const char of String(chunk)) {
      if (char === '\r' || char === '\n') {
        process.stdin.setRawMode(false)
        process.stdin.pause()
        process.stdout.write('\n')
        return text
      }
      if (char === '\u0003') process.exit(130)
      text = char === '\u007f' ? text.slice(0, -1) : text + char
    }
  }
  return text
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string', default: 'admin' },
    name: { type: 'string' },
  },
})
if (!values.email || !isStaffRole(values.role)) {
  console.error(
    'usage: npm run admin:create -- --email <address> [--role admin|finance|dealer|support] [--name <name>]',
  )
  process.exit(2)
}
const loaded = loadConfig({ ...process.env, ADMIN_PASSWORD: undefined })
if (!loaded.ok) {
  console.error(`Invalid settings:\n  ${loaded.errors.join('\n  ')}`)
  process.exit(1)
}
const { config } = loaded
mkdirSync(config.dataDir, { recursive: true })
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: join(config.dataDir, 'pglite') },
)
try {
  const password = await readPassword(`Password for ${values.email} (12 characters or more): `)
  const created = await createStaff(database.db, {
    email: values.email,
    name: values.name ?? '',
    role: values.role,
    password,
  })
  if (!created.ok) {
    console.error(`not created: ${created.reason}`)
    process.exitCode = 1
  } else
    console.info(
      `created ${values.role} ${values.email}; the authenticator is set up at the first sign-in at /admin`,
    )
} finally {
  await database.close()
}
