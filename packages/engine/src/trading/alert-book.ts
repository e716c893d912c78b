import { TriggerHeap } from './trigger-index.ts'

/** A price alert: fires once when the bid reaches `price` from below (`above`) or from above. */
export interface PriceAlert {
  id: number
  userId: number
  instrumentId: number
  above: boolean
  price: number
  createdAtMs: number
}

/** Removed entries are swept out of the heaps past this many. */
const COMPACT_AFTER_STALE = 20_000

/**
 * The active price alerts of every user: per instrument two heaps on the bid (rising to an alert
 * above, falling to one below), so a quote pops only the alerts it reaches; removed alerts are
 * skipped when popped and swept out once there are many.
 */
export class AlertBook {
  private readonly alerts = new Map<number, PriceAlert>()
  private readonly books = new Map<number, { up: TriggerHeap; down: TriggerHeap }>()
  private readonly perUser = new Map<number, number>()
  private stale = 0

  get size(): number {
    return this.alerts.size
  }

  countOf(userId: number): number {
    return this.perUser.get(userId) ?? 0
  }

  get(id: number): PriceAlert | undefined {
    return this.alerts.get(id)
  }

  add(alert: PriceAlert): void {
    this.alerts.set(alert.id, alert)
    this.perUser.set(alert.userId, this.countOf(alert.userId) + 1)
    const book = this.bookOf(alert.instrumentId)
    ;(alert.above ? book.up : book.down).add({
      level: alert.price,
      orderId: alert.id,
      kind: 'entry',
      version: 0,
    })
  }

  remove(id: number): PriceAlert | undefined {
    const alert = this.alerts.get(id)
    if (!alert) return undefined
    this.forget(alert)
    if (++this.stale >= COMPACT_AFTER_STALE) this.compact()
    return alert
  }

  /** The alerts a bid of `instrumentId` reaches, removed from the book, in id order. */
  fire(instrumentId: number, bid: number): PriceAlert[] {
    const book = this.books.get(instrumentId)
    if (!book) return []
    const fired: PriceAlert[] = []
    for (const trigger of [...book.up.fire(bid), ...book.down.fire(bid)]) {
      const alert = this.alerts.get(trigger.orderId)
      if (!alert) {
        this.stale--
        continue
      }
      this.forget(alert)
      fired.push(alert)
    }
    return fired.sort((a, b) => a.id - b.id)
  }

  private forget(alert: PriceAlert): void {
    this.alerts.delete(alert.id)
    this.perUser.set(alert.userId, this.countOf(alert.userId) - 1)
  }

  private compact(): void {
    this.stale = 0
    for (const book of this.books.values())
      for (const heap of [book.up, book.down]) heap.compact((t) => this.alerts.has(t.orderId))
  }

  private bookOf(instrumentId: number) {
    let book = this.books.get(instrumentId)
    if (!book)
      this.books.set(instrumentId, (book = { up: new TriggerHeap('up'), down: new TriggerHeap('down') }))
    return book
  }
}
