/**
 * Trailing stops in groups that share a peak, so that a quote moving a thousand of them costs one
 * update, not a thousand (decision 033).
 *
 * A buy's trailing stop is `peak - distance`, where the peak is the best bid since the stop last
 * moved (a sell's mirrors it on the ask; sells are kept with prices negated, so one code serves
 * both). Every stop the same quote moves gets the same peak: that quote's price. So the stops are
 * kept in groups of one peak each, with their members in a heap by distance. A quote past a group's
 * peak moves the whole group (peak := price), merging every group it passes into the largest (each
 * member of the smaller ones moves over: a member moves O(log n) times in all); a quote down to a
 * group's nearest stop (`peak - least distance`) fires its members nearest first. A member's stop is
 * worked out when asked (`stopOf`), and the groups moved since are listed once a second (`moved`)
 * for the desk to store and show. Triggering is on the exact level, every quote.
 */
import { OrderStatus, Side } from '@tp/contracts'
import { fromPoints, toPoints } from './order-rules.ts'
import { TriggerHeap, type Trigger } from './trigger-index.ts'
import type { Order, Quote } from './types.ts'

/**
 * Members (live or stale entries) one quote moves from group to group when it merges the groups it
 * passes: a big merge would otherwise land on one tick (thousands of members, milliseconds).
 */
const MERGE_BUDGET = 512

interface Group {
  id: number
  /** 1 for buys, -1 for sells (whose prices are kept negated), and the instrument's precision. */
  sign: 1 | -1
  precision: number
  /** The best price since the group last moved, in points (negated for sells). */
  peak: number
  /** Members by distance: an entry's level is the distance, its version the order's stops version. */
  members: TriggerHeap
  /** The versions of its live entries in its side's `moves` and `stops` heaps. */
  moveVersion: number
  stopVersion: number
  /** When its members' stops were last listed by `moved` (0: never). */
  shownAtMs: number
}

/** The groups of one instrument and side. */
interface TrailSide {
  groups: Map<number, Group>
  /** Groups by the price that moves them (a point past the peak). */
  moves: TriggerHeap
  /** Groups by their nearest stop (peak less the least distance). */
  stops: TriggerHeap
}

export class TrailingGroups {
  /** Per instrument: buys, then sells. */
  private readonly sides = new Map<number, [TrailSide, TrailSide]>()
  private readonly groupOf = new Map<number, Group>()
  /** Groups moved since their members' stops were last listed. */
  private readonly movedGroups = new Set<Group>()
  private nextGroupId = 1

  constructor(
    private readonly orderOf: (orderId: number) => Order | undefined,
    private readonly precisionOf: (instrumentId: number) => number,
  ) {}

  /**
   * A position with a trailing stop (and so a stop-loss) joins, in a group of its own; `unlisted`:
   * its stop may be ahead of the one stored (it trailed in a group it left before that group was
   * listed), so the group is listed by the next `moved` as if it had moved.
   */
  add(order: Order, unlisted = false): void {
    const precision = this.precisionOf(order.instrumentId)
    const sign = order.side === Side.Buy ? 1 : -1
    const side = this.sideOf(order.instrumentId, order.side === Side.Buy ? 0 : 1)
    const group: Group = {
      id: this.nextGroupId++,
      sign,
      precision,
      peak: sign * toPoints(order.stopLoss, precision) + order.trailingPoints,
      // Two entries: small typed arrays live in the JS heap, with no buffer of their own to track.
      members: new TriggerHeap('up', (t) => this.isMember(t, group), 2),
      moveVersion: 0,
      stopVersion: 0,
      shownAtMs: 0,
    }
    group.members.insert(order.trailingPoints, order.id, 'trailing', order.stopsVersion)
    this.groupOf.set(order.id, group)
    side.groups.set(group.id, group)
    this.index(side, group, true, true)
    if (unlisted) this.movedGroups.add(group)
  }

  /** A position that closed or whose trailing stop or stop-loss changed leaves its group. */
  remove(orderId: number): void {
    this.groupOf.delete(orderId)
  }

  /** The trailed stop-loss of a member now, or undefined for an order in no group. */
  stopOf(order: Order): number | undefined {
    const group = this.groupOf.get(order.id)
    return group && stopAt(group, order.trailingPoints)
  }

  /**
   * Moves the groups a quote passes, then fires the members whose stop it reaches (at most `limit`,
   * nearest first; the rest stay and fire on a later quote that still reaches them). A fired
   * member comes back as a `trailing` trigger at its stop, and leaves its group.
   */
  fire(instrumentId: number, quote: Quote, limit: number): Trigger[] {
    const pair = this.sides.get(instrumentId)
    if (!pair) return []
    const precision = this.precisionOf(instrumentId)
    const fired: Trigger[] = []
    const [buys, sells] = pair
    const bid = toPoints(quote.bid, precision)
    const ask = -toPoints(quote.ask, precision)
    this.move(buys, bid)
    this.fireStops(buys, bid, limit, fired)
    this.move(sells, ask)
    this.fireStops(sells, ask, limit, fired)
    return fired
  }

