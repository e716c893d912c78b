import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
let t = performance.now()
const c = await PGlite.create('memory://')
console.log('create', (performance.now() - t).toFixed(0))
t = performance.now()
await migrate(drizzle(c), { migrationsFolder: './drizzle' })
console.log('migrate', (performance.now() - t).toFixed(0))
t = performance.now()
const dump = await c.dumpDataDir('none')
console.log('dump', (performance.now() - t).toFixed(0), dump.size)
t = performance.now()
for (let i = 0; i < 3; i++) {
  t = performance.now()
  const d = await PGlite.create('memory://', { loadDataDir: dump })
  await d.query('select count(*) from instruments')
  console.log('load', (performance.now() - t).toFixed(0))
  t = performance.now()
  const e = await PGlite.create('memory://')
  console.log('fresh', (performance.now() - t).toFixed(0))
}
