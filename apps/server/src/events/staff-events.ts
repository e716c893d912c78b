import { EventEmitter } from 'node:events'
import type { AdminQueueEvent } from '@tp/contracts'

/**
 * New items for the back office's queues, in this process: the request functions announce them,
 * the staff's event streams (`GET /admin/api/events`) pass them on. Nothing but the queue's name
 * travels: staff read the item itself through the queue calls, behind their roles.
 */
export type QueueName = AdminQueueEvent['queue']

const emitter = new EventEmitter()
// One listener per open staff stream; their number is bounded by the stream route.
emitter.setMaxListeners(0)

export const staffEvents = {
  emit(queue: QueueName): void {
    emitter.emit('queue', queue)
  },
  /** Calls `listener` for every new item until the returned function is called. */
  subscribe(listener: (queue: QueueName) => void): () => void {
    emitter.on('queue', listener)
    return () => emitter.off('queue', listener)
  },
}

/**
 * For a request function's promise: announces a new item in `queue` once the outcome is a success
 * (after its transaction committed), and passes the outcome on unchanged.
 */
export const announced =
  (queue: QueueName) =>
  <T extends { ok: boolean }>(outcome: T): T => {
    if (outcome.ok) staffEvents.emit(queue)
    return outcome
  }