  /**
   * The members of groups moved since they were last listed and not within the last `everyMs`, with
   * their stops worked out (the orders themselves, updated); each such group is listed as of now.
   * In the order the groups moved, each group's members in its heap's order: the same commands and
   * quotes list the same way. Whole groups until `limit` stops are listed; the rest wait for a
   * later call (their stops trigger exactly meanwhile).
   */
  moved(nowMs: number, everyMs: number, limit: number): Order[] {
    const orders: Order[] = []
    for (const group of this.movedGroups) {
      if (orders.length >= limit) break
      if (group.shownAtMs > 0 && nowMs - group.shownAtMs < everyMs) continue
      this.movedGroups.delete(group)
      group.shownAtMs = nowMs
      group.members.forEach((distance, orderId, version) => {
        const order = this.memberOrder(distance, orderId, version, group)
        if (!order) return
        order.stopLoss = stopAt(group, distance)
        orders.push(order)
      })
    }
    return orders
  }

  /** Whether an order is a live member of some group (a fired trigger still describes it). */
  has(order: Order): boolean {
    const group = this.groupOf.get(order.id)
    return group !== undefined && order.status === OrderStatus.Holding && order.trailingPoints > 0
  }

  /**
   * Every group the price has passed moves to this price, merged into the largest of them while
   * the quote's budget of members to move over (MERGE_BUDGET) lasts; a group too big for what is
   * left moves on its own, and merges when a later quote passes it with the others again.
   */
  private move(side: TrailSide, price: number): void {
    if (!side.moves.isReachedBy(price)) return
    const passed = new Set<Group>()
    for (const entry of side.moves.fire(price)) {
      const group = side.groups.get(entry.orderId)
      if (group && group.moveVersion === entry.version) passed.add(group)
    }
    if (passed.size === 0) return
    const groups = [...passed].sort((a, b) => b.members.size - a.members.size || a.id - b.id)
    const target = groups[0] as Group
    let budget = MERGE_BUDGET
    for (const other of groups.slice(1)) {
      if (other.members.size > budget) {
        other.peak = price
        this.movedGroups.add(other)
        this.index(side, other, true, true)
        continue
      }
      budget -= other.members.size
      other.members.forEach((distance, orderId, version) => {
        if (!this.memberOrder(distance, orderId, version, other)) return
        target.members.insert(distance, orderId, 'trailing', version)
        this.groupOf.set(orderId, target)
      })
      // Listed at most once a second a member: the merged group waits for the latest of them.
      target.shownAtMs = Math.max(target.shownAtMs, other.shownAtMs)
      side.groups.delete(other.id)
      this.movedGroups.delete(other)
    }
    target.peak = price
    this.movedGroups.add(target)
    this.index(side, target, true, true)
  }

  /** Fires the members of every group whose nearest stop the price reaches, nearest first. */
  private fireStops(side: TrailSide, price: number, limit: number, fired: Trigger[]): void {
    if (fired.length >= limit || !side.stops.isReachedBy(price)) return
    const reached: Group[] = []
    for (const entry of side.stops.fire(price)) {
      const group = side.groups.get(entry.orderId)
      if (group && group.stopVersion === entry.version && !reached.includes(group)) reached.push(group)
    }
    for (const group of reached) {
      const room = limit - fired.length
      const members = room > 0 ? group.members.fire(group.peak - price, room) : []
      for (const entry of members) {
        if (!this.isMember(entry, group)) continue
        const stop = stopAt(group, entry.level)
        fired.push({ level: stop, orderId: entry.orderId, kind: 'trailing', version: entry.version })
      }
      this.index(side, group, false, true)
    }
  }

  /**
   * Indexes a group again after a change: under its move price if `move` (its peak changed), under
   * its nearest stop if `stop`; a group with no live member left is dropped.
   */
  private index(side: TrailSide, group: Group, move: boolean, stop: boolean): void {
    const least = group.members.top()
    if (least === undefined) {
      side.groups.delete(group.id)
      this.movedGroups.delete(group)
      return
    }
    if (move) side.moves.insert(group.peak + 1, group.id, 'trailing', ++group.moveVersion)
    if (stop) side.stops.insert(group.peak - least, group.id, 'trailing', ++group.stopVersion)
  }

  /** Whether a member entry still describes its order, in this group. */
  private isMember(entry: Trigger, group: Group): boolean {
    return this.memberOrder(entry.level, entry.orderId, entry.version, group) !== undefined
  }

  /** The order a member entry describes, if it still does, in this group. */
  private memberOrder(distance: number, orderId: number, version: number, group: Group): Order | undefined {
    if (this.groupOf.get(orderId) !== group) return undefined
    const order = this.orderOf(orderId)
    return order !== undefined &&
      order.status === OrderStatus.Holding &&
      order.trailingPoints === distance &&
      order.stopsVersion === version
      ? order
      : undefined
  }

  private sideOf(instrumentId: number, which: 0 | 1): TrailSide {
    let pair = this.sides.get(instrumentId)
    if (!pair) {
      const make = (): TrailSide => {
        const side: TrailSide = {
          groups: new Map(),
          moves: new TriggerHeap('up', (t) => side.groups.get(t.orderId)?.moveVersion === t.version),
          stops: new TriggerHeap('down', (t) => side.groups.get(t.orderId)?.stopVersion === t.version),
        }
        return side
      }
      pair = [make(), make()]
      this.sides.set(instrumentId, pair)
    }
    return pair[which]
  }
}

/** The stop of a member `distance` points behind its group's peak, as a price. */
const stopAt = (group: Group, distance: number) =>
  fromPoints(group.sign * (group.peak - distance), group.precision)
