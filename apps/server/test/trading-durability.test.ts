import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asc } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LedgerType, OrderStatus } from '@tp/contracts'
import { openDatabase, type Db } from '../src/db/client.ts'
import { accounts, ledger, orders } from '../src/db/schema.ts'
import { freePort, getJson, startServer, type ServerProcess } from './server-process.ts'
import { createPostgresDatabase } from './postgres.ts'

/**
 * The kill-and-restart test: the real server is killed (SIGKILL) during a stream of orders
 * and ticks, restarted on the same data, and must hold every acknowledged order, no order closed
 * twice, and every balance equal to its ledger.
 */

const DRIVERS: ('pglite' | 'postgres')[] = [
  'pglite',
  ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : []),
]
const USERS = 6
const CODES = ['BTCUSD', 'ETHUSD'] as const

type Code = (typeof CODES)[number]
interface Instrument {
  id: number
  code: Code
  precision: number
  lots: string[]
}
type Kind = 'market' | 'pending' | 'stops' | 'close' | 'cancel'
/** One request of the stream: what was asked, and what came of it. */
interface Attempt {
  kind: Kind
  userId: number
  orderId?: number
  side?: 1 | 2
  lots?: string
  instrumentId?: number
  target?: number
  stopLoss: number
  takeProfit: number
  sentAt: number
  answeredAt?: number
  /** 'ack' (code 1), 'refused' (code 0), 'unknown' (no answer: the server died meanwhile). */
  outcome?: 'ack' | 'refused' | 'unknown'
  reason?: string
}

const random = (min: number, max: number) => min + Math.random() * (max - min)
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T
const roundTo = (value: number, precision: number) => Number(value.toFixed(precision))

async function readState(db: Db) {
  return {
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    ledger: await db.select().from(ledger).orderBy(asc(ledger.id)),
    accounts: await db.select().from(accounts),
  }
}
type State = Awaited<ReturnType<typeof readState>>

/** Opens the database the server used (PGlite: a folder nobody else has open), reads it, closes it. */
async function stateOf(where: { dataDir?: string; url?: string }): Promise<State> {
  const database = await openDatabase(where.url ? { url: where.url } : { dataDir: where.dataDir })
  try {
    return await readState(database.db)
  } finally {
    await database.close()
  }
}

/** What must hold in any state the database is found in: ledgers, balances, one close per order. */
function checkInvariants(state: State) {
  const byId = new Map(state.orders.map((o) => [o.id, o]))
  for (const account of state.accounts) {
    const rows = state.ledger.filter((r) => r.userId === account.userId)
    let running = 0n
    for (const row of rows) {
      running += micros(row.amount)
      expect(micros(row.balanceAfter), `ledger row ${row.id} follows its predecessors`).toBe(running)
      expect(running >= 0n, `ledger row ${row.id} is not negative`).toBe(true)
    }
    expect(micros(account.balance), `balance of user ${account.userId} equals its ledger`).toBe(running)
    expect(micros(account.balance) >= 0n).toBe(true)
  }
  const perRef = new Map<string, Map<number, number>>()
  for (const row of state.ledger) {
    if (!row.ref.startsWith('order:')) continue
    const counts = perRef.get(row.ref) ?? new Map<number, number>()
    counts.set(row.type, (counts.get(row.type) ?? 0) + 1)
    perRef.set(row.ref, counts)
    const order = byId.get(Number(row.ref.slice('order:'.length)))
    expect(order, `ledger row ${row.id} belongs to a stored order`).toBeDefined()
    expect(order?.userId).toBe(row.userId)
  }
  for (const order of state.orders) {
    const counts = perRef.get(`order:${order.id}`) ?? new Map<number, number>()
    const rows = state.ledger.filter((r) => r.ref === `order:${order.id}`)
    const filled = order.status === OrderStatus.Holding || order.status === OrderStatus.Closed
    expect(counts.get(LedgerType.TRADE_FEE) ?? 0, `fee rows of order ${order.id}`).toBe(filled ? 1 : 0)
    if (filled) {
      expect(rows.find((r) => r.type === LedgerType.TRADE_FEE)?.amount).toBe(`-${order.fee}`)
      expect(order.openedAt).not.toBeNull()
      expect(Number(order.price)).toBeGreaterThan(0)
    }
    expect(counts.get(LedgerType.WRITE_OFF) ?? 0).toBeLessThanOrEqual(1)
    const profitRows = counts.get(LedgerType.TRADE_PROFIT) ?? 0
    if (order.status === OrderStatus.Closed) {
      // Closed once: one profit row (none for a zero profit), equal to the order's profit.
      expect(profitRows, `profit rows of order ${order.id}`).toBe(micros(order.profit) === 0n ? 0 : 1)
      if (profitRows === 1)
        expect(rows.find((r) => r.type === LedgerType.TRADE_PROFIT)?.amount).toBe(order.profit)
      expect(order.closedAt).not.toBeNull()
      expect(order.closedType).toBeGreaterThan(0)
      expect(Number(order.closePrice)).toBeGreaterThan(0)
    } else {
      expect(profitRows, `profit rows of live order ${order.id}`).toBe(0)
      expect(order.closedType).toBe(0)
      if (order.status !== OrderStatus.Cancelled) expect(order.closedAt).toBeNull()
    }
  }
}

