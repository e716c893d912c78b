/**
 * What must hold after every step of a simulation, each with a name. A check returns what it found
 * broken (the first thing), or undefined. They read the database as it is, and the engine's memory.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import Decimal from 'decimal.js'
import { ClosedType, DepositStatus, LedgerType, OrderStatus, WithdrawalStatus } from '@tp/contracts'
import type { Quote } from '@tp/engine'
import { accounts, deposits, instruments, ledger, orders, withdrawals } from '../src/db/schema.ts'
import { rebuildEngine } from '../src/trading/desk-state.ts'
import { firstRow } from '../src/db/client.ts'
import { engineShape, shapeDifference } from './engine-shape.ts'
import type { World } from './world.ts'

/** What a check may remember from one step to the next (rows already judged). */
export interface Memory {
  /** The highest ledger id judged by `write-off only when flat`. */
  ledgerSeen: number
  /** Orders whose close price was judged. */
  closesSeen: Set<number>
  /** Orders whose fill price was judged. */
  fillsSeen: Set<number>
  /** The house-limit check's last reading: nets, account sides, limits, and the clock then. */
  exposure?: Exposure
}

/** Real clients' lots by instrument (net) and by account, instrument and side, with the limits. */
interface Exposure {
  atMs: number
  net: Map<number, Decimal>
  sides: Map<string, Decimal>
  limits: Map<number, string>
}

export const newMemory = (): Memory => ({ ledgerSeen: 0, closesSeen: new Set(), fillsSeen: new Set() })

export interface Invariant {
  name: string
  /** Only at some steps (a rebuild costs more than a query). */
  when?: 'restart'
  check(world: World, memory: Memory): Promise<string | undefined>
}

/** The sum of a money column, as text (none: 0). */
const total = (column: AnyPgColumn) => sql<string>`coalesce(sum(${column}), 0)`

async function accountsOf(world: World) {
  const ids = world.users.map((u) => u.userId)
  if (ids.length === 0) return []
  return world.app.db.select().from(accounts).where(inArray(accounts.userId, ids))
}

const ledgerSumsToBalance: Invariant = {
  name: 'every ledger sums to its balance and frozen balance',
  async check(world) {
    const rows = await world.app.db
      .select({
        userId: ledger.userId,
        total: total(ledger.amount),
        frozen: total(ledger.frozenAmount),
      })
      .from(ledger)
      .groupBy(ledger.userId)
    const sums = new Map(rows.map((r) => [r.userId, r]))
    for (const account of await accountsOf(world)) {
      const s = sums.get(account.userId)
      const total = new Decimal(s?.total ?? 0)
      const frozen = new Decimal(s?.frozen ?? 0)
      if (!total.equals(account.balance) || !frozen.equals(account.frozen))
        return `user ${account.userId}: balance ${account.balance} frozen ${account.frozen}, ledger ${total} and ${frozen}`
    }
    return undefined
  },
}

const frozenWithinBounds: Invariant = {
  name: 'frozen money is never negative',
  async check(world) {
    for (const account of await accountsOf(world))
      if (new Decimal(account.frozen).isNegative()) return `user ${account.userId}: frozen ${account.frozen}`
    return undefined
  },
}

/**
 * A flat account never keeps a negative balance: the house writes off a loss beyond it. An account
 * with positions may (a stopped-out loss larger than the balance while another position's profit
 * covers it, as in MT5): the balance is the client's loss to the house only once nothing is open.
 */
const noNegativeBalance: Invariant = {
  name: 'no negative balance is left (the house writes a loss beyond it off)',
  async check(world) {
    for (const account of await accountsOf(world)) {
      if (!new Decimal(account.balance).isNegative()) continue
      const open = world.app.desk.view
        .ordersOf(account.userId)
        .filter((o) => o.status === OrderStatus.Holding)
      if (open.length === 0) return `user ${account.userId}: balance ${account.balance} with nothing open`
    }
    return undefined
  },
}

