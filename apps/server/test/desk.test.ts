import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { LedgerType, OrderStatus, Side } from '@tp/contracts'
import type { ClientCommand, EngineEvent, Order, Quote, TradingEngine } from '@tp/engine'
import { money } from '@tp/engine'
import { openDatabase, type Database } from '../src/db/client.ts'
import { accounts, instruments, orders } from '../src/db/schema.ts'
import { seedDatabase } from '../src/seed/seed-database.ts'
import { processLocalLock, takeWriterLock, type WriterLock } from '../src/db/writer-lock.ts'
import { seedCatalogue } from '../src/seed/seed-catalogue.ts'
import { insertUser } from '../src/users/users.ts'
import { TradingDesk, UNANSWERED, UNAVAILABLE } from '../src/trading/desk.ts'
import { loadTradingTerms } from '../src/trading/desk-state.ts'
import { writeEvents } from '../src/trading/event-writer.ts'
import { ledgerMatchesBalance } from '../src/trading/ledger.ts'
import { applyTradingSettings } from '../src/trading/trading-settings.ts'
import { DRIVERS } from './harness.ts'
import { createPostgresDatabase } from './postgres.ts'

/*
 * The desk on its own (no HTTP): the writer fence, failures that must leave memory equal to the
 * database, a catalogue change under live orders, and settings changed while it runs.
 */

interface World {
  database: Database
  url?: string
  btc: number
  quotes: Map<number, Quote>
  errors: string[]
  fatal: string[]
  committed: EngineEvent[]
  /** Makes the publish hook throw (a bug there must never undo or repeat a commit). */
  publishThrows: boolean
  desk: TradingDesk
  close(): Promise<void>
}

const opened: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close()
})

async function openDb(driver: 'pglite' | 'postgres') {
  if (driver === 'pglite')
    return { database: await openDatabase({ dataDir: 'memory://' }), drop: async () => {} }
  const fresh = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string)
  return { database: await openDatabase({ url: fresh.url }), url: fresh.url, drop: fresh.drop }
}

/** A seeded database with the catalogue, and a desk on it with BTCUSD quoted now. */
async function world(driver: 'pglite' | 'postgres'): Promise<World> {
  const { database, url, drop } = await openDb(driver)
  await seedDatabase(database.db)
  await seedCatalogue(database.db)
  const terms = await loadTradingTerms(database.db)
  const btc = terms.find((t) => t.code === 'BTCUSD')!.id
  const quotes = new Map<number, Quote>([[btc, { bid: 65_000, ask: 65_030, timeMs: Date.now() }]])
  const w = { database, url, btc, quotes, errors: [], fatal: [], committed: [] } as unknown as World
  w.desk = await openDesk(w, processLocalLock())
  w.close = async () => {
    await w.desk.settle()
    await database.close()
    await drop()
  }
  opened.push(w)
  return w
}

function openDesk(w: World, writer: WriterLock, regainWriterMs?: number) {
  return TradingDesk.open({
    db: w.database.db,
    lastQuotes: () => w.quotes,
    writer,
    nowMs: () => Date.now(),
    hooks: {
      committed: (events) => {
        if (w.publishThrows) throw new Error('publishing failed')
        w.committed.push(...events)
      },
      error: (error, context) => w.errors.push(`${context}: ${(error as Error).message}`),
      fatal: (message) => w.fatal.push(message),
    },
    ...(regainWriterMs === undefined ? {} : { regainWriterMs }),
  })
}

/** A demo user funded with `balance`, opened through `desk` (the one holding the fence) as every demo account is. */
async function user(w: World, balance = '10000', desk = w.desk): Promise<number> {
  let userId = 0
  const result = await desk.openAccount({
    async prepare(tx) {
      const row = await insertUser(
        tx,
        {
          email: null,
          mobile: null,
          areaId: null,
          passwordHash: null,
          isDemo: true,
          demoId: `d${Math.random()}`,
          invitedBy: null,
        },
        new Date(),
      )
      userId = row.id
      return { ok: true, value: { userId } }
    },
    command: (engine, opened) => engine.adjustBalance(opened.userId, balance, LedgerType.DEMO_CREDIT, 'test'),
  })
  if (!result.ok) throw new Error(`test user not opened: ${result.reason}`)
  return userId
}

const buyArgs = (w: World, lots = '0.1') => ({
  instrumentId: w.btc,
  side: Side.Buy,
  lots,
  leverage: 2,
  stopLoss: 0,
  takeProfit: 0,
})
const buyBtc = (w: World, lots = '0.1'): ClientCommand => ({
  kind: 'open',
  order: buyArgs(w, lots),
})

