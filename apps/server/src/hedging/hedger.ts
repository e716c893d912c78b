import { OrderStatus, Side } from '@tp/contracts'
import {
  HedgeBook,
  fromLotUnits,
  hybridThreshold,
  ruleFor,
  toLotUnits,
  type EngineEvent,
  type HedgeMode,
  type HedgedMode,
  type HedgeRule,
  type Order,
} from '@tp/engine'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { hedgeFills, hedgeOrders, users } from '../db/schema.ts'
import { loadHedgeRules } from './hedge-rules-store.ts'
import type { Execution, HedgeVenue, OrderTicket } from './hedge-venue.ts'

/** An instrument as the hedger needs it. */
export interface HedgedInstrument {
  code: string
  contractSize: string
}

export interface HedgerOptions {
  db: Db
  venue: HedgeVenue
  instrument(id: number): HedgedInstrument | undefined
  /** The providers' price now (before the house's markup): what a hedge order is expected to fill at. */
  quote(instrumentId: number): { bid: number; ask: number } | undefined
  /** Every order the engine holds now, or one user's (the engine's memory). */
  positions(userId?: number): Iterable<Order>
  clock: () => number
  log: (level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown>) => void
  /** After a reject or an unfilled remainder, how long before the hedger tries that instrument again. */
  retryMs?: number
}

/** An order the provider may still fill (status new or working). */
interface OpenOrder {
  id: number
  provider: string
  instrumentId: number
  mode: HedgedMode
  /** Signed lot units (a buy is positive). */
  units: number
  /** The provider's filled quantity so far (never signed), in the symbol's units, and its average price. */
  filledQuantity: number
  averagePrice: number
  status: 'new' | 'working'
  /** When it was stored (ms): one still open a while later has its status asked again. */
  sentMs: number
}

const HEDGED: readonly HedgedMode[] = ['a_book', 'hybrid']
/** An immediate-or-cancel order is answered in moments: one open this long is asked after (and then as often). */
const OVERDUE_MS = 5000
const clOrdIdOf = (id: number) => `H${id}`
const idOf = (clOrdId: string) => (/^H(\d{1,15})$/.test(clOrdId) ? Number(clOrdId.slice(1)) : undefined)

/**
 * Passes client risk on to liquidity providers as the hedging rules say (issue 28, decision 051).
 * It follows the desk's committed trades (it never holds one up: its work queues behind them), keeps
 * the house's position against clients and providers in a HedgeBook, and orders what the rules
 * want. Every order and fill is stored before it counts; a fill counts once, by the provider's
 * cumulative quantity (a report sent again, or one that arrives after a status answer covered it,
 * adds nothing). After a restart or a reconnect it asks the provider what became of every open
 * order, and sends again only those the provider never had.
 */
export class Hedger {
  private readonly book = new HedgeBook()
  private rules: HedgeRule[] = []
  /** userId → client group, or null for a demo account (never hedged). */
  private readonly groups = new Map<number, string | null>()
  private readonly open = new Map<number, OpenOrder>()
  /** `instrumentId:mode` waiting before its next order (after a reject or an unfilled rest). */
  private readonly cooling = new Set<string>()
  /** Instruments warned about having no provider that takes orders (once each). */
  private readonly unrouted = new Set<number>()
  private queue: Promise<void> = Promise.resolve()
  private stopped = false
  private readonly timers = new Set<NodeJS.Timeout>()
  private checker: NodeJS.Timeout | undefined

  constructor(private readonly options: HedgerOptions) {}

  /** Loads the rules, the open positions and the stored hedge, connects to the providers, and orders what is missing. */
  async start(): Promise<void> {
    await this.run(async () => {
      this.rules = await loadHedgeRules(this.options.db)
      await this.loadHedge()
      await this.openPositions()
      // An order still open a while after it was sent (an answer lost without a gap) is asked after.
      const check = setInterval(() => void this.run(() => this.askOverdue()), OVERDUE_MS)
      check.unref()
      this.checker = check
      this.options.venue.start({
        unsure: (provider) => void this.run(() => this.askOpen(provider)),
        execution: (provider, report) => void this.run(() => this.onExecution(provider, report)),
      })
      await this.reconcileAll()
    })
  }

  /** The desk committed these events: positions opened, reduced and closed change what is hedged. */
  committed(events: readonly EngineEvent[]): void {
    const relevant = events.filter(
      (e) => e.type === 'position_opened' || e.type === 'position_reduced' || e.type === 'position_closed',
    )
    if (relevant.length > 0) void this.run(() => this.onTrades(relevant))
  }

