import type { Duplex } from 'node:stream'
import type { WebSocket } from 'ws'
import { textFrame } from './ws-frame.ts'

export interface HubLimits {
  /** Above this many unsent bytes a socket is congested: it gets only the latest value per key. */
  softBufferBytes: number
  /** Above this many unsent bytes, or congested for longer than `maxCongestedMs`, it is dropped. */
  hardBufferBytes: number
  maxCongestedMs: number
  /** How often congested sockets are checked and, once drained, sent what they missed. */
  drainIntervalMs: number
}

export const DEFAULT_HUB_LIMITS: HubLimits = {
  softBufferBytes: 256 * 1024,
  hardBufferBytes: 4 * 1024 * 1024,
  maxCongestedMs: 15_000,
  drainIntervalMs: 100,
}

/** One socket's side of the hub. */
export interface Subscriber {
  readonly socket: WebSocket
  /**
   * The socket's TCP stream, when published frames may be written to it directly: `ws` then writes
   * every frame through at once (no compression is negotiated, only Buffers and strings are sent),
   * so frames keep their order and what waits still counts in `bufferedAmount`.
   */
  readonly tcp: Duplex | undefined
  /** While congested: the newest frame per topic and key, in first-arrival order. */
  backlog: Map<string, Buffer> | undefined
  congestedSince: number
}

const OPEN = 1

/**
 * Fans messages out to the sockets subscribed to a topic. A message is serialized once and the same
 * bytes go to every subscriber. A subscriber that does not keep up stops receiving every message:
 * it keeps the latest per key (an instrument's quote) until it drains, and is dropped if it never
 * does, so one slow phone never holds the others back or grows the server's memory.
 */
export class TopicHub {
  private readonly topics = new Map<string, Set<Subscriber>>()
  private readonly congested = new Set<Subscriber>()
  /** Every open socket, subscribed to anything or not: what `broadcast` reaches. */
  private readonly everyone = new Set<Subscriber>()
  private drainTimer: NodeJS.Timeout | undefined
  readonly stats = { frames: 0, merged: 0, dropped: 0 }

  constructor(
    private readonly limits: HubLimits = DEFAULT_HUB_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  subscriber(socket: WebSocket, tcp?: Duplex): Subscriber {
    const subscriber: Subscriber = { socket, tcp, backlog: undefined, congestedSince: 0 }
    this.everyone.add(subscriber)
    return subscriber
  }

  subscribe(subscriber: Subscriber, topic: string): void {
    let set = this.topics.get(topic)
    if (!set) this.topics.set(topic, (set = new Set()))
    set.add(subscriber)
  }

  unsubscribe(subscriber: Subscriber, topic: string): void {
    const set = this.topics.get(topic)
    if (!set) return
    set.delete(subscriber)
    if (set.size === 0) this.topics.delete(topic)
  }

  /** Forgets a closed socket everywhere. */
  remove(subscriber: Subscriber, topics: Iterable<string>): void {
    for (const topic of topics) this.unsubscribe(subscriber, topic)
    this.congested.delete(subscriber)
    this.everyone.delete(subscriber)
  }

  /** Topics with subscribers whose name starts with `prefix`. */
  *topicsStartingWith(prefix: string): Generator<string> {
    for (const topic of this.topics.keys()) if (topic.startsWith(prefix)) yield topic
  }

  subscriberCount(topic: string): number {
    return this.topics.get(topic)?.size ?? 0
  }

  /** Sends `message` to the topic's subscribers; `key` names what a newer message replaces. */
  publish(topic: string, key: string, message: object): void {
    const set = this.topics.get(topic)
    if (!set) return
    const payload = Buffer.from(JSON.stringify(message))
    // Framed once for all: per socket only a write of the same bytes (bench/ws-fanout measures it).
    const framed = textFrame(payload)
    const mergeKey = `${topic}\n${key}`
    for (const subscriber of set) this.deliver(subscriber, mergeKey, payload, framed)
  }

  /**
   * Sends `message` to every open socket, signed in or not, whatever it subscribed to (a catalogue
   * change: rare, tiny). A congested socket keeps the newest one per `key` like any other message.
   */
  broadcast(key: string, message: object): void {
    const payload = Buffer.from(JSON.stringify(message))
    const framed = textFrame(payload)
    const mergeKey = `*\n${key}`
    for (const subscriber of this.everyone) this.deliver(subscriber, mergeKey, payload, framed)
  }

  /** Sends one frame to one socket alone (a reply, or a message for its owner). */
  sendTo(subscriber: Subscriber, key: string, message: object): void {
    this.deliver(subscriber, key, Buffer.from(JSON.stringify(message)))
  }

  close(): void {
    clearInterval(this.drainTimer)
    this.drainTimer = undefined
  }

  private deliver(subscriber: Subscriber, key: string, frame: Buffer, framed?: Buffer): void {
    const { socket } = subscriber
    if (socket.readyState !== OPEN) return
    if (subscriber.backlog) {
      // Delete first so a replaced value moves to the end: the backlog drains in time order.
      subscriber.backlog.delete(key)
      subscriber.backlog.set(key, frame)
      this.stats.merged++
      return
    }
    const buffered = socket.bufferedAmount
    if (buffered > this.limits.hardBufferBytes) return this.drop(subscriber)
    if (buffered > this.limits.softBufferBytes) {
      subscriber.backlog = new Map([[key, frame]])
      subscriber.congestedSince = this.now()
      this.congested.add(subscriber)
      this.stats.merged++
      this.startDraining()
      return
    }
    if (framed && subscriber.tcp) subscriber.tcp.write(framed)
    else socket.send(frame, { binary: false })
    this.stats.frames++
  }

  private startDraining(): void {
    if (this.drainTimer) return
    this.drainTimer = setInterval(() => this.drain(), this.limits.drainIntervalMs)
    this.drainTimer.unref()
  }

  private drain(): void {
    const now = this.now()
    for (const subscriber of this.congested) {
      const { socket } = subscriber
      if (socket.readyState !== OPEN) {
        this.congested.delete(subscriber)
        continue
      }
      const buffered = socket.bufferedAmount
      if (
        buffered > this.limits.hardBufferBytes ||
        now - subscriber.congestedSince > this.limits.maxCongestedMs
      ) {
        this.drop(subscriber)
        continue
      }
      if (buffered > this.limits.softBufferBytes) continue
      const backlog = subscriber.backlog
      subscriber.backlog = undefined
      this.congested.delete(subscriber)
      for (const frame of backlog?.values() ?? []) {
        socket.send(frame, { binary: false })
        this.stats.frames++
      }
    }
    if (this.congested.size === 0) this.close()
  }

  private drop(subscriber: Subscriber): void {
    this.congested.delete(subscriber)
    subscriber.backlog = undefined
    this.stats.dropped++
    subscriber.socket.terminate()
  }
}
