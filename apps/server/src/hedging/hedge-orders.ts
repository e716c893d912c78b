import { randomBytes } from 'node:crypto'
import { fromLotUnits, toLotUnits, type HedgedMode } from '@tp/engine'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { hedgeFills, hedgeOrders } from '../db/schema.ts'
import type { Execution, HedgeVenue, OrderTicket } from './hedge-venue.ts'

/** An immediate-or-cancel order is answered in moments: one open this long is asked after (and then as often). */
export const OVERDUE_MS = 5000

type Row = typeof hedgeOrders.$inferSelect
type Log = (level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown>) => void

/** An order the provider may still fill (stored as new or working), or one read back for a late report. */
interface HedgeOrder {
  id: number
  clOrdId: string
  provider: string
  instrumentId: number
  mode: HedgedMode
  /** Signed lot units (a buy is positive). */
  units: number
  /** Lots × this is the provider's quantity (the contract size when it was sent). */
  contractSize: number
  /** The provider's filled quantity so far (never signed), in the symbol's units, and its average price. */
  filledQuantity: number
  averagePrice: number
  status: Row['status']
  /** When it was last sent (ms). */
  sentMs: number
  /** When its status was last asked and not yet answered (ms); undefined when none is awaited. */
  askedMs?: number
}

export interface HedgeOrdersOptions {
  db: Db
  venue: HedgeVenue
  /** An instrument's code (the provider's symbol is looked up by it). */
  codeOf(instrumentId: number): string | undefined
  clock: () => number
  log: Log
  /** The hedge changed by `units` (signed lot units) under a mode: an order's rest taken back, a late fill. */
  hedged(instrumentId: number, mode: HedgedMode, units: number): void
  /** An order is over with a rest unfilled (a reject, a cancelled rest), or filled late: what next. */
  settled(instrumentId: number, mode: HedgedMode, outcome: 'unfilled' | 'filled_late' | 'filled'): void
}

/**
 * The hedge orders' lives (decision 051): stored before they are sent, sent to the provider's
 * order session, their reports booked (a fill once, by the provider's cumulative quantity), their
 * status asked after whenever a report may have been missed, and sent again only when the provider
 * says it never had the order, once per question.
 */
export class HedgeOrders {
  private readonly open = new Map<string, HedgeOrder>()
  /** Open orders that cannot be sent or asked after (their provider or symbol is gone): said once. */
  private readonly stranded = new Set<string>()

  constructor(private readonly options: HedgeOrdersOptions) {}

  /** The stored hedge per instrument and mode (filled, and open orders whole), and the open orders. */
  async load(): Promise<{ instrumentId: number; mode: HedgedMode; units: number }[]> {
    const { db } = this.options
    const totals = await db
      .select({
        instrumentId: hedgeOrders.instrumentId,
        mode: hedgeOrders.mode,
        lots: sql<string>`sum(case when ${hedgeOrders.status} in ('new', 'working') then ${hedgeOrders.lots} else ${hedgeOrders.filledLots} * sign(${hedgeOrders.lots}) end)`,
      })
      .from(hedgeOrders)
      .groupBy(hedgeOrders.instrumentId, hedgeOrders.mode)
    const rows = await db
      .select()
      .from(hedgeOrders)
      .where(inArray(hedgeOrders.status, ['new', 'working']))
    for (const row of rows) this.open.set(row.clOrdId, this.orderOf(row))
    return totals.map((t) => ({
      instrumentId: t.instrumentId,
      mode: t.mode as HedgedMode,
      units: toLotUnits(Number(t.lots)),
    }))
  }

  /** Stores an order, then sends it (a session not logged on now sends nothing: the next logon asks after it). */
  async send(order: {
    provider: string
    instrumentId: number
    mode: HedgedMode
    units: number
    contractSize: string
    refPrice: number
  }): Promise<void> {
    // Unique across restores of this database and other installs on the provider's account.
    const clOrdId = `H${this.options.clock().toString(36)}${randomBytes(4).toString('hex')}`
    const [row] = await this.options.db
      .insert(hedgeOrders)
      .values({
        clOrdId,
        provider: order.provider,
        instrumentId: order.instrumentId,
        contractSize: order.contractSize,
        mode: order.mode,
        lots: String(fromLotUnits(order.units)),
        refPrice: String(order.refPrice),
        // The server's clock (a test's), as every later change of the row.
        createdAt: new Date(this.options.clock()),
        updatedAt: new Date(this.options.clock()),
      })
      .returning()
    const stored = this.orderOf(row as Row)
    this.open.set(clOrdId, stored)
    this.options.hedged(order.instrumentId, order.mode, order.units)
    const ticket = this.ticketOf(stored)
    if (ticket) this.options.venue.place(stored.provider, ticket)
  }

