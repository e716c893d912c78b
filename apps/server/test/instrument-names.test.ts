import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { and, eq, sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGE_CODES, type Instrument } from '@tp/contracts'
import { INSTRUMENT_SEEDS } from '../src/seed/market-catalogue.ts'
import { auditLog, instruments } from '../src/db/schema.ts'
import { loadInstruments } from '../src/market/catalogue.ts'
import { seededInstrumentNames } from '../src/market/instrument-names.ts'
import { createPostgresDatabase } from './postgres.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { connect } from './socket-client.ts'
import { waitForMessage } from './socket-wait.ts'
import { signedInStaff } from './staff.ts'

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url))
const NAMES_MIGRATION = '0008_instrument_names'

describe('seeded instrument names', () => {
  it('has every seeded instrument in every language but English, none empty or English-only', () => {
    for (const seed of INSTRUMENT_SEEDS) {
      const names = seededInstrumentNames(seed.code) as Record<string, string>
      expect(Object.keys(names).sort(), seed.code).toEqual(LANGUAGE_CODES.filter((l) => l !== 'en').sort())
      for (const name of Object.values(names)) expect(name.trim(), seed.code).not.toBe('')
    }
    expect(seededInstrumentNames('EURUSD')).toMatchObject({
      hk: '歐元/美元',
      jp: 'ユーロ/米ドル',
      ar: 'يورو/دولار أمريكي',
    })
    expect(seededInstrumentNames('XAUUSD')).toMatchObject({
      hk: '黃金/美元',
      jp: '金/米ドル',
      ar: 'ذهب/دولار أمريكي',
    })
    expect(seededInstrumentNames('NOPE99')).toBeUndefined()
  })
})

describe.each(DRIVERS)('trade_list names on %s', (driver) => {
  let app: TestApp
  const list = async (lang: string, query = '') =>
    (await app.get(`/v1/api/forex/trade_list${query}`, { lang })).body.data as Instrument[]
  const byCode = (items: Instrument[], code: string) => items.find((i) => i.Code === code) as Instrument

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 2 })
  })
  afterAll(() => app.close())

  it('names every instrument in the lang header’s language and keeps Name English', async () => {
    const hk = await list('hk')
    expect(byCode(hk, 'EURUSD')).toMatchObject({ Name: 'Euro / US Dollar', NameShowTrans: '歐元/美元' })
    expect(byCode(hk, 'XAUUSD').NameShowTrans).toBe('黃金/美元')
    expect(byCode(await list('jp'), 'USDJPY').NameShowTrans).toBe('米ドル/円')
    expect(byCode(await list('ar'), 'EURUSD').NameShowTrans).toBe('يورو/دولار أمريكي')
    expect(byCode(await list('fa'), 'US500').NameShowTrans).toBe('اس‌اندپی 500')
    const en = await list('en')
    for (const item of en) expect(item.NameShowTrans).toBe(item.Name)
  })

  it('answers each language apart for caches (Vary: lang), compressed', async () => {
    const answer = await app.get('/v1/api/forex/trade_list', {
      lang: 'jp',
      headers: { 'accept-encoding': 'br' },
    })
    const vary = (answer.headers.get('vary') ?? '').toLowerCase()
    expect(vary).toContain('lang')
    expect(vary).toContain('accept-encoding')
  })

  it('finds an instrument by its name in the caller’s language', async () => {
    const found = await list('hk', `?searchCurrency=${encodeURIComponent('黃金')}`)
    expect(found.map((i) => i.Code)).toEqual(['XAUUSD'])
  })

  it('falls back to the English name where the catalogue has none in that language', async () => {
    await app.db
      .update(instruments)
      .set({ names: { hk: '歐元/美元' } })
      .where(eq(instruments.code, 'EURUSD'))
    app.market.replaceDefinitions(await loadInstruments(app.db, true), Date.now())
    expect(byCode(await list('ar'), 'EURUSD').NameShowTrans).toBe('Euro / US Dollar')
    expect(byCode(await list('hk'), 'EURUSD').NameShowTrans).toBe('歐元/美元')
    // A language the server does not know answers in the default language, as every call does.
    expect(byCode(await list('xx'), 'EURUSD').NameShowTrans).toBe('歐元/美元')
  })
})