const writeOffOnlyWhenFlat: Invariant = {
  name: 'a write-off only when the account is flat',
  async check(world, memory) {
    const written = await world.app.db
      .select({ id: ledger.id, userId: ledger.userId, amount: ledger.amount })
      .from(ledger)
      .where(and(eq(ledger.type, LedgerType.WRITE_OFF), gt(ledger.id, memory.ledgerSeen)))
    const [last] = await world.app.db.select({ id: sql<number>`coalesce(max(${ledger.id}), 0)` }).from(ledger)
    memory.ledgerSeen = Number(last?.id ?? 0)
    for (const row of written) {
      const open = world.app.desk.view.ordersOf(row.userId).filter((o) => o.status === OrderStatus.Holding)
      if (open.length > 0)
        return `user ${row.userId}: written off ${row.amount} with ${open.length} positions still open`
    }
    return undefined
  },
}

const moneyAddsUp: Invariant = {
  name: 'money in minus money out equals what the ledger holds',
  async check(world) {
    const ids = world.users.map((u) => u.userId)
    if (ids.length === 0) return undefined
    const held = (await accountsOf(world)).reduce(
      (total, a) => total.plus(a.balance).plus(a.frozen),
      new Decimal(0),
    )
    const db = world.app.db
    const [approved] = await db
      .select({ sum: total(deposits.amount) })
      .from(deposits)
      .where(and(inArray(deposits.userId, ids), eq(deposits.status, DepositStatus.Finished)))
    const [paid] = await db
      .select({ sum: total(withdrawals.amount) })
      .from(withdrawals)
      .where(and(inArray(withdrawals.userId, ids), eq(withdrawals.status, WithdrawalStatus.Paid)))
    const deposited = new Decimal(approved?.sum ?? 0)
    const paidOut = new Decimal(paid?.sum ?? 0)
    if (!deposited.equals(world.tally.deposited))
      return `deposits approved in the database ${deposited}, acknowledged ${world.tally.deposited}`
    if (!paidOut.equals(world.tally.paidOut))
      return `withdrawals paid in the database ${paidOut}, acknowledged ${world.tally.paidOut}`
    // What trading moved, from the orders themselves: profit of closed ones, fees and swaps of filled ones.
    const [traded] = await db
      .select({
        profit: sql<string>`coalesce(sum(case when ${orders.status} = ${OrderStatus.Closed} then ${orders.profit} else 0 end), 0)`,
        costs: sql<string>`coalesce(sum(case when ${orders.status} in (${OrderStatus.Closed}, ${OrderStatus.Holding}) then ${orders.swap} - ${orders.fee} else 0 end), 0)`,
      })
      .from(orders)
      .where(inArray(orders.userId, ids))
    const trading = new Decimal(traded?.profit ?? 0).plus(traded?.costs ?? 0)
    const [writtenOff] = await db
      .select({ sum: total(ledger.amount) })
      .from(ledger)
      .where(and(inArray(ledger.userId, ids), eq(ledger.type, LedgerType.WRITE_OFF)))
    const expected = deposited
      .minus(paidOut)
      .plus(world.tally.adjusted)
      .plus(trading)
      .plus(writtenOff?.sum ?? 0)
    if (!expected.equals(held))
      return `accounts hold ${held}; deposits ${deposited} - paid ${paidOut} + adjustments ${world.tally.adjusted} + trading ${trading} + write-offs = ${expected}`
    return undefined
  },
}