/** Exact money as integer micro-units. */
function micros(text: string): bigint {
  const negative = text.startsWith('-')
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.')
  const value = BigInt(whole) * 1_000_000n + BigInt((fraction + '000000').slice(0, 6))
  return negative ? -value : value
}

/** Every acknowledged request is in the state, as acknowledged; nothing is there that was not asked. */
function checkAcknowledged(state: State, attempts: readonly Attempt[]) {
  const byId = new Map(state.orders.map((o) => [o.id, o]))
  const acked = attempts.filter((a) => a.outcome === 'ack')
  for (const a of acked) {
    const order = byId.get(a.orderId as number)
    expect(order, `acknowledged ${a.kind} of order ${a.orderId}`).toBeDefined()
    if (!order) continue
    expect(order.userId).toBe(a.userId)
    expect(order.placedAt.getTime()).toBeLessThanOrEqual(a.answeredAt as number)
    switch (a.kind) {
      case 'market':
        expect([OrderStatus.Holding, OrderStatus.Closed]).toContain(order.status)
        expect(order.instrumentId).toBe(a.instrumentId)
        expect(order.side).toBe(a.side)
        expect(Number(order.lots)).toBe(Number(a.lots))
        break
      case 'pending':
        expect(order.instrumentId).toBe(a.instrumentId)
        expect(order.side).toBe(a.side)
        expect(Number(order.originPrice)).toBe(a.target)
        break
      case 'close':
        expect(order.status, `acknowledged close of order ${a.orderId}`).toBe(OrderStatus.Closed)
        expect(order.closedType).toBe(1)
        expect(order.closedAt!.getTime()).toBeLessThanOrEqual(a.answeredAt as number)
        break
      case 'cancel':
        expect(order.status, `acknowledged cancel of order ${a.orderId}`).toBe(OrderStatus.Cancelled)
        break
      case 'stops':
        expect(order.stopsVersion).toBeGreaterThan(0)
        break
    }
  }
  // The stops of a still-holding order are the last acknowledged ones, or those of a request in flight.
  for (const order of state.orders) {
    if (order.status !== OrderStatus.Holding) continue
    const asked = attempts.filter(
      (a) =>
        (a.kind === 'stops' && a.orderId === order.id) ||
        ((a.kind === 'market' || a.kind === 'pending') && a.orderId === order.id),
    )
    const lastAck = asked.filter((a) => a.outcome === 'ack').at(-1)
    // An order stored without an answer came from a submit in flight; nobody knew its id to change it.
    const unansweredSubmits = attempts.filter(
      (a) =>
        (a.kind === 'market' || a.kind === 'pending') &&
        a.outcome === 'unknown' &&
        a.userId === order.userId &&
        a.instrumentId === order.instrumentId &&
        a.side === order.side,
    )
    const allowed = lastAck ? [lastAck, ...asked.filter((a) => a.outcome === 'unknown')] : unansweredSubmits
    const found = { stopLoss: Number(order.stopLoss), takeProfit: Number(order.takeProfit) }
    expect(
      allowed.map((a) => ({ stopLoss: a.stopLoss, takeProfit: a.takeProfit })),
      `stops of order ${order.id}`,
    ).toContainEqual(found)
  }
  // No order that nobody was told about, beyond one unanswered submit per user.
  const known = new Set(
    acked.filter((a) => a.kind === 'market' || a.kind === 'pending').map((a) => a.orderId),
  )
  const unknownSubmits = new Map<number, number>()
  for (const a of attempts)
    if ((a.kind === 'market' || a.kind === 'pending') && a.outcome === 'unknown')
      unknownSubmits.set(a.userId, (unknownSubmits.get(a.userId) ?? 0) + 1)
  for (const order of state.orders) {
    if (known.has(order.id)) continue
    const left = unknownSubmits.get(order.userId) ?? 0
    expect(left, `order ${order.id} was never acknowledged nor in flight`).toBeGreaterThan(0)
    unknownSubmits.set(order.userId, left - 1)
  }
}