  /** Reports of the provider's may have been missed (a logon, a gap): what became of each of its open orders? */
  askOpen(provider: string): void {
    for (const order of this.open.values()) if (order.provider === provider) this.ask(order)
  }

  /** Orders open longer than an immediate-or-cancel order takes, or whose question went unanswered: asked again. */
  askOverdue(): void {
    const now = this.options.clock()
    for (const order of this.open.values())
      if (now - Math.max(order.sentMs, order.askedMs ?? 0) >= OVERDUE_MS) this.ask(order)
  }

  async onExecution(provider: string, report: Execution): Promise<void> {
    const order = this.open.get(report.clOrdId) ?? (await this.finished(report.clOrdId))
    const { log } = this.options
    if (!order || order.provider !== provider) {
      log('warn', 'hedging: a report of an order that is not ours', { provider, clOrdId: report.clOrdId })
      return
    }
    const side = order.units > 0 ? 'buy' : 'sell'
    if (
      (report.side !== undefined && report.side !== side) ||
      (report.symbol !== undefined && !this.symbolMatches(order, report.symbol))
    ) {
      log('error', 'hedging: a report that does not match its order (ignored)', {
        provider,
        clOrdId: report.clOrdId,
        side: report.side,
        symbol: report.symbol,
      })
      return
    }
    if (report.unknown) return this.neverArrived(order)
    if (report.duplicate) return void this.ask(order)
    order.askedMs = undefined
    const ordered = Math.abs(fromLotUnits(order.units)) * order.contractSize
    const reported = Number.isFinite(report.filledQuantity)
      ? report.filledQuantity
      : order.filledQuantity + (report.fill?.quantity ?? 0)
    if (reported > ordered + 1e-9)
      log('error', 'hedging: the provider filled more than was ordered (booked as ordered)', {
        provider,
        clOrdId: order.clOrdId,
        ordered,
        reported,
      })
    const total = Math.min(reported, ordered)
    const wasOpen = this.open.has(order.clOrdId)
    const booked = await this.book(order, report, total, wasOpen)
    if (booked.fill && !wasOpen) {
      // A fill of an order already over: its rest was taken back from the hedge, so it counts again.
      this.options.hedged(order.instrumentId, order.mode, booked.fill)
      this.options.settled(order.instrumentId, order.mode, 'filled_late')
    }
    if (booked.final && wasOpen) this.finish(order)
  }

  /** Writes a report's news in one transaction; memory follows only once it is committed. */
  private async book(
    order: HedgeOrder,
    report: Execution,
    total: number,
    wasOpen: boolean,
  ): Promise<{ fill?: number; final: boolean }> {
    const contract = order.contractSize
    const more = total - order.filledQuantity
    const sign = Math.sign(order.units)
    // The report's own trade when it is all that is new; else what the totals imply.
    const price =
      more > 1e-9
        ? report.fill && Math.abs(report.fill.quantity - more) < 1e-9
          ? report.fill.price
          : (report.averagePrice * total - order.averagePrice * order.filledQuantity) / more
        : 0
    const filled = more > 1e-9 ? total : order.filledQuantity
    const average =
      more > 1e-9 ? (order.averagePrice * order.filledQuantity + price * more) / total : order.averagePrice
    const whole = toLotUnits(filled / contract) >= Math.abs(order.units)
    const status: Row['status'] | undefined = !wasOpen
      ? // A late fill of an order already over: what it filled in the end.
        more > 1e-9
        ? whole
          ? 'filled'
          : 'partial'
        : undefined
      : report.final
        ? filled <= 0
          ? report.final === 'filled'
            ? 'cancelled'
            : report.final
          : whole
            ? 'filled'
            : 'partial'
        : report.working && order.status === 'new'
          ? 'working'
          : undefined
    const inserted = await this.options.db.transaction(async (tx) => {
      const rows =
        more > 1e-9
          ? await tx
              .insert(hedgeFills)
              .values({
                orderId: order.id,
                provider: order.provider,
                execId: report.fill?.execId ?? `status:${total}`,
                lots: String(sign * roundLots(more / contract)),
                price: String(roundPrice(price)),
              })
              .onConflictDoNothing()
              .returning({ id: hedgeFills.id })
          : []
      const counted = rows.length > 0
      if (!counted && status === undefined) return false
      await tx
        .update(hedgeOrders)
        .set({
          ...(counted && {
            filledLots: String(roundLots(filled / contract)),
            avgPrice: String(roundPrice(average)),
          }),
          ...(status && { status }),
          ...(status && wasOpen && report.reason && { reason: report.reason.slice(0, 200) }),
          updatedAt: new Date(this.options.clock()),
        })
        .where(eq(hedgeOrders.id, order.id))
      return counted
    })
    if (inserted) {
      order.filledQuantity = filled
      order.averagePrice = average
    }
    if (status === 'working') order.status = 'working'
    return {
      ...(inserted && { fill: sign * toLotUnits(more / contract) }),
      final: report.final !== undefined,
    }
  }