  /**
   * Staff changed the rules (every position is placed again under them), or moved a client to
   * another group (`userId`: that client's positions are).
   */
  rulesChanged(userId?: number): Promise<void> {
    return this.run(async () => {
      this.rules = await loadHedgeRules(this.options.db)
      if (userId !== undefined) {
        this.groups.delete(userId)
        const held = [...this.options.positions(userId)].filter((o) => o.status === OrderStatus.Holding)
        await this.learnGroups([userId])
        for (const order of held) this.place(order)
        for (const id of new Set(held.map((o) => o.instrumentId))) await this.reconcile(id)
        return
      }
      this.book.clearClients()
      await this.openPositions()
      await this.reconcileAll()
    })
  }

  /** The house's position per instrument and mode: the clients' and the hedge's, in lots (open orders counted whole). */
  positions(): { instrumentId: number; mode: HedgeMode; clientLots: number; hedgeLots: number }[] {
    return [...this.book.entries()].map((e) => ({
      instrumentId: e.instrumentId,
      mode: e.mode,
      clientLots: fromLotUnits(e.client),
      hedgeLots: fromLotUnits(e.hedge),
    }))
  }

  /** Waits for the work queued so far (tests and shutdown). */
  settle(): Promise<void> {
    return this.queue
  }

  async stop(): Promise<void> {
    this.stopped = true
    for (const timer of this.timers) clearTimeout(timer)
    clearInterval(this.checker)
    await this.queue
    await this.options.venue.stop()
  }

  /** Runs one piece of work after the ones before it; a failure is logged and the queue goes on. */
  private run(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(async () => {
      if (this.stopped) return
      try {
        await work()
      } catch (error) {
        this.options.log('error', 'hedging: a step failed', { error: (error as Error).message })
      }
    })
    this.queue = next
    return next
  }

  private async loadHedge(): Promise<void> {
    const { db } = this.options
    const totals = await db
      .select({
        instrumentId: hedgeOrders.instrumentId,
        mode: hedgeOrders.mode,
        lots: sql<string>`sum(case when ${hedgeOrders.status} in ('new', 'working') then ${hedgeOrders.lots} else ${hedgeOrders.filledLots} * sign(${hedgeOrders.lots}) end)`,
      })
      .from(hedgeOrders)
      .groupBy(hedgeOrders.instrumentId, hedgeOrders.mode)
    for (const t of totals) this.book.hedged(t.instrumentId, t.mode as HedgedMode, toLotUnits(Number(t.lots)))
    const open = await db
      .select()
      .from(hedgeOrders)
      .where(inArray(hedgeOrders.status, ['new', 'working']))
    for (const row of open) this.open.set(row.id, this.orderOf(row))
  }

  private async openPositions(): Promise<void> {
    const held = [...this.options.positions()].filter((o) => o.status === OrderStatus.Holding)
    await this.learnGroups(held.map((o) => o.userId))
    for (const order of held) this.place(order)
  }

  /** Puts a client position in the book under the mode its rule gives now (demo accounts stay out). */
  private place(order: Order): void {
    const group = this.groups.get(order.userId)
    const code = this.options.instrument(order.instrumentId)?.code
    if (group === null || group === undefined || code === undefined) return
    const mode = ruleFor(this.rules, code, group)?.mode ?? 'b_book'
    const units = toLotUnits(order.lots.toNumber())
    this.book.opened(order.id, order.instrumentId, mode, order.side === Side.Buy ? units : -units)
  }

  private async learnGroups(userIds: readonly number[]): Promise<void> {
    const missing = [...new Set(userIds)].filter((id) => !this.groups.has(id))
    for (let at = 0; at < missing.length; at += 1000) {
      const rows = await this.options.db
        .select({ id: users.id, group: users.clientGroup, isDemo: users.isDemo })
        .from(users)
        .where(inArray(users.id, missing.slice(at, at + 1000)))
      for (const row of rows) this.groups.set(row.id, row.isDemo ? null : row.group)
    }
  }

  private async onTrades(events: readonly EngineEvent[]): Promise<void> {
    await this.learnGroups(events.flatMap((e) => (e.type === 'position_opened' ? [e.order.userId] : [])))
    const touched = new Set<number>()
    for (const event of events) {
      if (event.type === 'position_opened') {
        this.place(event.order)
        touched.add(event.order.instrumentId)
      } else if (event.type === 'position_reduced') {
        const units = toLotUnits(event.order.lots.toNumber())
        this.book.resized(event.order.id, event.order.side === Side.Buy ? units : -units)
        touched.add(event.order.instrumentId)
      } else if (event.type === 'position_closed') {
        this.book.closed(event.order.id)
        touched.add(event.order.instrumentId)
      }
    }
    for (const instrumentId of touched) await this.reconcile(instrumentId)
  }