describe.each(DRIVERS)('a server killed during a stream of orders, on %s', (driver) => {
  it('keeps every acknowledged order, closes nothing twice, and keeps balances equal to their ledgers', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tp-durability-'))
    const snapshotDir = mkdtempSync(join(tmpdir(), 'tp-durability-snapshot-'))
    const postgres =
      driver === 'postgres'
        ? await createPostgresDatabase(process.env.TEST_DATABASE_URL as string)
        : undefined
    const where = postgres ? { url: postgres.url } : { dataDir: join(dataDir, 'pglite') }
    let server: ServerProcess | undefined
    try {
      const began = Date.now()
      const elapsed = () => `${((Date.now() - began) / 1000).toFixed(1)} s`
      server = await startServer({ port: await freePort(), dataDir, databaseUrl: postgres?.url })
      const first = server
      console.info(`[${driver}] first start in ${first.startupMs} ms`)
      const list = (await getJson(first.base, '/v1/api/forex/trade_list')).body.data as any[]
      const instruments: Instrument[] = CODES.map((code) => {
        const item = list.find((i) => i.Code === code)
        return {
          id: item.Id,
          code,
          precision: item.PricePrecision,
          lots: code === 'BTCUSD' ? ['0.01', '0.02', '0.03'] : ['0.1', '0.2', '0.5'],
        }
      })
      const users: { userId: number; token: string }[] = []
      const tag = Math.random().toString(36).slice(2, 10)
      for (let i = 0; i < USERS; i++) {
        const demo = await getJson(first.base, `/api/user/createAccountDemoForU?demo_id=durable-${tag}-${i}`)
        expect(demo.body.code).toBe(1)
        users.push({ userId: demo.body.data.user.id, token: demo.body.data.token })
      }

      // Prices the server shows, refreshed while the stream runs.
      const quotes = new Map<number, { bid: number; ask: number }>()
      const refreshQuotes = async (base: string) => {
        const items = (await getJson(base, '/v1/api/forex/trade_list', undefined, 2000)).body.data as any[]
        for (const item of items) quotes.set(item.Id, { bid: item.Bid, ask: item.Ask })
      }
      await refreshQuotes(first.base)

      const attempts: Attempt[] = []
      let running = true
      /** Set just before the kill: from then on a failed request is one without an answer. */
      let killing = false
      const poller = (async () => {
        while (running) {
          await refreshQuotes(first.base).catch(() => {})
          await new Promise((r) => setTimeout(r, 100))
        }
      })()

      /** Stops about a tick or two from the price the position closes at: they fire often. */
      const tightStops = (instrument: Instrument, side: 1 | 2, exit: number) => {
        if (Math.random() < 0.25) return { stopLoss: 0, takeProfit: 0 }
        const away = () =>
          roundTo(exit * random(0.000005, 0.0001), instrument.precision) + 10 ** -instrument.precision
        const below = roundTo(exit - away(), instrument.precision)
        const above = roundTo(exit + away(), instrument.precision)
        return side === 1 ? { stopLoss: below, takeProfit: above } : { stopLoss: above, takeProfit: below }
      }

      const worker = async (user: { userId: number; token: string }) => {
        /** Live orders as this user last heard of them, with what a stop needs to know. */
        const holding = new Map<number, { side: 1 | 2; instrument: Instrument }>()
        const pending = new Set<number>()
        const instrumentOf = (id: number) => instruments.find((i) => i.id === id) as Instrument
        let step = 0
        while (running) {
          step++
          if (step % 8 === 0) {
            // Stops and fills change the lists behind our back: read them again now and then.
            try {
              const [h, p] = await Promise.all([
                getJson(first.base, '/v1/api/forex/my_deal?status=1&limit=100', user.token),
                getJson(first.base, '/v1/api/forex/my_deal?status=0&limit=100', user.token),
              ])
              holding.clear()
              for (const o of h.body.data.data)
                holding.set(o.Id, { side: o.OrderType, instrument: instrumentOf(o.ForexId) })
              pending.clear()
              for (const o of p.body.data.data) pending.add(o.Id)
            } catch {
              // the server is gone
            }
            continue
          }
          const instrument = pick(instruments)
          const quote = quotes.get(instrument.id) as { bid: number; ask: number }
          const roll = Math.random()
          const kind: Kind =
            roll < 0.35 || (holding.size === 0 && pending.size === 0)
              ? 'market'
              : roll < 0.5
                ? 'pending'
                : roll < 0.7 && holding.size > 0
                  ? 'stops'
                  : roll < 0.9 && holding.size > 0
                    ? 'close'
                    : pending.size > 0
                      ? 'cancel'
                      : 'market'
          const side: 1 | 2 = Math.random() < 0.5 ? 1 : 2
          let path: string
          let attempt: Attempt
          if (kind === 'market') {
            const lots = pick(instrument.lots)
            const stops = tightStops(instrument, side, side === 1 ? quote.bid : quote.ask)
            attempt = {
              kind,
              userId: user.userId,
              side,
              lots,
              instrumentId: instrument.id,
              ...stops,
              sentAt: Date.now(),
            }
            path = `/v1/api/forex/submit?forex_id=${instrument.id}&type=${side}&cont=${lots}&status=1&multiple=2&stop_loss_price=${stops.stopLoss}&target_profit_price=${stops.takeProfit}`
          } else if (kind === 'pending') {
            const lots = pick(instrument.lots)
            const entry = side === 1 ? quote.ask : quote.bid
            const offset = roundTo(entry * random(0.00002, 0.0003), instrument.precision)
            // A limit order a little better than the price now: many of them fill soon.
            const target = roundTo(side === 1 ? entry - offset : entry + offset, instrument.precision)
            const stops = tightStops(instrument, side, target)
            attempt = {
              kind,
              userId: user.userId,
              side,
              lots,
              instrumentId: instrument.id,
              target,
              ...stops,
              sentAt: Date.now(),
            }
            path = `/v1/api/forex/submit?forex_id=${instrument.id}&type=${side}&cont=${lots}&status=0&target_price=${target}&multiple=2&stop_loss_price=${stops.stopLoss}&target_profit_price=${stops.takeProfit}`
          } else if (kind === 'stops') {
            const [orderId, order] = pick([...holding])
            const now = quotes.get(order.instrument.id) as { bid: number; ask: number }
            const stops = tightStops(order.instrument, order.side, order.side === 1 ? now.bid : now.ask)
            attempt = { kind, userId: user.userId, orderId, ...stops, sentAt: Date.now() }
            path = `/v1/api/forex/set_stop_price?id=${orderId}&stop_loss_price=${stops.stopLoss}&target_profit_price=${stops.takeProfit}`
          } else if (kind === 'close') {
            const [orderId] = pick([...holding])
            attempt = { kind, userId: user.userId, orderId, stopLoss: 0, takeProfit: 0, sentAt: Date.now() }
            path = `/v1/api/forex/close?id=${orderId}`
          } else {
            const orderId = pick([...pending])
            attempt = { kind, userId: user.userId, orderId, stopLoss: 0, takeProfit: 0, sentAt: Date.now() }
            path = `/v1/api/forex/cancel_trade?id=${orderId}`
          }
          attempts.push(attempt)
          try {
            const answer = await getJson(first.base, path, user.token)
            attempt.answeredAt = Date.now()
            expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200)
            if (answer.body.code === 1) {
              attempt.outcome = 'ack'
              if (kind === 'market' || kind === 'pending') attempt.orderId = answer.body.data.id
              if (kind === 'market') holding.set(attempt.orderId as number, { side, instrument })
              if (kind === 'pending') pending.add(attempt.orderId as number)
              if (kind === 'close') holding.delete(attempt.orderId as number)
              if (kind === 'cancel') pending.delete(attempt.orderId as number)
            } else {
              attempt.outcome = 'refused'
              attempt.reason = answer.body.reason
              expect(answer.body.code, JSON.stringify(answer.body)).toBe(0)
              if (answer.body.reason === 'order_not_found') {
                holding.delete(attempt.orderId as number)
                pending.delete(attempt.orderId as number)
              }
            }
          } catch (error) {
            if (!killing) throw error
            attempt.outcome = 'unknown'
          }
        }
      }

      // The stream, then a kill at a random moment in it.
      const workers = users.map((u) => worker(u))
      const workersDone = Promise.allSettled(workers)
      const killAfter = random(1500, 3000)
      await new Promise((r) => setTimeout(r, killAfter))
      const killedAt = Date.now()
      // No new requests from here; those in flight meet the kill.
      running = false
      killing = true
      const exit = await first.kill()
      expect(exit.signal).toBe('SIGKILL')
      const settled = await workersDone
      for (const s of settled) if (s.status === 'rejected') throw s.reason
      await poller

      const acks = attempts.filter((a) => a.outcome === 'ack')
      const unknown = attempts.filter((a) => a.outcome === 'unknown')
      const count = (kind: Kind) => acks.filter((a) => a.kind === kind).length
      console.info(
        `[${driver}] killed after ${Math.round(killAfter)} ms: ${attempts.length} requests, ${acks.length} acknowledged ` +
          `(market ${count('market')}, pending ${count('pending')}, stops ${count('stops')}, close ${count('close')}, ` +
          `cancel ${count('cancel')}), ${unknown.length} without answer`,
      )
      expect(acks.length).toBeGreaterThan(20)
      expect(unknown.length).toBeLessThanOrEqual(USERS)

      // The state right after the kill (PGlite: a copy of the folder, so the restart recovers its own).
      if (!postgres) cpSync(join(dataDir, 'pglite'), join(snapshotDir, 'pglite'), { recursive: true })
      const atKill = await stateOf(postgres ? where : { dataDir: join(snapshotDir, 'pglite') })
      checkInvariants(atKill)
      checkAcknowledged(atKill, attempts)
      const closedByEngine = atKill.orders.filter(
        (o) => o.status === OrderStatus.Closed && o.closedType !== 1,
      ).length
      const ackedIds = new Set(acks.map((a) => a.orderId))
      const unansweredButStored = atKill.orders.filter((o) => !ackedIds.has(o.id)).length
      console.info(
        `[${driver}] at the kill: ${atKill.orders.length} orders (${closedByEngine} closed by stops or stop-out, ` +
          `${unansweredButStored} stored without an answer), ${atKill.ledger.length} ledger rows (checked by ${elapsed()})`,
      )

      // Restart on the same data: it must come up by itself and serve what the database holds.
      const restartedAt = Date.now()
      server = await startServer({ port: await freePort(), dataDir, databaseUrl: postgres?.url })
      const second = server
      console.info(
        `[${driver}] restarted in ${second.startupMs} ms (${restartedAt - killedAt} ms after the kill)`,
      )
      const served = new Map<number, { holding: any[]; pending: any[]; balance: string }>()
      for (const user of users) {
        const [h, p] = await Promise.all([
          getJson(second.base, '/v1/api/forex/my_deal?status=1&limit=100', user.token),
          getJson(second.base, '/v1/api/forex/my_deal?status=0&limit=100', user.token),
        ])
        expect(h.body.code).toBe(1)
        expect(h.body.data.total).toBe(h.body.data.data.length)
        served.set(user.userId, {
          holding: h.body.data.data,
          pending: p.body.data.data,
          balance: h.body.data.balance,
        })
      }

      // New orders after the restart take new ids: none overwrites an order stored before the kill.
      const maxIdAtKill = Math.max(0, ...atKill.orders.map((o) => o.id))
      const after: Attempt[] = []
      await refreshQuotes(second.base)
      for (const user of users) {
        const instrument = pick(instruments)
        const attempt: Attempt = {
          kind: 'market',
          userId: user.userId,
          side: 1,
          lots: instrument.lots[0],
          instrumentId: instrument.id,
          stopLoss: 0,
          takeProfit: 0,
          sentAt: Date.now(),
        }
        const answer = await getJson(
          second.base,
          `/v1/api/forex/submit?forex_id=${instrument.id}&type=1&cont=${attempt.lots}&status=1&multiple=2`,
          user.token,
        )
        attempt.answeredAt = Date.now()
        if (answer.body.code !== 1) continue
        attempt.outcome = 'ack'
        attempt.orderId = answer.body.data.id
        expect(attempt.orderId).toBeGreaterThan(maxIdAtKill)
        after.push(attempt)
        const closed = await getJson(second.base, `/v1/api/forex/close?id=${attempt.orderId}`, user.token)
        expect(closed.body.code).toBe(1)
        after.push({ ...attempt, kind: 'close', answeredAt: Date.now() })
      }
      expect(after.length).toBeGreaterThan(0)
      await new Promise((r) => setTimeout(r, 1500))
      const stopped = await second.stop()
      expect(stopped, second.output()).toEqual({ code: 0, signal: null })
      expect(second.output()).not.toMatch(/trading commit failed|engine rebuild failed/)
      server = undefined

      // The database after the restart and a clean stop.
      const final = await stateOf(where)
      checkInvariants(final)
      checkAcknowledged(final, [...attempts, ...after])
      console.info(
        `[${driver}] after the restart: ${final.orders.length} orders, ${final.ledger.length} ledger rows (${elapsed()})`,
      )
      const finalById = new Map(final.orders.map((o) => [o.id, o]))
      // Nothing stored before the kill was lost or rewritten: finished orders stay as they were,
      // and the ledger only grew.
      const placed = (o: State['orders'][number]) => ({
        userId: o.userId,
        instrumentId: o.instrumentId,
        side: o.side,
        lots: o.lots,
        leverage: o.leverage,
        originPrice: o.originPrice,
        placedAt: o.placedAt,
      })
      const filled = (o: State['orders'][number]) => ({
        price: o.price,
        margin: o.margin,
        fee: o.fee,
        openedAt: o.openedAt,
      })
      for (const order of atKill.orders) {
        const now = finalById.get(order.id)
        expect(now, `order ${order.id}`).toBeDefined()
        expect(placed(now!), `order ${order.id}`).toEqual(placed(order))
        if (order.status === OrderStatus.Closed || order.status === OrderStatus.Cancelled)
          expect(now, `finished order ${order.id}`).toEqual(order)
        if (order.status === OrderStatus.Holding)
          expect(filled(now!), `order ${order.id}`).toEqual(filled(order))
      }
      expect(final.ledger.slice(0, atKill.ledger.length)).toEqual(atKill.ledger)

      // What the restarted server served agrees with the database: every live order it listed was
      // live at the kill, and every one it left out had been closed or cancelled by then (by a stop
      // or fill on a tick after the restart, never by a user).
      for (const user of users) {
        const view = served.get(user.userId)!
        const liveAtKill = atKill.orders.filter(
          (o) =>
            o.userId === user.userId &&
            (o.status === OrderStatus.Holding || o.status === OrderStatus.Pending),
        )
        const liveIds = new Set(liveAtKill.map((o) => o.id))
        const servedIds = new Set([...view.holding, ...view.pending].map((o) => o.Id as number))
        for (const o of view.holding) {
          expect(liveIds.has(o.Id), `served holding order ${o.Id}`).toBe(true)
          const row = atKill.orders.find((r) => r.id === o.Id)!
          expect({ side: o.OrderType, lots: o.Quantity, forex: o.ForexId }).toEqual({
            side: row.side,
            lots: Number(row.lots),
            forex: row.instrumentId,
          })
          if (row.status === OrderStatus.Holding) {
            expect(o.Price).toBe(Number(row.price))
            expect(o.TargetLossPrice).toBe(Number(row.stopLoss))
            expect(o.TargetProfitPrice).toBe(Number(row.takeProfit))
          }
        }
        for (const o of view.pending) {
          const row = atKill.orders.find((r) => r.id === o.Id)
          expect(row?.status, `served pending order ${o.Id}`).toBe(OrderStatus.Pending)
          expect(o.OriginPrice).toBe(Number(row!.originPrice))
        }
        for (const row of liveAtKill) {
          if (servedIds.has(row.id)) continue
          const now = finalById.get(row.id)!
          // The two lists are read one after the other: a pending order that filled on a tick in
          // between is in neither, and is now holding, opened after the restart.
          if (row.status === OrderStatus.Pending && now.status === OrderStatus.Holding) {
            expect(now.openedAt!.getTime()).toBeGreaterThanOrEqual(restartedAt - 1000)
            continue
          }
          expect(
            [OrderStatus.Closed, OrderStatus.Cancelled],
            `order ${row.id} left out after the restart`,
          ).toContain(now.status)
          expect(now.closedType).not.toBe(1)
          expect(now.closedAt!.getTime()).toBeGreaterThanOrEqual(restartedAt - 1000)
        }
        // The balance it served is one the ledger went through (at the kill or since).
        const balances = [
          ...final.ledger
            .filter((r) => r.userId === user.userId)
            .map((r) => Number(r.balanceAfter).toFixed(2)),
        ]
        expect(balances).toContain(view.balance)
      }
    } finally {
      if (server) await server.stop().catch(() => {})
      await postgres?.drop()
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(snapshotDir, { recursive: true, force: true })
    }
  }, 90_000)
})
