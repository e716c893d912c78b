import { describe, expect, it } from 'vitest'
import { OrderStatus } from '@tp/contracts'
import type { EngineEvent, Order } from '@tp/engine'
import { TRAIL_SHOWN_EVERY_MS, TrailThrottle } from './trail-throttle.ts'

const order = (id: number, stopLoss: number, status: number = OrderStatus.Holding) =>
  ({ id, stopLoss, status }) as unknown as Order
const trailed = (id: number, stopLoss: number): EngineEvent => ({
  type: 'stops_changed',
  order: order(id, stopLoss),
  trailed: true,
})
const stops = (events: EngineEvent[]) =>
  events.map((e) => (e.type === 'stops_changed' ? [e.order.id, e.order.stopLoss] : e.type))

describe('TrailThrottle: a trailed stop stored and shown at most once a second a position', () => {
  it('passes the first move at once, holds later ones, and passes the latest stop once its second is over', () => {
    const throttle = new TrailThrottle()
    const live = new Map([[7, order(7, 1.1)]])
    expect(stops(throttle.admit([trailed(7, 1.1)], 0))).toEqual([[7, 1.1]])
    // Three more moves within the second: none passes, a stop edited by hand does.
    const byHand: EngineEvent = { type: 'stops_changed', order: order(8, 2) }
    expect(stops(throttle.admit([trailed(7, 1.2), byHand, trailed(7, 1.3)], 400))).toEqual([[8, 2]])
    live.set(7, order(7, 1.4))
    expect(throttle.flush(900, (id) => live.get(id))).toEqual([])
    // The clock after the second: one event with the stop the engine holds now.
    expect(stops(throttle.flush(TRAIL_SHOWN_EVERY_MS, (id) => live.get(id)))).toEqual([[7, 1.4]])
    expect(throttle.flush(1500, (id) => live.get(id))).toEqual([])
    // The next move within the new second waits again.
    expect(throttle.admit([trailed(7, 1.5)], 1200)).toEqual([])
  })

  it('drops a waiting stop whose position closed, and forgets everything on clear', () => {
    const throttle = new TrailThrottle()
    throttle.admit([trailed(1, 1), trailed(2, 1)], 0)
    throttle.admit([trailed(1, 2), trailed(2, 2)], 100)
    const closed = new Map([[2, order(2, 2)]])
    expect(stops(throttle.flush(1000, (id) => closed.get(id)))).toEqual([[2, 2]])
    throttle.admit([trailed(3, 1)], 1000)
    throttle.admit([trailed(3, 2)], 1100)
    throttle.clear()
    expect(throttle.flush(5000, () => order(3, 2))).toEqual([])
    // After a clear, a move passes at once.
    expect(stops(throttle.admit([trailed(3, 3)], 5001))).toEqual([[3, 3]])
  })
})