  /** The provider does not know the order: sent again under its ClOrdID if it never was acknowledged, once per question. */
  private neverArrived(order: HedgeOrder): void {
    if (!this.open.has(order.clOrdId) || order.askedMs === undefined) return
    order.askedMs = undefined
    if (order.status !== 'new') {
      // It was acknowledged, so the provider had it (and purged it since): sending it again could fill it twice.
      this.options.log(
        'error',
        'hedging: the provider no longer knows an acknowledged order; check it by hand',
        {
          provider: order.provider,
          clOrdId: order.clOrdId,
        },
      )
      return
    }
    const ticket = this.ticketOf(order)
    if (!ticket) return
    order.sentMs = this.options.clock()
    this.options.venue.place(order.provider, ticket)
  }

  /** The order is over: what did not fill leaves the hedge. */
  private finish(order: HedgeOrder): void {
    this.open.delete(order.clOrdId)
    const filledUnits = Math.sign(order.units) * toLotUnits(order.filledQuantity / order.contractSize)
    const rest = order.units - filledUnits
    if (rest !== 0) this.options.hedged(order.instrumentId, order.mode, -rest)
    this.options.settled(order.instrumentId, order.mode, rest === 0 ? 'filled' : 'unfilled')
  }

  private ask(order: HedgeOrder): void {
    const ticket = this.ticketOf(order)
    if (!ticket) return
    if (this.options.venue.askStatus(order.provider, ticket)) order.askedMs = this.options.clock()
  }

  /** A finished order, read back for a report that comes after it ended (a late fill counts too). */
  private async finished(clOrdId: string): Promise<HedgeOrder | undefined> {
    const [row] = await this.options.db
      .select()
      .from(hedgeOrders)
      .where(
        and(
          eq(hedgeOrders.clOrdId, clOrdId),
          inArray(hedgeOrders.status, ['filled', 'partial', 'rejected', 'cancelled']),
        ),
      )
    return row && this.orderOf(row)
  }

  private orderOf(row: Row): HedgeOrder {
    return {
      id: row.id,
      clOrdId: row.clOrdId,
      provider: row.provider,
      instrumentId: row.instrumentId,
      mode: row.mode as HedgedMode,
      units: toLotUnits(Number(row.lots)),
      contractSize: Number(row.contractSize),
      filledQuantity: Number(row.filledLots) * Number(row.contractSize),
      averagePrice: Number(row.avgPrice),
      status: row.status,
      sentMs: row.createdAt.getTime(),
    }
  }

  private symbolMatches(order: HedgeOrder, symbol: string): boolean {
    const ticket = this.ticketOf(order)
    return ticket === undefined || ticket.symbol === symbol
  }

  private ticketOf(order: HedgeOrder): OrderTicket | undefined {
    const code = this.options.codeOf(order.instrumentId)
    const symbol = code === undefined ? undefined : this.options.venue.symbolOf(order.provider, code)
    if (symbol === undefined) {
      if (!this.stranded.has(order.clOrdId))
        this.options.log(
          'error',
          'hedging: an open order whose provider or symbol is gone; check it by hand',
          {
            provider: order.provider,
            clOrdId: order.clOrdId,
          },
        )
      this.stranded.add(order.clOrdId)
      return undefined
    }
    return {
      clOrdId: order.clOrdId,
      symbol,
      side: order.units > 0 ? 'buy' : 'sell',
      quantity: roundQuantity(Math.abs(fromLotUnits(order.units)) * order.contractSize),
    }
  }
}

const roundLots = (lots: number) => Math.round(lots * 10_000) / 10_000
const roundPrice = (price: number) => Number(price.toFixed(10))
const roundQuantity = (quantity: number) => Number(quantity.toFixed(6))