const nothingLostNothingTwice: Invariant = {
  name: 'no acknowledged command lost, none applied twice',
  async check(world) {
    if (world.retryMismatch)
      return `a retry with the same key was answered differently: ${world.retryMismatch}`
    const ids = [...world.acknowledged]
    if (ids.length > 0) {
      const found = await world.app.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids))
      if (found.length !== ids.length) {
        const have = new Set(found.map((r) => r.id))
        return `acknowledged orders missing: ${ids.filter((id) => !have.has(id)).join(', ')}`
      }
    }
    const twice = await world.app.db
      .select({ type: ledger.type, ref: ledger.ref, n: sql<number>`count(*)` })
      .from(ledger)
      .where(
        inArray(ledger.type, [
          LedgerType.DEPOSIT,
          LedgerType.WITHDRAWAL,
          LedgerType.TRADE_PROFIT,
          LedgerType.TRADE_FEE,
        ]),
      )
      .groupBy(ledger.type, ledger.ref)
      .having(sql`count(*) > 1`)
    if (twice.length > 0) return `booked twice: type ${twice[0]!.type} ${twice[0]!.ref}`
    return undefined
  },
}

/**
 * Every price a position was filled or closed at (by the house: stop-out, stop, target, staff; or by
 * its owner) was the instrument's live quote then: its last one at or before that instant, no older
 * than the quote age limit; a buy fills at the ask and closes at the bid, a sell the other way round.
 * When a close came from another instrument's quote of the same instant, taken first, the quote before
 * it counts too (a stop-out on a USDJPY quote closes EURJPY at EURJPY's quote of a moment earlier). A
 * quote that came out of order is never one: the feed drops it, also in a process started later.
 */
const pricesFromLiveQuotes: Invariant = {
  name: 'every position the house closed (and every fill and close) was at a live quote of its own instrument',
  async check(world, memory) {
    const maxAgeMs = world.app.desk.view.riskSettings().maxQuoteAgeMs
    const ids = world.users.map((u) => u.userId)
    if (ids.length === 0) return undefined
    const traded = await world.app.db
      .select()
      .from(orders)
      .where(
        and(inArray(orders.userId, ids), inArray(orders.status, [OrderStatus.Holding, OrderStatus.Closed])),
      )
    const judge = (
      order: (typeof traded)[number],
      what: 'filled' | 'closed',
      atMs: number,
      price: number,
    ) => {
      const quotes = world.liveQuotes.get(order.instrumentId) ?? []
      const candidates = [latestBefore(quotes, atMs, true), latestBefore(quotes, atMs, false)]
      const buyAtAsk = (what === 'filled') === (order.side === 1)
      const side = (quote: Quote) => (buyAtAsk ? quote.ask : quote.bid)
      if (candidates.some((q) => q && side(q) === price && atMs - q.timeMs <= maxAgeMs)) return undefined
      const last = candidates[0]
      const how = what === 'closed' ? ` (closed type ${order.closedType})` : ''
      if (!last) return `order ${order.id} ${what} at ${price}${how} with no live quote before it`
      return (
        `order ${order.id} (${order.side === 1 ? 'buy' : 'sell'}) ${what} at ${price}${how} at ` +
        `${new Date(atMs).toISOString()}; the live quote was ${last.bid}/${last.ask}, ${atMs - last.timeMs} ms old`
      )
    }
    for (const order of traded) {
      if (!memory.fillsSeen.has(order.id) && order.openedAt) {
        memory.fillsSeen.add(order.id)
        const broken = judge(order, 'filled', order.openedAt.getTime(), Number(order.price))
        if (broken) return broken
      }
      if (order.status === OrderStatus.Closed && !memory.closesSeen.has(order.id)) {
        memory.closesSeen.add(order.id)
        // A close by is at an open price, not at the quote (closeByIsFair); every other close is judged here.
        const broken =
          order.closedType === ClosedType.CloseBy
            ? closeByIsFair(order, traded, world.liveQuotes.get(order.instrumentId) ?? [], maxAgeMs)
            : judge(order, 'closed', order.closedAt?.getTime() ?? 0, Number(order.closePrice))
        if (broken) return broken
      }
    }
    return undefined
  },
}

type OrderRow = typeof orders.$inferSelect