/** Makes the engine's next `open` change memory and then throw (a bug halfway through a command). */
function nextOpenThrows(engine: TradingEngine, message: string) {
  const open = engine.open.bind(engine)
  engine.open = (command) => {
    engine.open = open
    open(command)
    throw new Error(message)
  }
}

const storedOrders = async (w: World, userId: number) =>
  w.database.db.select().from(orders).where(eq(orders.userId, userId))

async function until(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the writer fence on PostgreSQL', () => {
  it('a killed lock connection stops the desk at once, and it can never write beside the next server', async () => {
    const w = await world('postgres')
    const url = w.url as string
    const lockA = await takeWriterLock({ url })
    opened.push({ close: () => lockA.release() })
    const deskA = await openDesk(w, lockA, 1500)
    const u = await user(w, '10000', deskA)
    expect((await deskA.run(u, buyBtc(w))).ok).toBe(true)
    const fence = await w.database.db.execute(sql`select epoch::int as epoch from writer_fence`)
    const epochA = ((fence as unknown as { rows: { epoch: number }[] }).rows[0] as { epoch: number }).epoch

    // Kill the connection that holds the advisory lock, from outside, as a failover or an admin would.
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(
      `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
    )
    await until(() => !deskA.available)
    expect(await deskA.run(u, buyBtc(w))).toEqual(UNAVAILABLE)

    // A second server takes the lock and the fence, and trades.
    let lockB: WriterLock | undefined
    for (let i = 0; i < 50 && !lockB; i++) {
      lockB = await takeWriterLock({ url }).catch(() => undefined)
      if (!lockB) await new Promise((r) => setTimeout(r, 50))
    }
    expect(lockB).toBeDefined()
    opened.push({ close: () => (lockB as WriterLock).release() })
    const deskB = await openDesk(w, lockB as WriterLock)
    expect((await deskB.run(u, buyBtc(w))).ok).toBe(true)

    // Whatever the first server still holds in memory, a write with its epoch fails as a whole.
    const stale: EngineEvent = {
      type: 'booked',
      booking: {
        userId: u,
        type: LedgerType.STAFF_ADJUSTMENT,
        amount: money(1),
        balanceAfter: money(1),
        frozenAmount: money(0),
        frozenAfter: money(0),
        ref: 'x',
      },
    }
    await expect(writeEvents(w.database.db, epochA, [stale])).rejects.toThrow()
    // It cannot take the lock back while the second server holds it: it gives up and says so.
    await until(() => w.fatal.length > 0, 5000)
    expect(deskA.available).toBe(false)
    expect(await deskA.run(u, buyBtc(w))).toEqual(UNAVAILABLE)
    expect(await storedOrders(w, u)).toHaveLength(2)
    const [account] = await w.database.db.select().from(accounts).where(eq(accounts.userId, u))
    expect(account?.balance).not.toBe('1.000000')
    await admin.end()
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a lost writer lock on PostgreSQL with no other server',
  () => {
    it('is taken back: the desk claims a new fence epoch, rebuilds and trades again', async () => {
      const w = await world('postgres')
      const lock = await takeWriterLock({ url: w.url as string })
      opened.push({ close: () => lock.release() })
      const desk = await openDesk(w, lock)
      const u = await user(w, '10000', desk)
      expect((await desk.run(u, buyBtc(w))).ok).toBe(true)
      const admin = new pg.Client({ connectionString: w.url })
      await admin.connect()
      await admin.query(`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory'
      and database = (select oid from pg_database where datname = current_database())`)
      await admin.end()
      await until(() => !desk.available)
      await until(() => desk.available, 5000)
      expect((await desk.run(u, buyBtc(w))).ok).toBe(true)
      expect(desk.view.ordersOf(u)).toHaveLength(2)
      expect(w.fatal).toEqual([])
    })
  },
)

describe.each(DRIVERS)('the desk on %s', (driver) => {
  it('one account whose write fails does not refuse the others, and memory stays equal to the database', async () => {
    const w = await world(driver)
    const [good, bad] = [await user(w), await user(w)]
    // The database refuses every ledger row of one user (a stand-in for any per-account fault).
    await w.database.db.execute(
      sql.raw(`alter table ledger add constraint block_one check (user_id <> ${bad}) not valid`),
    )
    const [a, b] = await Promise.all([w.desk.run(good, buyBtc(w)), w.desk.run(bad, buyBtc(w))])
    expect(a.ok).toBe(true)
    expect(b).toEqual(UNAVAILABLE)
    await w.desk.settle()
    expect(await storedOrders(w, good)).toHaveLength(1)
    expect(await storedOrders(w, bad)).toHaveLength(0)
    expect(w.desk.view.ordersOf(bad)).toEqual([])
    expect(w.desk.view.ordersOf(good)).toHaveLength(1)
    await w.database.db.execute(sql`alter table ledger drop constraint block_one`)
    expect((await w.desk.run(bad, buyBtc(w))).ok).toBe(true)
  })

  it("stores a trailed stop alone or within its order's full row, never on a closed or another user's position", async () => {
    const w = await world(driver)
    const [u, other] = [await user(w), await user(w)]
    const opened = await w.desk.run(u, buyBtc(w))
    if (!opened.ok) throw new Error('not opened')
    await w.desk.settle()
    const id = opened.orderId as number
    const fence = await w.database.db.execute(sql`select epoch::int as epoch from writer_fence`)
    const epoch = ((fence as unknown as { rows: { epoch: number }[] }).rows[0] as { epoch: number }).epoch
    const trailed = (stopLoss: number, userId = u): EngineEvent => ({
      type: 'stop_trailed',
      orderId: id,
      userId,
      stopLoss,
    })
    const row = (stopLoss: number): EngineEvent => ({
      type: 'stops_changed',
      order: { ...(w.desk.view.order(id) as Order), stopLoss, stopsVersion: 7 },
    })
    const stored = async () => (await storedOrders(w, u))[0]
    await writeEvents(w.database.db, epoch, [trailed(100)])
    expect(await stored()).toMatchObject({ stopLoss: '100.0000000000', status: OrderStatus.Holding })
    // The full row first: the later trailed stop goes into it (one statement writes a row once).
    await writeEvents(w.database.db, epoch, [row(150), trailed(160)])
    expect(await stored()).toMatchObject({ stopLoss: '160.0000000000', stopsVersion: 7 })
    // The trailed stop first: the full row after it is the order as it is, its stop included.
    await writeEvents(w.database.db, epoch, [trailed(170), row(165)])
    expect((await stored())?.stopLoss).toBe('165.0000000000')
    // Another user's id, or a position closed since: the whole batch is refused.
    await expect(writeEvents(w.database.db, epoch, [trailed(1, other)])).rejects.toThrow()
    expect((await w.desk.run(u, { kind: 'close', orderId: id })).ok).toBe(true)
    await w.desk.settle()
    await expect(writeEvents(w.database.db, epoch, [trailed(180)])).rejects.toThrow()
    expect((await stored())?.status).not.toBe(OrderStatus.Holding)
  })

  it('runs no command whose deadline has passed when its turn comes, and keeps nothing under its key', async () => {
    const w = await world(driver)
    const u = await user(w)
    expect(await w.desk.run(u, buyBtc(w), 'late', undefined, Date.now() - 1)).toEqual(UNANSWERED)
    expect(await storedOrders(w, u)).toHaveLength(0)
    // The same key afterwards runs: nothing was done or stored before.
    expect((await w.desk.run(u, buyBtc(w), 'late')).ok).toBe(true)
    expect(await storedOrders(w, u)).toHaveLength(1)
  })

  it('a command that throws halfway is undone in memory (the engine is rebuilt from the database)', async () => {
    const w = await world(driver)
    const u = await user(w)
    nextOpenThrows(w.desk.view, 'a bug after the engine changed')
    const answer = await w.desk.run(u, buyBtc(w))
    expect(answer).toEqual(UNAVAILABLE)
    await w.desk.settle()
    await until(() => w.desk.available)
    expect(w.desk.view.ordersOf(u)).toEqual([])
    expect(await storedOrders(w, u)).toHaveLength(0)
    expect((await w.desk.run(u, buyBtc(w))).ok).toBe(true)
  })

  it('a tick that throws gets the engine rebuilt from the database, and trading goes on', async () => {
    const w = await world(driver)
    const u = await user(w)
    expect((await w.desk.run(u, buyBtc(w))).ok).toBe(true)
    const broken = w.desk.view
    broken.applyTick = () => {
      throw new Error('a bug in the tick path')
    }
    w.desk.tick(w.btc, { bid: 65_100, ask: 65_130, timeMs: Date.now() })
    expect(w.desk.available).toBe(false)
    await until(() => w.desk.available).catch((e) => {
      throw new Error(`${e.message}: ${JSON.stringify(w.errors)}`)
    })
    expect(w.desk.view).not.toBe(broken)
    expect(w.desk.view.ordersOf(u)).toHaveLength(1)
    expect((await w.desk.run(u, buyBtc(w))).ok).toBe(true)
    expect(w.errors.some((e) => e.startsWith('a tick failed'))).toBe(true)
  })

  it('keeps a market the price source closed closed across a rebuild, until its next tick', async () => {
    const w = await world(driver)
    const u = await user(w)
    w.desk.halt(w.btc)
    expect(await w.desk.run(u, buyBtc(w))).toMatchObject({ ok: false, reason: 'market_closed' })
    // A bug rebuilds the engine from the database, whose last quote is no live market.
    nextOpenThrows(w.desk.view, 'a bug after the engine changed')
    expect(await w.desk.run(u, buyBtc(w))).toEqual(UNAVAILABLE)
    await until(() => w.desk.available)
    expect(await w.desk.run(u, buyBtc(w))).toMatchObject({ ok: false, reason: 'market_closed' })
    // A tick that breaks the engine, and the source closing the market again while it is rebuilt.
    const broken = w.desk.view
    broken.applyTick = () => {
      throw new Error('a bug in the tick path')
    }
    w.desk.tick(w.btc, { bid: 65_100, ask: 65_130, timeMs: Date.now() })
    w.desk.halt(w.btc)
    await until(() => w.desk.available)
    expect(w.desk.view).not.toBe(broken)
    expect(await w.desk.run(u, buyBtc(w))).toMatchObject({ ok: false, reason: 'market_closed' })
    // The next live quote opens it.
    w.desk.tick(w.btc, { bid: 65_100, ask: 65_130, timeMs: Date.now() })
    expect((await w.desk.run(u, buyBtc(w))).ok).toBe(true)
  })

  it('a reload that cannot read the catalogue gets the engine rebuilt, never left on the old terms', async () => {
    const w = await world(driver)
    const u = await user(w)
    const before = w.desk.view
    const db = w.database.db
    const select = db.select.bind(db)
    let failing = true
    ;(db as { select: unknown }).select = ((...args: Parameters<typeof select>) => {
      if (failing) throw new Error('the database went away')
      return select(...args)
    }) as typeof select
    await w.desk.reload()
    failing = false
    expect(w.errors.some((e) => e.startsWith('reloading the catalogue failed'))).toBe(true)
    await until(() => w.desk.available && w.desk.view !== before)
    expect((await w.desk.run(u, buyBtc(w))).ok).toBe(true)
  })

  it('a tick that arrives while a failed batch is retried never leaves memory behind the database', async () => {
    const w = await world(driver)
    const [good, bad] = [await user(w), await user(w)]
    const placed = await w.desk.run(good, { kind: 'open', order: { ...buyArgs(w), stopLoss: 60_000 } })
    expect(placed.ok).toBe(true)
    await w.database.db.execute(
      sql.raw(`alter table ledger add constraint block_one check (user_id <> ${bad}) not valid`),
    )
    const failing = w.desk.run(bad, buyBtc(w))
    // The commit is under way (its statement fails); a tick through the stop arrives meanwhile.
    await new Promise((r) => setImmediate(r))
    w.desk.tick(w.btc, { bid: 59_000, ask: 59_030, timeMs: Date.now() })
    expect(await failing).toEqual(UNAVAILABLE)
    await w.desk.settle()
    await until(() => w.desk.available)
    w.quotes.set(w.btc, { bid: 59_000, ask: 59_030, timeMs: Date.now() })
    w.desk.tick(w.btc, { bid: 59_000, ask: 59_030, timeMs: Date.now() })
    await w.desk.settle()
    const live = (await storedOrders(w, good)).filter((o) => o.status === OrderStatus.Holding)
    expect(w.desk.view.ordersOf(good).map((o) => o.id)).toEqual(live.map((o) => o.id))
    expect(live).toEqual([])
    expect(await ledgerMatchesBalance(w.database.db, good)).toBe(true)
    expect((await w.desk.run(good, buyBtc(w))).ok).toBe(true)
    expect(await ledgerMatchesBalance(w.database.db, good)).toBe(true)
  })

  it('after a command throws, the rest of its batch is refused, and the ledger still adds up', async () => {
    const w = await world(driver)
    const u = await user(w)
    // The account is loaded first, so that both commands join the same batch.
    expect((await w.desk.run(u, buyBtc(w))).ok).toBe(true)
    nextOpenThrows(w.desk.view, 'a bug after the fee was booked in memory')
    const [first, second] = await Promise.all([w.desk.run(u, buyBtc(w)), w.desk.run(u, buyBtc(w))])
    expect(first).toEqual(UNAVAILABLE)
    expect(second).toEqual(UNAVAILABLE)
    await w.desk.settle()
    expect(await ledgerMatchesBalance(w.database.db, u)).toBe(true)
    expect((await w.desk.run(u, buyBtc(w))).ok).toBe(true)
    expect(await ledgerMatchesBalance(w.database.db, u)).toBe(true)
  })

  it('a failing publish hook neither undoes nor repeats a commit', async () => {
    const w = await world(driver)
    const u = await user(w)
    w.publishThrows = true
    expect((await w.desk.run(u, buyBtc(w))).ok).toBe(true)
    w.publishThrows = false
    expect((await w.desk.run(u, buyBtc(w))).ok).toBe(true)
    expect(await storedOrders(w, u)).toHaveLength(2)
    expect(await ledgerMatchesBalance(w.database.db, u)).toBe(true)
  })

  it('order ids come from the database: a second desk never hands out an id the first one used', async () => {
    const w = await world(driver)
    const u = await user(w)
    const first = await w.desk.run(u, buyBtc(w))
    const again = await openDesk(w, processLocalLock())
    const second = await again.run(u, buyBtc(w))
    expect(first.ok && second.ok).toBe(true)
    const ids = (await storedOrders(w, u)).map((o) => o.id)
    expect(new Set(ids).size).toBe(2)
  })

  it('starts with a live position on an instrument staff disabled, and opens nothing new on it', async () => {
    const w = await world(driver)
    const u = await user(w)
    const placed = await w.desk.run(u, buyBtc(w))
    expect(placed.ok).toBe(true)
    await w.database.db.update(instruments).set({ enabled: false }).where(eq(instruments.id, w.btc))
    const restarted = await openDesk(w, processLocalLock())
    expect(restarted.view.ordersOf(u).map((o) => o.status)).toEqual([OrderStatus.Holding])
    expect(await restarted.run(u, buyBtc(w))).toEqual({ ok: false, reason: 'instrument_not_found' })
  })

  it('keeps the margin-call state across a restart: the owner is not warned twice for one fall', async () => {
    const w = await world(driver)
    const u = await user(w, '4000')
    // 0.1 BTC at 65,030, 1:2. At 45,000 the loss is 2,003 and the margin (at the ask) 2,251.5:
    // about 88 %, below the margin-call level and above stop-out.
    expect((await w.desk.run(u, buyBtc(w))).ok).toBe(true)
    w.desk.tick(w.btc, { bid: 45_000, ask: 45_030, timeMs: Date.now() })
    await w.desk.settle()
    expect(w.committed.filter((e) => e.type === 'margin_call')).toHaveLength(1)
    const [row] = await w.database.db.select().from(accounts).where(eq(accounts.userId, u))
    expect(row?.marginCalled).toBe(true)
    w.quotes.set(w.btc, { bid: 45_000, ask: 45_030, timeMs: Date.now() })
    const restarted = await openDesk(w, processLocalLock())
    restarted.tick(w.btc, { bid: 44_990, ask: 45_020, timeMs: Date.now() })
    await restarted.settle()
    expect(w.committed.filter((e) => e.type === 'margin_call')).toHaveLength(1)
    restarted.tick(w.btc, { bid: 70_000, ask: 70_030, timeMs: Date.now() })
    await restarted.settle()
    expect(w.committed.at(-1)).toEqual({ type: 'margin_call_ended', userId: u })
    const [after] = await w.database.db.select().from(accounts).where(eq(accounts.userId, u))
    expect(after?.marginCalled).toBe(false)
  })

  it('takes new trading settings while it runs; a change of the fee type must restate the rates', async () => {
    const w = await world(driver)
    const u = await user(w)
    const refused = await applyTradingSettings(w.database.db, w.desk, { feePerLot: false })
    expect(refused.ok).toBe(false)
    expect(w.desk.view.riskSettings().feePerLot).toBe(true)
    const rates = await w.database.db.select({ id: instruments.id }).from(instruments)
    const feeRates = Object.fromEntries(rates.map((r) => [r.id, '0.001']))
    expect(
      await applyTradingSettings(w.database.db, w.desk, { feePerLot: false, feeRates, stopOutLevel: 40 }),
    ).toEqual({
      ok: true,
    })
    expect(w.desk.view.riskSettings()).toMatchObject({ feePerLot: false, stopOutLevel: 40 })
    const placed = await w.desk.run(u, buyBtc(w))
    expect(placed.ok).toBe(true)
    // 0.1 x 65,030 / 2 = 3,251.5 of margin; 0.1 % of it is 3.2515, to the cent up: 3.26.
    const [order] = await storedOrders(w, u)
    expect(order?.fee).toBe('3.260000')
  })
})