  private async reconcileAll(): Promise<void> {
    const ids = new Set([...this.book.entries()].map((e) => e.instrumentId))
    for (const id of ids) await this.reconcile(id)
  }

  /** Orders what the rules want of an instrument and is not yet ordered. */
  private async reconcile(instrumentId: number): Promise<void> {
    const instrument = this.options.instrument(instrumentId)
    if (!instrument) return
    for (const mode of HEDGED) {
      const threshold = mode === 'hybrid' ? toLotUnits(hybridThreshold(this.rules, instrument.code)) : 0
      const units = this.book.need(instrumentId, mode, threshold)
      if (units === 0 || this.cooling.has(`${instrumentId}:${mode}`)) continue
      const provider = this.options.venue.providerFor(instrument.code)
      if (!provider) {
        if (!this.unrouted.has(instrumentId))
          this.options.log('warn', 'hedging: no provider takes orders for the instrument', {
            code: instrument.code,
          })
        this.unrouted.add(instrumentId)
        continue
      }
      const quote = this.options.quote(instrumentId)
      // No price, no market: the order waits for the next trade or retry.
      if (!quote) continue
      await this.send(provider, instrumentId, mode, units, units > 0 ? quote.ask : quote.bid)
    }
  }

  private async send(
    provider: string,
    instrumentId: number,
    mode: HedgedMode,
    units: number,
    refPrice: number,
  ): Promise<void> {
    const [row] = await this.options.db
      .insert(hedgeOrders)
      .values({
        provider,
        instrumentId,
        mode,
        lots: String(fromLotUnits(units)),
        refPrice: String(refPrice),
      })
      .returning({ id: hedgeOrders.id })
    const order: OpenOrder = {
      id: (row as { id: number }).id,
      provider,
      instrumentId,
      mode,
      units,
      filledQuantity: 0,
      averagePrice: 0,
      status: 'new',
      sentMs: this.options.clock(),
    }
    this.open.set(order.id, order)
    this.book.hedged(instrumentId, mode, units)
    const ticket = this.ticketOf(order)
    // Not logged on now: it goes when the session logs on (askOpen finds the provider never had it).
    if (ticket) this.options.venue.place(provider, ticket)
  }

  /** Orders open longer than an IOC order takes: what became of them? */
  private async askOverdue(): Promise<void> {
    const now = this.options.clock()
    for (const order of this.open.values()) {
      if (now - order.sentMs < OVERDUE_MS) continue
      const ticket = this.ticketOf(order)
      if (ticket) this.options.venue.askStatus(order.provider, ticket)
    }
  }

  /** Reports of the provider's may have been missed: what became of each of its open orders? */
  private async askOpen(provider: string): Promise<void> {
    for (const order of this.open.values()) {
      if (order.provider !== provider) continue
      const ticket = this.ticketOf(order)
      if (ticket) this.options.venue.askStatus(provider, ticket)
    }
  }

