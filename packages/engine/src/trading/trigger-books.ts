import { OrderStatus, Side } from '@tp/contracts'
import { TriggerHeap, type Trigger, type TriggerKind } from './trigger-index.ts'
import { TrailingGroups } from './trailing-groups.ts'
import type { Order, Quote } from './types.ts'

/** The four trigger heaps of one instrument. */
interface TriggerBook {
  bidUp: TriggerHeap
  bidDown: TriggerHeap
  askUp: TriggerHeap
  askDown: TriggerHeap
}

/**
 * The index of trigger prices (pending entries, stop-losses, take-profits) of every instrument,
 * and of pending orders' expiry times:
 * per instrument four binary heaps (bid rising, bid falling, ask rising, ask falling), so that a
 * quote pops only what it reaches; demo accounts' orders in heaps of their own, so that a tick can
 * act on every real trigger and on a bounded number of demo ones (decision 027). Entries are only added: an entry whose order has changed since
 * is stale, skipped when it fires, and swept out by its heap once the heap has doubled.
 */
export class TriggerBooks {
  private readonly books = new Map<number, TriggerBook>()
  private readonly demoBooks = new Map<number, TriggerBook>()
  /** Pending orders' expiries, by time: one heap for every instrument, since time is the same for all. */
  private readonly expiries = new TriggerHeap('up', (t) => this.isCurrent(t))

  /** Trailing stops, real accounts' and demo accounts' apart (trailing-groups.ts). */
  private readonly trailing: TrailingGroups
  private readonly demoTrailing: TrailingGroups

  constructor(
    private readonly orderOf: (orderId: number) => Order | undefined,
    /** Whether an order is a demo account's (an account never changes kind). */
    private readonly isDemo: (order: Order) => boolean,
    precisionOf: (instrumentId: number) => number,
  ) {
    this.trailing = new TrailingGroups(orderOf, precisionOf)
    this.demoTrailing = new TrailingGroups(orderOf, precisionOf)
  }

  /**
   * A pending order fires when the price it fills at reaches its target from the side it was placed
   * on: a buy (filled at the ask) placed below the ask waits for the ask to fall to it, above for it
   * to rise; a sell likewise on the bid.
   */
  addEntry(order: Order): void {
    const book = this.bookOf(order)
    const trigger: Trigger = {
      level: order.originPrice,
      orderId: order.id,
      kind: 'entry',
      version: order.stopsVersion,
    }
    if (order.side === Side.Buy) (order.entryRises ? book.askUp : book.askDown).add(trigger)
    else (order.entryRises ? book.bidUp : book.bidDown).add(trigger)
  }

  /** A pending order with an expiry: it fires once the time reaches it. */
  addExpiry(order: Order): void {
    if (order.expiresAtMs > 0)
      this.expiries.add({
        level: order.expiresAtMs,
        orderId: order.id,
        kind: 'expiry',
        version: order.stopsVersion,
      })
  }

  /** The pending orders whose expiry `nowMs` has reached and that still have it, oldest expiry first. */
  expire(nowMs: number): Trigger[] {
    return this.expiries.fire(nowMs).filter((trigger) => this.isCurrent(trigger))
  }

  /**
   * A position's trailing stop, from its stop-loss as it is now (after any change of its stops: the
   * earlier entry goes stale). Its stop-loss is then the trailing groups' alone.
   */
  addTrailing(order: Order): void {
    this.trailingOf(order).remove(order.id)
    if (order.trailingPoints > 0 && order.stopLoss > 0) this.trailingOf(order).add(order)
  }

  /** A position closed: it leaves its trailing group. */
  removeTrailing(order: Order): void {
    this.trailingOf(order).remove(order.id)
  }

  /** A trailing stop's stop-loss as it is now (undefined: the order has none). */
  trailedStopOf(order: Order): number | undefined {
    return order.trailingPoints > 0 ? this.trailingOf(order).stopOf(order) : undefined
  }

  /** The positions whose trailed stops moved and were not listed within `everyMs` (trailing-groups.ts). */
  trailedSince(nowMs: number, everyMs: number, limit: number): Order[] {
    const real = this.trailing.moved(nowMs, everyMs, limit)
    return real.length >= limit
      ? real
      : [...real, ...this.demoTrailing.moved(nowMs, everyMs, limit - real.length)]
  }