describe.each(DRIVERS)('staff editing instrument names on %s', (driver) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 2 })
  })
  afterAll(() => app.close())

  it('changes and removes names per language, audited, and phones hear of it', async () => {
    const dealer = await signedInStaff(app, 'dealer')
    const support = await signedInStaff(app, 'support')
    const list = (await app.get('/admin/api/instruments', { token: dealer.token })).body.data
    const gold = list.find((i: { code: string }) => i.code === 'XAUUSD')
    expect(gold.names).toMatchObject({ hk: '黃金/美元', ar: 'ذهب/دولار أمريكي' })
    const path = `/admin/api/instruments/${gold.id}/names`
    const watcher = await connect(app)
    try {
      const saved = await app.post(
        path,
        { names: { hk: '現貨黃金', ar: '' } },
        { token: dealer.token, json: true },
      )
      expect(saved.body).toMatchObject({ code: 1, data: { id: gold.id } })
      expect(saved.body.data.names.hk).toBe('現貨黃金')
      expect(saved.body.data.names.ar).toBeUndefined()
      await waitForMessage(watcher, (m) => m.type === 'CATALOGUE')
    } finally {
      watcher.socket.close()
    }
    const shown = async (lang: string) =>
      ((await app.get('/v1/api/forex/trade_list', { lang })).body.data as Instrument[]).find(
        (i) => i.Code === 'XAUUSD',
      )
    expect((await shown('hk'))?.NameShowTrans).toBe('現貨黃金')
    expect((await shown('ar'))?.NameShowTrans).toBe('Gold / US Dollar')
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'instrument.names'), eq(auditLog.target, `instrument:${gold.id}`)))
    expect(entry).toMatchObject({
      staffEmail: dealer.email,
      before: { names: { hk: '黃金/美元', ar: 'ذهب/دولار أمريكي' } },
      after: { names: { hk: '現貨黃金', ar: '' } },
    })

    // English is `name`; unknown languages, control characters, direction overrides and other
    // roles are refused, and nothing changes.
    for (const names of [
      { en: 'Gold' },
      { xx: 'Gold' },
      {},
      { hk: 'x'.repeat(65) },
      { hk: '黃金\n美元' },
      { ar: '\u202eDSUUAX' },
    ]) {
      const refused = await app.post(path, { names }, { token: dealer.token, json: true })
      expect(refused.status, JSON.stringify(names)).toBe(200)
    }
    expect((await app.post(path, { names: { hk: 'x' } }, { token: support.token, json: true })).status).toBe(
      403,
    )
    expect(
      (
        await app.post(
          '/admin/api/instruments/99999/names',
          { names: { hk: 'x' } },
          { token: dealer.token, json: true },
        )
      ).body,
    ).toMatchObject({ code: 0, reason: 'instrument_not_found' })
    expect((await shown('hk'))?.NameShowTrans).toBe('現貨黃金')
  })
})

/** Migrations up to (not including) the names migration in a folder of their own. */
async function foldersBeforeAndAfter() {
  const dir = await mkdtemp(join(tmpdir(), 'tp-names-migration-'))
  const before = join(dir, 'before')
  await cp(MIGRATIONS, before, { recursive: true })
  const journalPath = join(before, 'meta', '_journal.json')
  const journal = JSON.parse(await readFile(journalPath, 'utf8'))
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === NAMES_MIGRATION)
  journal.entries = journal.entries.slice(0, at)
  await writeFile(journalPath, JSON.stringify(journal))
  return { before, after: MIGRATIONS, drop: () => rm(dir, { recursive: true, force: true }) }
}

/** An install from before the names: every seeded instrument and one staff added (ABCXYZ). */
const OLD_ROWS = `
  insert into categories (key, names, sort) values ('forex', '{"en":"Forex"}', 1);
  insert into instruments (code, show_code, name, category_id, price_precision, lot_step, contract_size,
    min_lots, max_lots, margin_mode, fee_rate, spread_points, quote_currency, sessions, leverage_class,
    anchor_price, daily_volatility, tick_interval_ms)
  select code, code, code || ' name', (select id from categories where key = 'forex'), 5, 0.01, 100000,
    0.01, 50, 2, 7, 10, 'USD', '[]', 'fx_major', 1, 0.005, 500
  from (values ${[...INSTRUMENT_SEEDS.map((s) => s.code), 'ABCXYZ'].map((c) => `('${c}')`).join(', ')}) as v(code);`

describe.each(DRIVERS)('the names migration on an existing %s database', (driver) => {
  it('gives the seeded codes their names and others none (they show English)', async () => {
    const folders = await foldersBeforeAndAfter()
    const fresh =
      driver === 'postgres' ? await createPostgresDatabase(process.env.TEST_DATABASE_URL as string) : null
    const pool = fresh ? new pg.Pool({ connectionString: fresh.url, max: 2 }) : null
    const lite = fresh ? null : await PGlite.create('memory://')
    try {
      const db = pool ? drizzlePg(pool) : drizzlePglite(lite as PGlite)
      const migrate = (folder: string) =>
        pool
          ? migratePg(db as ReturnType<typeof drizzlePg>, { migrationsFolder: folder })
          : migratePglite(db as ReturnType<typeof drizzlePglite>, { migrationsFolder: folder })
      await migrate(folders.before)
      if (lite) await lite.exec(OLD_ROWS)
      else await (pool as pg.Pool).query(OLD_ROWS)
      await migrate(folders.after)
      const rows = await db.execute(sql`select code, names from instruments order by code`)
      const byCode = Object.fromEntries(
        ((rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[])).map((r) => {
          const row = r as { code: string; names: Record<string, string> }
          return [row.code, row.names]
        }),
      )
      // The migration and the seed agree on every seeded code.
      for (const seed of INSTRUMENT_SEEDS)
        expect(byCode[seed.code], seed.code).toEqual(seededInstrumentNames(seed.code))
      expect(byCode.ABCXYZ).toEqual({})
    } finally {
      await pool?.end()
      await lite?.close()
      await fresh?.drop()
      await folders.drop()
    }
  })
})