/**
 * A close by (decision 037) closes at an open price, but like every close only while a live quote
 * of the instrument is there: its last quote at or before the close no older than the age limit. The
 * position it names is an opposite one of the same user and instrument, the close price is that
 * position's open price or its own (the second of the pair closes at its own), and the other record
 * of the pair (same user, instrument and instant, other side) closed at the same price.
 */
function closeByIsFair(
  order: OrderRow,
  rows: readonly OrderRow[],
  quotes: readonly Quote[],
  maxAgeMs: number,
): string | undefined {
  const atMs = order.closedAt?.getTime() ?? 0
  const what = `order ${order.id} closed by ${order.closedById} at ${order.closePrice}`
  const last = latestBefore(quotes, atMs, true)
  if (!last || atMs - last.timeMs > maxAgeMs)
    return `${what} at ${new Date(atMs).toISOString()} with no live quote (last ${last?.timeMs ?? 'none'})`
  const partner = rows.find((o) => o.id === order.closedById)
  if (
    !partner ||
    partner.userId !== order.userId ||
    partner.instrumentId !== order.instrumentId ||
    partner.side === order.side
  )
    return `${what}: not an opposite position of the same user and instrument`
  const price = Number(order.closePrice)
  if (price !== Number(partner.price) && price !== Number(order.price))
    return `${what}: neither its open price ${order.price} nor ${partner.price}`
  const pair = rows.filter(
    (o) =>
      o.closedType === ClosedType.CloseBy &&
      o.userId === order.userId &&
      o.instrumentId === order.instrumentId &&
      o.side !== order.side &&
      o.closedAt?.getTime() === atMs,
  )
  if (!pair.some((o) => Number(o.closePrice) === price)) return `${what}: its pair closed at another price`
  return undefined
}

/** The last quote before `atMs` (or at it, with `orAt`). */
function latestBefore(quotes: readonly Quote[], atMs: number, orAt: boolean): Quote | undefined {
  let found: Quote | undefined
  for (const quote of quotes) if (quote.timeMs < atMs || (orAt && quote.timeMs === atMs)) found = quote
  return found
}

async function exposureOf(world: World): Promise<Exposure> {
  const ids = world.users.map((u) => u.userId)
  const live =
    ids.length === 0
      ? []
      : await world.app.db
          .select({
            userId: orders.userId,
            instrumentId: orders.instrumentId,
            side: orders.side,
            status: orders.status,
            lots: orders.lots,
          })
          .from(orders)
          .where(
            and(
              inArray(orders.userId, ids),
              inArray(orders.status, [OrderStatus.Pending, OrderStatus.Holding]),
            ),
          )
  const net = new Map<number, Decimal>()
  const sides = new Map<string, Decimal>()
  for (const o of live) {
    const key = `${o.userId}:${o.instrumentId}:${o.side}`
    sides.set(key, (sides.get(key) ?? new Decimal(0)).plus(o.lots))
    if (o.status !== OrderStatus.Holding) continue
    const signed = o.side === 1 ? new Decimal(o.lots) : new Decimal(o.lots).negated()
    net.set(o.instrumentId, (net.get(o.instrumentId) ?? new Decimal(0)).plus(signed))
  }
  const rows = await world.app.db
    .select({ id: instruments.id, net: instruments.maxNetLots, account: instruments.maxAccountLots })
    .from(instruments)
    .where(
      inArray(
        instruments.id,
        world.instruments.map((i) => i.id),
      ),
    )
  const limits = new Map(rows.map((r) => [r.id, `${r.net ?? ''}/${r.account ?? ''}`]))
  return { atMs: world.nowMs(), net, sides, limits }
}

/**
 * What the house limits promise (decision 023): an order or a fill never takes the real clients' net
 * lots of an instrument past its limit, nor one account's lots on one side (positions and pending
 * orders) past the account limit. Closes are always taken and may move the net anywhere, and a limit
 * lowered under open positions is not a breach: a step is judged only where neither happened.
 */
