import { OrderStatus, Side } from '@tp/contracts'
import { TriggerHeap, type Trigger, type TriggerKind } from './trigger-index.ts'
import type { Order, Quote } from './types.ts'

/** Index entries left behind by closes, cancels and stop edits are swept out past this many. */
const COMPACT_AFTER_STALE = 50_000

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
 * quote pops only what it reaches. Entries are only added: an entry whose order has changed since
 * is stale, skipped when it fires, and swept out once there are many.
 */
export class TriggerBooks {
  private readonly books = new Map<number, TriggerBook>()
  /** Pending orders' expiries, by time: one heap for every instrument, since time is the same for all. */
  private readonly expiries = new TriggerHeap('up')
  private stale = 0

  constructor(private readonly orderOf: (orderId: number) => Order | undefined) {}

  /**
   * A pending order fires when the price it fills at reaches its target from the side it was placed
   * on: a buy (filled at the ask) placed below the ask waits for the ask to fall to it, above for it
   * to rise; a sell likewise on the bid.
   */
  addEntry(order: Order): void {
    const book = this.bookOf(order.instrumentId)
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
   * A position's trailing stop: it moves once the price it closes at is a point better than its
   * stop-loss plus the distance (a buy's bid rising, a sell's ask falling). `level` is that price.
   */
  addTrailing(order: Order, level: number): void {
    if (order.trailingPoints <= 0) return
    const book = this.bookOf(order.instrumentId)
    const trigger: Trigger = { level, orderId: order.id, kind: 'trailing', version: order.stopsVersion }
    ;(order.side === Side.Buy ? book.bidUp : book.askDown).add(trigger)
  }

  /** A position's stop-loss alone (a trailing stop moved it; its take-profit entry stands). */
  addStopLoss(order: Order): void {
    if (order.stopLoss <= 0) return
    const book = this.bookOf(order.instrumentId)
    const trigger: Trigger = {
      level: order.stopLoss,
      orderId: order.id,
      kind: 'stop_loss',
      version: order.stopsVersion,
    }
    ;(order.side === Side.Buy ? book.bidDown : book.askUp).add(trigger)
  }

  /** A buy closes at the bid: its stop fires when the bid falls to it, its target when it rises. */
  addStops(order: Order): void {
    const book = this.bookOf(order.instrumentId)
    const add = (heap: TriggerHeap, level: number, kind: TriggerKind) => {
      if (level > 0) heap.add({ level, orderId: order.id, kind, version: order.stopsVersion })
    }
    if (order.side === Side.Buy) {
      add(book.bidDown, order.stopLoss, 'stop_loss')
      add(book.bidUp, order.takeProfit, 'take_profit')
    } else {
      add(book.askUp, order.stopLoss, 'stop_loss')
      add(book.askDown, order.takeProfit, 'take_profit')
    }
  }

  /**
   * Everything a quote of `instrumentId` reaches that still describes its order, in order id order
   * (the same state always fires the same way).
   */
  fire(instrumentId: number, quote: Quote): Trigger[] {
    const book = this.books.get(instrumentId)
    if (!book) return []
    const fired = [
      ...book.bidDown.fire(quote.bid),
      ...book.bidUp.fire(quote.bid),
      ...book.askUp.fire(quote.ask),
      ...book.askDown.fire(quote.ask),
    ]
    return fired
      .filter((trigger) => this.isCurrent(trigger))
      .sort((a, b) => a.orderId - b.orderId || a.kind.localeCompare(b.kind))
  }

  /** Whether an index entry still describes its order (checked again before acting on it). */
  isCurrent(trigger: Trigger): boolean {
    const order = this.orderOf(trigger.orderId)
    if (!order || order.stopsVersion !== trigger.version) return false
    if (trigger.kind === 'entry')
      return order.status === OrderStatus.Pending && order.originPrice === trigger.level
    if (trigger.kind === 'expiry')
      return order.status === OrderStatus.Pending && order.expiresAtMs === trigger.level
    if (trigger.kind === 'trailing') return order.status === OrderStatus.Holding && order.trailingPoints > 0
    const level = trigger.kind === 'stop_loss' ? order.stopLoss : order.takeProfit
    return order.status === OrderStatus.Holding && level === trigger.level
  }

  /** Counts entries made stale; sweeps every heap once there are many. */
  noteStale(count: number): void {
    this.stale += count
    if (this.stale < COMPACT_AFTER_STALE) return
    this.stale = 0
    for (const book of this.books.values())
      for (const heap of [book.bidUp, book.bidDown, book.askUp, book.askDown])
        heap.compact((t) => this.isCurrent(t))
    this.expiries.compact((t) => this.isCurrent(t))
  }

  /** Entries held for an instrument, stale ones included (tests of the sweep). */
  size(instrumentId: number): number {
    const book = this.books.get(instrumentId)
    return book ? book.bidUp.size + book.bidDown.size + book.askUp.size + book.askDown.size : 0
  }

  private bookOf(instrumentId: number): TriggerBook {
    let book = this.books.get(instrumentId)
    if (!book) {
      book = {
        bidUp: new TriggerHeap('up'),
        bidDown: new TriggerHeap('down'),
        askUp: new TriggerHeap('up'),
        askDown: new TriggerHeap('down'),
      }
      this.books.set(instrumentId, book)
    }
    return book
  }
}