  private async onExecution(provider: string, report: Execution): Promise<void> {
    const id = idOf(report.clOrdId)
    const order = id === undefined ? undefined : (this.open.get(id) ?? (await this.finishedOrder(id)))
    if (!order || order.provider !== provider) {
      this.options.log('warn', 'hedging: a report of an order that is not ours', {
        provider,
        clOrdId: report.clOrdId,
      })
      return
    }
    const ticket = this.ticketOf(order)
    if (report.unknown) {
      // It never reached the provider: send it now, under the same ClOrdID.
      if (this.open.has(order.id) && ticket) this.options.venue.place(provider, ticket)
      return
    }
    if (report.duplicate) {
      if (ticket) this.options.venue.askStatus(provider, ticket)
      return
    }
    const contract = this.contractOf(order.instrumentId)
    const total = Math.min(report.filledQuantity, Math.abs(fromLotUnits(order.units)) * contract)
    const wasOpen = this.open.has(order.id)
    await this.options.db.transaction(async (tx) => {
      if (total > order.filledQuantity + 1e-9) {
        const more = total - order.filledQuantity
        // The report's own trade when it is all that is new; else what the totals imply.
        const price =
          report.fill && Math.abs(report.fill.quantity - more) < 1e-9
            ? report.fill.price
            : (report.averagePrice * total - order.averagePrice * order.filledQuantity) / more
        const sign = Math.sign(order.units)
        const execId = report.fill?.execId ?? `status:${report.clOrdId}:${total}`
        const inserted = await tx
          .insert(hedgeFills)
          .values({
            orderId: order.id,
            provider,
            execId,
            lots: String(sign * roundLots(more / contract)),
            price: String(roundPrice(price)),
          })
          .onConflictDoNothing()
          .returning({ id: hedgeFills.id })
        if (inserted.length > 0) {
          order.averagePrice = (order.averagePrice * order.filledQuantity + price * more) / total
          order.filledQuantity = total
          // A fill of an order already over (its rest was taken back from the hedge) counts again.
          if (!wasOpen) this.book.hedged(order.instrumentId, order.mode, sign * toLotUnits(more / contract))
        }
      }
      const status = report.final
        ? order.filledQuantity <= 0
          ? report.final === 'filled'
            ? 'cancelled'
            : report.final
          : toLotUnits(order.filledQuantity / contract) >= Math.abs(order.units)
            ? 'filled'
            : 'partial'
        : report.working && order.status === 'new'
          ? 'working'
          : undefined
      await tx
        .update(hedgeOrders)
        .set({
          filledLots: String(roundLots(order.filledQuantity / contract)),
          avgPrice: String(roundPrice(order.averagePrice)),
          ...(status && { status }),
          ...(report.final && report.reason && { reason: report.reason.slice(0, 200) }),
          updatedAt: new Date(this.options.clock()),
        })
        .where(eq(hedgeOrders.id, order.id))
      if (status === 'working') order.status = 'working'
    })
    if (report.final && wasOpen) this.finish(order)
  }

  /** The order is over: what did not fill leaves the hedge, and the instrument waits before it is tried again. */
  private finish(order: OpenOrder): void {
    this.open.delete(order.id)
    const filledUnits =
      Math.sign(order.units) * toLotUnits(order.filledQuantity / this.contractOf(order.instrumentId))
    const rest = order.units - filledUnits
    if (rest === 0) return
    this.book.hedged(order.instrumentId, order.mode, -rest)
    const key = `${order.instrumentId}:${order.mode}`
    if (this.cooling.has(key)) return
    this.cooling.add(key)
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      this.cooling.delete(key)
      void this.run(() => this.reconcile(order.instrumentId))
    }, this.options.retryMs ?? 5000)
    timer.unref()
    this.timers.add(timer)
  }

  /** A finished order, read back for a report that comes after it ended (a late fill counts too). */
  private async finishedOrder(id: number): Promise<OpenOrder | undefined> {
    const [row] = await this.options.db
      .select()
      .from(hedgeOrders)
      .where(
        and(
          eq(hedgeOrders.id, id),
          inArray(hedgeOrders.status, ['filled', 'partial', 'rejected', 'cancelled']),
        ),
      )
    return row && this.orderOf(row)
  }

  /** A stored order as the hedger keeps it. */
  private orderOf(row: typeof hedgeOrders.$inferSelect): OpenOrder {
    return {
      id: row.id,
      provider: row.provider,
      instrumentId: row.instrumentId,
      mode: row.mode as HedgedMode,
      units: toLotUnits(Number(row.lots)),
      filledQuantity: Number(row.filledLots) * this.contractOf(row.instrumentId),
      averagePrice: Number(row.avgPrice),
      status: row.status === 'new' ? 'new' : 'working',
      sentMs: row.createdAt.getTime(),
    }
  }

  private ticketOf(order: OpenOrder): OrderTicket | undefined {
    const code = this.options.instrument(order.instrumentId)?.code
    const symbol = code === undefined ? undefined : this.options.venue.symbolOf(order.provider, code)
    if (symbol === undefined) return undefined
    return {
      clOrdId: clOrdIdOf(order.id),
      symbol,
      side: order.units > 0 ? 'buy' : 'sell',
      quantity: roundQuantity(Math.abs(fromLotUnits(order.units)) * this.contractOf(order.instrumentId)),
    }
  }

  private contractOf(instrumentId: number): number {
    return Number(this.options.instrument(instrumentId)?.contractSize ?? 1)
  }
}

const roundLots = (lots: number) => Math.round(lots * 10_000) / 10_000
const roundPrice = (price: number) => Number(price.toFixed(10))
const roundQuantity = (quantity: number) => Number(quantity.toFixed(6))