  /** A buy closes at the bid: its stop fires when the bid falls to it, its target when it rises. */
  addStops(order: Order): void {
    const book = this.bookOf(order)
    const add = (heap: TriggerHeap, level: number, kind: TriggerKind) => {
      if (level > 0) heap.insert(level, order.id, kind, order.stopsVersion)
    }
    // A trailing stop's stop-loss is its group's (addTrailing).
    const stopLoss = order.trailingPoints > 0 ? 0 : order.stopLoss
    if (order.side === Side.Buy) {
      add(book.bidDown, stopLoss, 'stop_loss')
      add(book.bidUp, order.takeProfit, 'take_profit')
    } else {
      add(book.askUp, stopLoss, 'stop_loss')
      add(book.askDown, order.takeProfit, 'take_profit')
    }
  }

  /**
   * Everything a quote of `instrumentId` reaches that still describes its order: every real
   * account's trigger, and at most `demoLimit` demo ones (nearest first; the rest stay indexed and
   * fire on a later quote that still reaches them). Each list in order id order (the same state
   * always fires the same way).
   */
  fire(instrumentId: number, quote: Quote, demoLimit: number): { real: Trigger[]; demo: Trigger[] } {
    const real = this.books.get(instrumentId)
    const demo = this.demoBooks.get(instrumentId)
    return {
      real: this.fireBook(real, this.trailing, instrumentId, quote, Infinity),
      // Demo trailing stops move on every quote (a group moves in one step); only fires are bounded.
      demo: this.fireBook(demo, this.demoTrailing, instrumentId, quote, Math.max(0, demoLimit)),
    }
  }

  private fireBook(
    book: TriggerBook | undefined,
    trailing: TrailingGroups,
    instrumentId: number,
    quote: Quote,
    limit: number,
  ): Trigger[] {
    const fired: Trigger[] = trailing.fire(instrumentId, quote, limit)
    const heaps: [TriggerHeap, number][] = book
      ? [
          [book.bidDown, quote.bid],
          [book.bidUp, quote.bid],
          [book.askUp, quote.ask],
          [book.askDown, quote.ask],
        ]
      : []
    for (const [heap, price] of heaps) {
      if (fired.length >= limit) break
      for (const trigger of heap.fire(price, limit - fired.length)) fired.push(trigger)
    }
    return fired
      .filter((trigger) => this.isCurrent(trigger))
      .sort((a, b) => a.orderId - b.orderId || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0))
  }

  /** Whether an index entry still describes its order (checked again before acting on it). */
  isCurrent(trigger: Trigger): boolean {
    const order = this.orderOf(trigger.orderId)
    if (!order || order.stopsVersion !== trigger.version) return false
    if (trigger.kind === 'entry')
      return order.status === OrderStatus.Pending && order.originPrice === trigger.level
    if (trigger.kind === 'expiry')
      return order.status === OrderStatus.Pending && order.expiresAtMs === trigger.level
    if (trigger.kind === 'trailing') return this.trailingOf(order).has(order)
    const level = trigger.kind === 'stop_loss' ? order.stopLoss : order.takeProfit
    return order.status === OrderStatus.Holding && level === trigger.level
  }

  /** Entries held for an instrument, stale ones included (tests of the sweep). */
  size(instrumentId: number): number {
    let size = 0
    for (const book of [this.books.get(instrumentId), this.demoBooks.get(instrumentId)])
      if (book) size += book.bidUp.size + book.bidDown.size + book.askUp.size + book.askDown.size
    return size
  }

  private trailingOf(order: Order): TrailingGroups {
    return this.isDemo(order) ? this.demoTrailing : this.trailing
  }

  private bookOf(order: Order): TriggerBook {
    const books = this.isDemo(order) ? this.demoBooks : this.books
    let book = books.get(order.instrumentId)
    if (!book) {
      const isLive = (trigger: Trigger) => this.isCurrent(trigger)
      book = {
        bidUp: new TriggerHeap('up', isLive),
        bidDown: new TriggerHeap('down', isLive),
        askUp: new TriggerHeap('up', isLive),
        askDown: new TriggerHeap('down', isLive),
      }
      books.set(order.instrumentId, book)
    }
    return book
  }
}
