import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TriggerHeap, type Trigger, type TriggerKind } from './trigger-index.ts'

const t = (level: number, orderId: number, kind: TriggerKind = 'stop_loss', version = 0): Trigger => ({
  level,
  orderId,
  kind,
  version,
})
const ids = (fired: Trigger[]) => fired.map((x) => x.orderId)

describe('TriggerHeap up (fires levels <= price: the price rose to them)', () => {
  it('fires nothing below the lowest level, then every reached level nearest (lowest) first', () => {
    const heap = new TriggerHeap('up')
    for (const [level, id] of [
      [1.105, 1],
      [1.101, 2],
      [1.103, 3],
      [1.11, 4],
      [1.102, 5],
    ] as const)
      heap.add(t(level, id))
    expect(heap.fire(1.1009)).toEqual([])
    expect(heap.size).toBe(5)
    // 1.101, 1.102, 1.103 are reached by 1.1035; 1.105 and 1.11 are not.
    expect(ids(heap.fire(1.1035))).toEqual([2, 5, 3])
    expect(heap.size).toBe(2)
    // The level itself is reached (>=).
    expect(ids(heap.fire(1.105))).toEqual([1])
    expect(ids(heap.fire(99))).toEqual([4])
    expect(heap.size).toBe(0)
    expect(heap.fire(100)).toEqual([])
  })

  it('breaks ties of a level by order id', () => {
    const heap = new TriggerHeap('up')
    for (const id of [7, 3, 9, 1, 5]) heap.add(t(1.2, id))
    heap.add(t(1.1, 8))
    expect(ids(heap.fire(1.2))).toEqual([8, 1, 3, 5, 7, 9])
  })
})

describe('TriggerHeap down (fires levels >= price: the price fell to them)', () => {
  it('fires every reached level nearest (highest) first', () => {
    const heap = new TriggerHeap('down')
    for (const [level, id] of [
      [1.095, 1],
      [1.099, 2],
      [1.097, 3],
      [1.09, 4],
      [1.098, 5],
    ] as const)
      heap.add(t(level, id))
    expect(heap.fire(1.0991)).toEqual([])
    expect(ids(heap.fire(1.0965))).toEqual([2, 5, 3])
    expect(ids(heap.fire(1.095))).toEqual([1])
    expect(ids(heap.fire(0))).toEqual([4])
  })

  it('breaks ties by order id and keeps the kind and version of each entry', () => {
    const heap = new TriggerHeap('down')
    heap.add(t(1.5, 4, 'entry', 2))
    heap.add(t(1.5, 2, 'take_profit', 1))
    const fired = heap.fire(1.5)
    expect(fired).toEqual([t(1.5, 2, 'take_profit', 1), t(1.5, 4, 'entry', 2)])
  })
})

describe('TriggerHeap.compact', () => {
  it('drops the entries the predicate rejects and keeps the heap order', () => {
    const heap = new TriggerHeap('up')
    for (let id = 1; id <= 20; id++) heap.add(t(1 + ((id * 7) % 20) / 100, id))
    heap.compact((x) => x.orderId % 2 === 0)
    expect(heap.size).toBe(10)
    const fired = heap.fire(10)
    expect(fired.every((x) => x.orderId % 2 === 0)).toBe(true)
    const levels = fired.map((x) => x.level)
    expect(levels).toEqual([...levels].sort((a, b) => a - b))
  })

  it('keeps everything or nothing', () => {
    const heap = new TriggerHeap('down')
    heap.add(t(1, 1))
    heap.add(t(2, 2))
    heap.compact(() => true)
    expect(heap.size).toBe(2)
    heap.compact(() => false)
    expect(heap.size).toBe(0)
    expect(heap.fire(0)).toEqual([])
  })
})

/** The model: a plain array, fired by filtering and sorting (nearest first, then order id). */
class SortedModel {
  items: Trigger[] = []
  constructor(private readonly direction: 'up' | 'down') {}
  add(trigger: Trigger) {
    this.items.push(trigger)
  }
  fire(price: number): Trigger[] {
    const reached = (x: Trigger) => (this.direction === 'up' ? price >= x.level : price <= x.level)
    const fired = this.items.filter(reached)
    this.items = this.items.filter((x) => !reached(x))
    const sign = this.direction === 'up' ? 1 : -1
    return fired.sort((a, b) => sign * (a.level - b.level) || a.orderId - b.orderId)
  }
  compact(isLive: (x: Trigger) => boolean) {
    this.items = this.items.filter(isLive)
  }
}

type Op =
  | { op: 'add'; level: number; orderId: number }
  | { op: 'fire'; price: number }
  | { op: 'compact'; modulus: number }

describe('TriggerHeap against a sorted-array model', () => {
  // Levels and prices on a coarse grid so that ties (equal levels, price exactly at a level) are common.
  const level = fc.integer({ min: 0, max: 40 }).map((n) => 1 + n / 100)
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 5, arbitrary: fc.record({ op: fc.constant('add' as const), level, orderId: fc.nat(50) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('fire' as const), price: level }) },
    {
      weight: 1,
      arbitrary: fc.record({ op: fc.constant('compact' as const), modulus: fc.integer({ min: 2, max: 4 }) }),
    },
  )

  it.each(['up', 'down'] as const)('%s: fires the same triggers in the same order', (direction) => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const heap = new TriggerHeap(direction)
        const model = new SortedModel(direction)
        for (const o of ops) {
          if (o.op === 'add') {
            // Distinct objects per side so that the comparison is by value.
            heap.add(t(o.level, o.orderId))
            model.add(t(o.level, o.orderId))
          } else if (o.op === 'fire') {
            expect(heap.fire(o.price)).toEqual(model.fire(o.price))
          } else {
            const isLive = (x: Trigger) => x.orderId % o.modulus !== 0
            heap.compact(isLive)
            model.compact(isLive)
          }
          expect(heap.size).toBe(model.items.length)
        }
        // Drain: everything left comes out in model order.
        const all = direction === 'up' ? Infinity : -Infinity
        expect(heap.fire(all)).toEqual(model.fire(all))
      }),
      { seed: 42, numRuns: 300 },
    )
  })
})

describe('TriggerHeap with isLive: sweeps itself', () => {
  it('drops stale entries once it has doubled, keeps every live one, and fires them in order', () => {
    const live = new Set<number>()
    const heap = new TriggerHeap('up', (x) => live.has(x.orderId))
    // 10,000 adds, of which only every hundredth stays live: the heap never holds more than twice
    // its live entries or 1,024 (plus the one being added).
    for (let id = 0; id < 10_000; id++) {
      if (id % 100 === 0) live.add(id)
      heap.add(t(1 + (id % 37) / 100, id))
      expect(heap.size).toBeLessThanOrEqual(Math.max(1024, 2 * live.size) + 1)
    }
    const fired = heap.fire(Infinity).filter((x) => live.has(x.orderId))
    expect(fired.map((x) => x.orderId).sort((a, b) => a - b)).toEqual([...live].sort((a, b) => a - b))
    // Nearest level first, then order id.
    for (let k = 1; k < fired.length; k++) {
      const [a, b] = [fired[k - 1] as Trigger, fired[k] as Trigger]
      expect(a.level < b.level || (a.level === b.level && a.orderId < b.orderId)).toBe(true)
    }
  })
})
