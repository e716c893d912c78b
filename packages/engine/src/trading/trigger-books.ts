import { OrderStatus, Side } from '@tp/contracts'
import { TriggerHeap, type Trigger, type TriggerKind } from './trigger-index.ts'
import { TrailingGroups } from './trailing-groups.ts'
import { markedQuote } from '../market/markup.ts'
import type { Order, Quote } from './types.ts'

/** The four trigger heaps of one instrument. */
interface TriggerBook {
  bidUp: TriggerHeap
  bidDown: TriggerHeap
  askUp: TriggerHeap
  askDown: TriggerHeap
}

/**
 * The triggers of the accounts that see one markup (decision 052): their books by instrument and
 * their trailing stops. A quote walks each tier at the tier's own price.
 */
interface Tier {
  points: number
  books: Map<number, TriggerBook>
  trailing: TrailingGroups
}

/**
 * The index of trigger prices (pending entries, stop-losses, take-profits) of every instrument,
 * and of pending orders' expiry times:
 * per instrument four binary heaps (bid rising, bid falling, ask rising, ask falling), so that a
 * quote pops only what it reaches; demo accounts' orders in heaps of their own, so that a tick can
 * act on every real trigger and on a bounded number of demo ones (decision 027); and apart again
 * per markup its account's client group pays (a tier, decision 052), each walked at its own price.
 * Entries are only added: an entry whose order has changed since, or whose account now sees another
 * markup, is stale, skipped when it fires, and swept out by its heap once the heap has doubled.
 */
export class TriggerBooks {
  /** Real and demo accounts' tiers, by markup points (0: the house's price). */
  private readonly tiers = new Map<number, Tier>()
  private readonly demoTiers = new Map<number, Tier>()
  /** Pending orders' expiries, by time: one heap for every instrument, since time is the same for all. */
  private readonly expiries = new TriggerHeap('up', (t) => this.isCurrent(t))

  constructor(
    private readonly orderOf: (orderId: number) => Order | undefined,
    /** Whether an order is a demo account's (an account never changes kind). */
    private readonly isDemo: (order: Order) => boolean,
    private readonly precisionOf: (instrumentId: number) => number,
    /** The markup points the order's account pays on its instrument now (its client group's). */
    private readonly pointsOf: (order: Order) => number = () => 0,
  ) {}

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
   * earlier entry goes stale). Its stop-loss is then the trailing groups' alone. `unlisted`: the stop
   * may be ahead of the stored one, to be listed (TrailingGroups.add).
   */
  addTrailing(order: Order, unlisted = false): void {
    this.trailingOf(order).remove(order.id)
    if (order.trailingPoints > 0 && order.stopLoss > 0) this.trailingOf(order).add(order, unlisted)
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
    const listed: Order[] = []
    for (const tier of [...this.tiers.values(), ...this.demoTiers.values()]) {
      if (listed.length >= limit) break
      listed.push(...tier.trailing.moved(nowMs, everyMs, limit - listed.length))
    }
    return listed
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
    return {
      real: this.fireTiers(this.tiers, instrumentId, quote, Infinity),
      // Demo trailing stops move on every quote (a group moves in one step); only fires are bounded.
      demo: this.fireTiers(this.demoTiers, instrumentId, quote, Math.max(0, demoLimit)),
    }
  }

  /** Each tier at its own price (the quote widened by its markup), at most `limit` in all. */
  private fireTiers(tiers: Map<number, Tier>, instrumentId: number, quote: Quote, limit: number): Trigger[] {
    const fired: Trigger[] = []
    for (const tier of tiers.values()) {
      const price = tier.points > 0 ? markedQuote(quote, tier.points, this.precisionOf(instrumentId)) : quote
      const book = tier.books.get(instrumentId)
      const inTier = (trigger: Trigger) => this.isCurrent(trigger) && this.isInTier(trigger, tier.points)
      const room = Math.max(0, limit - fired.length)
      for (const trigger of this.fireBook(book, tier.trailing, instrumentId, price, room))
        if (inTier(trigger)) fired.push(trigger)
    }
    return fired.sort((a, b) => a.orderId - b.orderId || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0))
  }

  private fireBook(
    book: TriggerBook | undefined,
    trailing: TrailingGroups,
    instrumentId: number,
    quote: Quote,
    limit: number,
  ): Trigger[] {
    // Called with no room left too: trailing groups move on every quote, only their fires are bounded.
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
  }

  /** Whether a trigger's order's account still sees the markup of the tier it was found in. */
  private isInTier(trigger: Trigger, points: number): boolean {
    const order = this.orderOf(trigger.orderId)
    return order !== undefined && this.pointsOf(order) === points
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
    for (const tier of [...this.tiers.values(), ...this.demoTiers.values()]) {
      const book = tier.books.get(instrumentId)
      if (book) size += book.bidUp.size + book.bidDown.size + book.askUp.size + book.askDown.size
    }
    return size
  }

  private trailingOf(order: Order): TrailingGroups {
    return this.tierOf(order).trailing
  }

  /** The tier of the markup the order's account sees now. */
  private tierOf(order: Order): Tier {
    const tiers = this.isDemo(order) ? this.demoTiers : this.tiers
    const points = this.pointsOf(order)
    let tier = tiers.get(points)
    if (!tier) {
      tier = { points, books: new Map(), trailing: new TrailingGroups(this.orderOf, this.precisionOf) }
      tiers.set(points, tier)
    }
    return tier
  }

  private bookOf(order: Order): TriggerBook {
    const tier = this.tierOf(order)
    const books = tier.books
    let book = books.get(order.instrumentId)
    if (!book) {
      const isLive = (trigger: Trigger) => this.isCurrent(trigger) && this.isInTier(trigger, tier.points)
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
