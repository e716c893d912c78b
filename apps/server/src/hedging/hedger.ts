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
import { inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { HedgeOrders, OVERDUE_MS } from './hedge-orders.ts'
import { loadHedgeRules } from './hedge-rules-store.ts'
import type { HedgeVenue } from './hedge-venue.ts'

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
  /** After a reject or an unfilled rest, the first wait before the instrument is ordered again; it doubles while they go on. */
  retryMs?: number
}

const HEDGED: readonly HedgedMode[] = ['a_book', 'hybrid']
/** The longest wait between tries of an instrument its provider keeps refusing. */
const RETRY_MOST_MS = 5 * 60_000
const keyOf = (instrumentId: number, mode: HedgedMode) => `${instrumentId}:${mode}`

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
  private readonly orders: HedgeOrders
  private rules: HedgeRule[] = []
  /** userId → client group, or null for a demo account (never hedged). */
  private readonly groups = new Map<number, string | null>()
  /** `instrumentId:mode` → the wait before its next try, while its tries fail (none: not waiting). */
  private readonly waits = new Map<string, { ms: number; timer?: NodeJS.Timeout }>()
  /** Instruments warned about having no provider that takes orders (once each). */
  private readonly unrouted = new Set<number>()
  private queue: Promise<void> = Promise.resolve()
  private stopped = false
  private checker: NodeJS.Timeout | undefined

  constructor(private readonly options: HedgerOptions) {
    this.orders = new HedgeOrders({
      db: options.db,
      venue: options.venue,
      codeOf: (id) => options.instrument(id)?.code,
      clock: options.clock,
      log: options.log,
      hedged: (instrumentId, mode, units) => this.book.hedged(instrumentId, mode, units),
      settled: (instrumentId, mode, outcome) => this.settled(instrumentId, mode, outcome),
    })
  }

  /** Loads the rules, the open positions and the stored hedge, connects to the providers, and orders what is missing. */
  async start(): Promise<void> {
    await this.run(async () => {
      this.rules = await loadHedgeRules(this.options.db)
      for (const h of await this.orders.load()) this.book.hedged(h.instrumentId, h.mode, h.units)
      await this.openPositions()
      // An order still open a while after it was sent (an answer lost without a gap) is asked after.
      this.checker = setInterval(() => void this.run(async () => this.orders.askOverdue()), OVERDUE_MS)
      this.checker.unref()
      this.options.venue.start({
        unsure: (provider) => void this.run(async () => this.orders.askOpen(provider)),
        execution: (provider, report) => void this.run(() => this.orders.onExecution(provider, report)),
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
   * Staff changed the rules, or the desk rebuilt its engine (every position is placed again), or
   * moved a client to another group (`userId`: that client's positions are).
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
  nets(): { instrumentId: number; mode: HedgeMode; clientLots: number; hedgeLots: number }[] {
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
    for (const wait of this.waits.values()) clearTimeout(wait.timer)
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
      if (event.type === 'position_opened') this.place(event.order)
      else if (event.type === 'position_reduced') {
        const units = toLotUnits(event.order.lots.toNumber())
        this.book.resized(event.order.id, event.order.side === Side.Buy ? units : -units)
      } else if (event.type === 'position_closed') this.book.closed(event.order.id)
      else continue
      touched.add(event.order.instrumentId)
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
      if (units === 0 || this.waits.get(keyOf(instrumentId, mode))?.timer) continue
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
      // No providers' price now (a closed market): tried again after a wait.
      if (!quote) {
        this.options.log('warn', "hedging: no providers' price for the instrument; its order waits", {
          code: instrument.code,
          mode,
        })
        this.retryLater(instrumentId, mode)
        continue
      }
      await this.orders.send({
        provider,
        instrumentId,
        mode,
        units,
        contractSize: instrument.contractSize,
        refPrice: units > 0 ? quote.ask : quote.bid,
      })
    }
  }

  /** An order is over: a rest unfilled waits (longer while it goes on), a fill ends the waits, a late fill is reconciled. */
  private settled(
    instrumentId: number,
    mode: HedgedMode,
    outcome: 'unfilled' | 'filled_late' | 'filled',
  ): void {
    if (outcome === 'unfilled') return this.retryLater(instrumentId, mode)
    if (outcome === 'filled') this.waits.delete(keyOf(instrumentId, mode))
    // A late fill may leave the hedge beyond what the rules want (its rest was ordered again).
    else void this.run(() => this.reconcile(instrumentId))
  }

  private retryLater(instrumentId: number, mode: HedgedMode): void {
    const key = keyOf(instrumentId, mode)
    const wait = this.waits.get(key) ?? { ms: 0 }
    if (wait.timer) return
    const first = this.options.retryMs ?? 5000
    wait.ms = wait.ms === 0 ? first : Math.min(wait.ms * 2, Math.max(first, RETRY_MOST_MS))
    wait.timer = setTimeout(() => {
      delete wait.timer
      void this.run(() => this.reconcile(instrumentId))
    }, wait.ms)
    wait.timer.unref()
    this.waits.set(key, wait)
  }
}
