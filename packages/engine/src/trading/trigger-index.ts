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
 * `trailing`: a trailing stop's member entry (trailing-groups.ts: its level is the distance), or a
 * trailed stop the price reached.
 */
export type TriggerKind = 'stop_loss' | 'take_profit' | 'entry' | 'expiry' | 'trailing'

/** A heap never sweeps itself below this many entries (a sweep of a small heap buys nothing). */
const MIN_SWEEP_SIZE = 1024

const KINDS: readonly TriggerKind[] = ['stop_loss', 'take_profit', 'entry', 'expiry', 'trailing']
const KIND_CODE = new Map(KINDS.map((kind, code) => [kind, code]))

/**
 * The heap's entries live in typed arrays (level, order id, version, kind), not as objects: a
 * million positions hold several million entries, which as objects cost about 80 bytes each and
 * every garbage collection's time; here 21 bytes, and nothing for the collector to trace. A Trigger
 * object is made only for an entry that fires (or, one reused, for a sweep's question).
 */
export class TriggerHeap {
  private levels: Float64Array
  private orderIds: Float64Array
  private versions: Float64Array
  private kinds: Uint8Array
  private count = 0
  private sweepAt = MIN_SWEEP_SIZE

  constructor(
    private readonly direction: 'up' | 'down',
    /** Whether an entry still describes its order; stale entries never become live again. */
    private readonly isLive?: (trigger: Trigger) => boolean,
    /** Room for this many entries before the first growth (a trailing group starts with one member). */
    capacity = 16,
  ) {
    this.levels = new Float64Array(capacity)
    this.orderIds = new Float64Array(capacity)
    this.versions = new Float64Array(capacity)
    this.kinds = new Uint8Array(capacity)
  }

  get size(): number {
    return this.count
  }

  add(trigger: Trigger): void {
    this.insert(trigger.level, trigger.orderId, trigger.kind, trigger.version)
  }

  /** `add` without a Trigger object: the tick path adds thousands a tick (trailing stops). */
  insert(level: number, orderId: number, kind: TriggerKind, version: number): void {
    if (this.isLive && this.count >= this.sweepAt) {
      this.compact(this.isLive)
      this.sweepAt = Math.max(MIN_SWEEP_SIZE, 2 * this.count)
    }
    if (this.count === this.levels.length) this.grow()
    let i = this.count++
    this.put(i, level, orderId, version, KIND_CODE.get(kind) as number)
    // Sift up: the new entry rises past every parent it comes before.
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.before(i, parent)) break
      this.swap(i, parent)
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
    while (live < limit && this.count > 0 && this.reaches(0, price)) {
      const trigger = this.pop()
      if (limit === Infinity || !this.isLive || this.isLive(trigger)) {
        fired.push(trigger)
        live++
      }
    }
    return fired
  }

  /** Whether the price reaches the nearest entry (live or stale): `fire` has something to look at. */
  isReachedBy(price: number): boolean {
    return this.count > 0 && this.reaches(0, price)
  }

  /** The nearest live level (stale entries above it are dropped), or undefined when none is left. */
  top(): number | undefined {
    while (this.count > 0) {
      if (!this.isLive || this.isLive(this.entry(0))) return this.levels[0]
      this.pop()
    }
    return undefined
  }

  /** Calls `visit` with every entry, stale ones included, in no particular order (no objects made). */
  forEach(visit: (level: number, orderId: number, version: number) => void): void {
    for (let i = 0; i < this.count; i++)
      visit(this.levels[i] as number, this.orderIds[i] as number, this.versions[i] as number)
  }

  /** Drops entries that `isLive` rejects (it is asked with one reused object: it must not keep it). */
  compact(isLive: (trigger: Trigger) => boolean): void {
    const asked: Trigger = { level: 0, orderId: 0, kind: 'stop_loss', version: 0 }
    let kept = 0
    for (let i = 0; i < this.count; i++) {
      asked.level = this.levels[i] as number
      asked.orderId = this.orderIds[i] as number
      asked.version = this.versions[i] as number
      asked.kind = KINDS[this.kinds[i] as number] as TriggerKind
      if (!isLive(asked)) continue
      if (kept !== i) this.put(kept, asked.level, asked.orderId, asked.version, this.kinds[i] as number)
      kept++
    }
    this.count = kept
    // Floyd's heapify: O(n), every parent sifted down from the last one up.
    for (let i = (kept >> 1) - 1; i >= 0; i--) this.siftDown(i)
  }

  private reaches(i: number, price: number): boolean {
    const level = this.levels[i] as number
    return this.direction === 'up' ? price >= level : price <= level
  }

  /** Heap order: the level a moving price reaches first; ties by order id for determinism. */
  private before(a: number, b: number): boolean {
    const la = this.levels[a] as number
    const lb = this.levels[b] as number
    if (la !== lb) return this.direction === 'up' ? la < lb : la > lb
    return (this.orderIds[a] as number) < (this.orderIds[b] as number)
  }

  private entry(i: number): Trigger {
    return {
      level: this.levels[i] as number,
      orderId: this.orderIds[i] as number,
      kind: KINDS[this.kinds[i] as number] as TriggerKind,
      version: this.versions[i] as number,
    }
  }

  private pop(): Trigger {
    const top = this.entry(0)
    const last = --this.count
    if (last > 0) {
      this.copy(last, 0)
      this.siftDown(0)
    }
    return top
  }

  private siftDown(from: number): void {
    let i = from
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let best = i
      if (left < this.count && this.before(left, best)) best = left
      if (right < this.count && this.before(right, best)) best = right
      if (best === i) break
      this.swap(i, best)
      i = best
    }
  }

  private put(i: number, level: number, orderId: number, version: number, kind: number): void {
    this.levels[i] = level
    this.orderIds[i] = orderId
    this.versions[i] = version
    this.kinds[i] = kind
  }

  private copy(from: number, to: number): void {
    this.put(
      to,
      this.levels[from] as number,
      this.orderIds[from] as number,
      this.versions[from] as number,
      this.kinds[from] as number,
    )
  }

  private swap(a: number, b: number): void {
    const level = this.levels[a] as number
    const orderId = this.orderIds[a] as number
    const version = this.versions[a] as number
    const kind = this.kinds[a] as number
    this.copy(b, a)
    this.put(b, level, orderId, version, kind)
  }

  private grow(): void {
    const size = Math.max(2, this.levels.length * 2)
    const grown = <T extends Float64Array | Uint8Array>(array: T, make: (n: number) => T): T => {
      const bigger = make(size)
      bigger.set(array)
      return bigger
    }
    this.levels = grown(this.levels, (n) => new Float64Array(n))
    this.orderIds = grown(this.orderIds, (n) => new Float64Array(n))
    this.versions = grown(this.versions, (n) => new Float64Array(n))
    this.kinds = grown(this.kinds, (n) => new Uint8Array(n))
  }
}
