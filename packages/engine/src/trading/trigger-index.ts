/**
 * Price levels that fire when a quote crosses them, for one price series (bid or ask) and one
 * direction. `up` fires every level <= the price (the price rose to it); `down` fires every level
 * >= the price. A binary heap with lazy removal: adding and firing are O(log n), and a tick that
 * fires nothing costs one comparison. Given `isLive`, the heap sweeps out its own stale entries
 * whenever it has doubled since its last sweep: amortised O(1) per add, and no sweep larger than
 * this one heap (never every instrument's at once, on one tick).
 */
export interface Trigger {
  level: number
  /** What to do when it fires; checked against the live order when popped (stale entries skip). */
  orderId: number
  kind: TriggerKind
  /** The order's stops version when added: a later edit makes this entry stale. */
  version: number
}

/**
 * `expiry`: a pending order's expiry, its level a time in ms (fires once the clock reaches it).
 * `trailing`: the price at which a trailing stop next moves (one point past its distance).
 */
export type TriggerKind = 'stop_loss' | 'take_profit' | 'entry' | 'expiry' | 'trailing'

/** A heap never sweeps itself below this many entries (a sweep of a small heap buys nothing). */
const MIN_SWEEP_SIZE = 1024

export class TriggerHeap {
  private readonly items: Trigger[] = []
  private sweepAt = MIN_SWEEP_SIZE

  constructor(
    private readonly direction: 'up' | 'down',
    /** Whether an entry still describes its order; stale entries never become live again. */
    private readonly isLive?: (trigger: Trigger) => boolean,
  ) {}

  get size(): number {
    return this.items.length
  }

  add(trigger: Trigger): void {
    const items = this.items
    if (this.isLive && items.length >= this.sweepAt) {
      this.compact(this.isLive)
      this.sweepAt = Math.max(MIN_SWEEP_SIZE, 2 * items.length)
    }
    items.push(trigger)
    let i = items.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.before(items[i] as Trigger, items[parent] as Trigger)) break
      ;[items[i], items[parent]] = [items[parent] as Trigger, items[i] as Trigger]
      i = parent
    }
  }

  /**
   * Removes and returns every trigger the price reaches, nearest level first; with `limit`, at most
   * that many live ones (stale entries it meets are dropped and not counted; the rest stay).
   */
  fire(price: number, limit = Infinity): Trigger[] {
    const fired: Trigger[] = []
    let live = 0
    while (live < limit && this.items.length > 0 && this.reaches(this.items[0] as Trigger, price)) {
      const trigger = this.pop()
      if (limit === Infinity || !this.isLive || this.isLive(trigger)) {
        fired.push(trigger)
        live++
      }
    }
    return fired
  }

  /** Drops entries that `isLive` rejects (run now and then so cancelled orders do not pile up). */
  compact(isLive: (trigger: Trigger) => boolean): void {
    const items = this.items
    let kept = 0
    for (const trigger of items) if (isLive(trigger)) items[kept++] = trigger
    items.length = kept
    // Floyd's heapify: O(n), every parent sifted down from the last one up.
    for (let i = (kept >> 1) - 1; i >= 0; i--) this.siftDown(i)
  }

  private reaches(trigger: Trigger, price: number): boolean {
    return this.direction === 'up' ? price >= trigger.level : price <= trigger.level
  }

  /** Heap order: the level a moving price reaches first; ties by order id for determinism. */
  private before(a: Trigger, b: Trigger): boolean {
    if (a.level !== b.level) return this.direction === 'up' ? a.level < b.level : a.level > b.level
    return a.orderId < b.orderId
  }

  private pop(): Trigger {
    const items = this.items
    const top = items[0] as Trigger
    const last = items.pop() as Trigger
    if (items.length > 0) {
      items[0] = last
      this.siftDown(0)
    }
    return top
  }

  private siftDown(from: number): void {
    const items = this.items
    let i = from
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let best = i
      if (left < items.length && this.before(items[left] as Trigger, items[best] as Trigger)) best = left
      if (right < items.length && this.before(items[right] as Trigger, items[best] as Trigger)) best = right
      if (best === i) break
      ;[items[i], items[best]] = [items[best] as Trigger, items[i] as Trigger]
      i = best
    }
  }
}
