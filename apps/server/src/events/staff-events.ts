import { EventEmitter } from 'node:events'
import type { AdminQueueEvent } from '@tp/contracts'

/**
 * New items for the back office's queues: the request functions announce them, the staff's event
 * streams (`GET /admin/api/events`) pass them on, and with several processes the peer bus carries
 * them from the gateway a client used to the engine that serves the back office. Nothing but the
 * queue's name travels: staff read the item itself through the queue calls, behind their roles.
 */
export type QueueName = AdminQueueEvent['queue']

/** A process's staff events; `staffEvents` is the one every request function announces on. */
export function createStaffEvents() {
  const emitter = new EventEmitter()
  // One listener per open staff stream; their number is bounded by the stream route.
  emitter.setMaxListeners(0)
  return {
    /** A new item announced in this process: told to its streams, and to the other processes' through `forwardTo`. */
    emit(queue: QueueName): void {
      emitter.emit('queue', queue)
      emitter.emit('forward', queue)
    },
    /** A new item another process announced (realtime/peer-bus.ts): told to this process's streams. */
    receive(queue: QueueName): void {
      emitter.emit('queue', queue)
    },
    /** Calls `listener` for every new item until the returned function is called. */
    subscribe(listener: (queue: QueueName) => void): () => void {
      emitter.on('queue', listener)
      return () => emitter.off('queue', listener)
    },
    /** Calls `forward` for every item announced in this process until the returned function is called. */
    forwardTo(forward: (queue: QueueName) => void): () => void {
      emitter.on('forward', forward)
      return () => emitter.off('forward', forward)
    },
  }
}

export type StaffEvents = ReturnType<typeof createStaffEvents>

export const staffEvents = createStaffEvents()

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