const withinHouseLimits: Invariant = {
  name: 'net exposure within house limits wherever the rules promise it',
  async check(world, memory) {
    const now = await exposureOf(world)
    const before = memory.exposure
    memory.exposure = now
    if (!before) return undefined
    const closedIn = new Set(
      (
        await world.app.db
          .select({ instrumentId: orders.instrumentId })
          .from(orders)
          .where(and(eq(orders.status, OrderStatus.Closed), gt(orders.closedAt, new Date(before.atMs))))
      ).map((r) => r.instrumentId),
    )
    for (const instrument of world.instruments) {
      const limits = now.limits.get(instrument.id) ?? '/'
      if (limits !== before.limits.get(instrument.id)) continue
      const [maxNet, maxAccount] = limits.split('/')
      const net = (now.net.get(instrument.id) ?? new Decimal(0)).abs()
      const was = (before.net.get(instrument.id) ?? new Decimal(0)).abs()
      if (maxNet && !closedIn.has(instrument.id) && net.greaterThan(maxNet) && net.greaterThan(was))
        return `${instrument.code}: clients' net ${net} lots past the limit ${maxNet} (it was ${was})`
      if (!maxAccount) continue
      for (const [key, lots] of now.sides) {
        if (!key.includes(`:${instrument.id}:`)) continue
        const had = before.sides.get(key) ?? new Decimal(0)
        if (lots.greaterThan(maxAccount) && lots.greaterThan(had))
          return `${instrument.code}: account side ${key} holds ${lots} lots past the limit ${maxAccount} (it held ${had})`
      }
    }
    return undefined
  },
}

const rebuiltEqualsMemory: Invariant = {
  name: 'the engine rebuilt from the database equals the engine in memory',
  when: 'restart',
  async check(world) {
    const restarted = world.restarted
    if (restarted) return shapeDifference(restarted.before, restarted.after, 'before the restart', 'after it')
    const quotes = new Map<number, Quote>()
    for (const [id, list] of world.liveQuotes) quotes.set(id, list[list.length - 1]!)
    const stored = await world.storedBalances()
    const rebuilt = engineShape(await rebuildEngine(world.app.db, quotes), world.users, stored)
    return shapeDifference(
      engineShape(world.app.desk.view, world.users, stored),
      rebuilt,
      'in memory',
      'rebuilt',
    )
  },
}

const copiesFollowTheirLeader: Invariant = {
  name: "a running follow's copies are its follower's, and none outlives its leader's position",
  async check(world) {
    const result = await world.app.db.execute(sql`
      select copy.id, copy.user_id, f.follower_id, lead.status as leader_status
      from orders copy
      join follows f on f.id = copy.follow_id and f.ended_at is null
      join orders lead on lead.id = copy.copy_of
      where copy.status = ${OrderStatus.Holding}
        and (copy.user_id <> f.follower_id or lead.status not in (${OrderStatus.Pending}, ${OrderStatus.Holding}))
      limit 1`)
    const row = firstRow<Record<string, unknown>>(result)
    return row ? `copy ${String(row.id)}: ${JSON.stringify(row)}` : undefined
  },
}

const noServerErrors: Invariant = {
  name: 'no call is answered with a server error, and the server reports no failure it did not meet',
  async check(world) {
    return world.serverError ?? world.serverErrors[0]
  },
}

/** Every invariant, in the order they are checked. */
export const INVARIANTS: Invariant[] = [
  noServerErrors,
  copiesFollowTheirLeader,
  ledgerSumsToBalance,
  frozenWithinBounds,
  noNegativeBalance,
  writeOffOnlyWhenFlat,
  moneyAddsUp,
  nothingLostNothingTwice,
  pricesFromLiveQuotes,
  withinHouseLimits,
  rebuiltEqualsMemory,
]
