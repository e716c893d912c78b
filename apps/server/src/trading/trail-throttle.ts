/**
 * Trailing stops are stored and shown at most once a second a position (issue 23, decision 033):
 * the engine moves a trailed stop on every favourable quote and triggers on its exact level, but a
 * busy market moves thousands a second, each a row written and a message pushed. The first move of a
 * position passes at once; later ones within its second wait, and the clock's next call after that
 * second passes on the position's stop as it is then (one row, one message, however many moves).
 * A restart in between rebuilds from the stored stop, at most a second behind, and trails on from
 * the market.
 */
import { OrderStatus } from '@tp/contracts'
import type { EngineEvent, Order } from '@tp/engine'

/** A position's trailed stop is stored and shown at most this often. */
export const TRAIL_SHOWN_EVERY_MS = 1000

export class TrailThrottle {
  /** When each position's trailed stop was last passed on (only those within the last second). */
  private readonly shownAt = new Map<number, number>()
  /** Positions with a trailed stop moved since, waiting for their second to pass. */
  private readonly due = new Set<number>()

  /** The events to commit now: all but the trailing moves that must wait. */
  admit(events: readonly EngineEvent[], nowMs: number): EngineEvent[] {
    const passed: EngineEvent[] = []
    for (const event of events) {
      if (event.type !== 'stops_changed' || !event.trailed) {
        passed.push(event)
        continue
      }
      const id = event.order.id
      if (nowMs - (this.shownAt.get(id) ?? -Infinity) >= TRAIL_SHOWN_EVERY_MS) {
        this.shownAt.set(id, nowMs)
        this.due.delete(id)
        passed.push(event)
      } else this.due.add(id)
    }
    return passed
  }

  /**
   * The waiting stops whose second has passed, as they are now in the engine (`orderOf`); a position
   * closed meanwhile is left out (its close carries its last stop).
   */
  flush(nowMs: number, orderOf: (id: number) => Order | undefined): EngineEvent[] {
    const events: EngineEvent[] = []
    for (const id of this.due) {
      if (nowMs - (this.shownAt.get(id) ?? -Infinity) < TRAIL_SHOWN_EVERY_MS) continue
      this.due.delete(id)
      const order = orderOf(id)
      if (!order || order.status !== OrderStatus.Holding) continue
      this.shownAt.set(id, nowMs)
      events.push({ type: 'stops_changed', order: { ...order }, trailed: true })
    }
    // Forget what is past its second and not waiting: the map holds only the last second's.
    for (const [id, at] of this.shownAt)
      if (nowMs - at >= TRAIL_SHOWN_EVERY_MS && !this.due.has(id)) this.shownAt.delete(id)
    return events
  }

  /** After a rebuild: the engine's stops are the stored ones again. */
  clear(): void {
    this.shownAt.clear()
    this.due.clear()
  }
}
