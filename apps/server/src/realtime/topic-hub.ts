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

/** A published message: its text (for `ws`) and its frame (for a socket's TCP stream), made once. */
interface Pending {
  payload: Buffer
  framed: Buffer
  bornAtMs: number | undefined
}

/**
 * Fans messages out to the sockets subscribed to a topic. A message is serialized once and the same
 * bytes go to every subscriber. Messages are not written as they come: they wait for the end of the
 * event loop's turn, keeping the latest per topic and key (an instrument's quote), and then each
 * subscriber gets its topics' waiting messages in one write per topic. However fast ticks come, a
 * socket is never sent a queue of stale quotes: the busier the server, the more each write carries
 * and the fewer writes it makes (decision 048). A subscriber that does not keep up stops receiving
 * every message: it keeps the latest per key until it drains, and is dropped if it never does, so
 * one slow phone never holds the others back or grows the server's memory.
 */
/** What a hub shows of its messages to another part of the process (see the constructor). */
export interface HubTap {
  wants(topic: string): boolean
  send(topic: string, key: string, payload: Buffer, bornAtMs?: number): void
}

/** The name a tap sees a broadcast under (no socket subscribes to it). */
export const BROADCAST_TOPIC = '*'

export class TopicHub {
  private readonly topics = new Map<string, Set<Subscriber>>()
  private readonly congested = new Set<Subscriber>()
  /** Every open socket, subscribed to anything or not: what `broadcast` reaches. */
  private readonly everyone = new Set<Subscriber>()
  private drainTimer: NodeJS.Timeout | undefined
  /** Published this turn, by topic, the newest per key in first-arrival order. */
  private pending = new Map<string, Map<string, Pending>>()
  private flushScheduled = false
  /** `frames` written, `merged` replaced before they went out, `dropped` sockets, `flushes` turns written. */
  readonly stats = { frames: 0, merged: 0, dropped: 0, flushes: 0 }

  constructor(
    private readonly limits: HubLimits = DEFAULT_HUB_LIMITS,
    private readonly now: () => number = Date.now,
    /** Told, once per message that carries its birth time, how old it was when its fan-out ended. */
    private readonly observeAge?: (ms: number) => void,
    /**
     * Shown the messages of the topics it wants, subscribers here or not (the engine's relay sends
     * its owners' messages on to the gateway processes that hold their sockets: realtime/relay.ts).
     */
    private readonly tap?: HubTap,
  ) {}

  /** Open sockets (metrics). */
  get socketCount(): number {
    return this.everyone.size
  }

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

  /**
   * Sends `message` to the topic's subscribers; `key` names what a newer message replaces;
   * `bornAtMs` (a tick's time) has the fan-out's end measured against it.
   */
  publish(topic: string, key: string, message: object, bornAtMs?: number): void {
    if (!this.topics.has(topic) && !this.tap?.wants(topic)) return
    this.publishPayload(topic, key, Buffer.from(JSON.stringify(message)), bornAtMs)
  }

  /** `publish` of a message serialized already (one relayed from another process). */
  publishPayload(topic: string, key: string, payload: Buffer, bornAtMs?: number): void {
    if (this.tap?.wants(topic)) this.tap.send(topic, key, payload, bornAtMs)
    if (!this.topics.has(topic)) return
    // Framed once for all: per socket only a write of the same bytes (bench/ws-fanout measures it).
    const entry: Pending = { payload, framed: textFrame(payload), bornAtMs }
    let waiting = this.pending.get(topic)
    if (!waiting) this.pending.set(topic, (waiting = new Map()))
    // Delete first so a replaced value moves to the end: what waits goes out in time order.
    if (waiting.delete(key)) this.stats.merged++
    waiting.set(key, entry)
    if (this.flushScheduled) return
    this.flushScheduled = true
    setImmediate(() => this.flush())
  }

  /** Writes what was published since the last flush: per subscriber, one write per topic. */
  flush(): void {
    this.flushScheduled = false
    const pending = this.pending
    if (pending.size === 0) return
    this.pending = new Map()
    this.stats.flushes++
    for (const [topic, waiting] of pending) {
      const set = this.topics.get(topic)
      if (!set) continue
      const entries = [...waiting]
      const joined =
        entries.length === 1 ? entries[0]![1].framed : Buffer.concat(entries.map(([, e]) => e.framed))
      for (const subscriber of set) this.deliverAll(subscriber, topic, entries, joined)
      if (!this.observeAge) continue
      const now = this.now()
      for (const [, entry] of entries) if (entry.bornAtMs !== undefined) this.observeAge(now - entry.bornAtMs)
    }
  }

  /**
   * Sends `message` to every open socket, signed in or not, whatever it subscribed to (a catalogue
   * change: rare, tiny). A congested socket keeps the newest one per `key` like any other message.
   */
  broadcast(key: string, message: object): void {
    this.broadcastPayload(key, Buffer.from(JSON.stringify(message)))
  }

  /** `broadcast` of a message serialized already; the tap sees it under BROADCAST_TOPIC. */
  broadcastPayload(key: string, payload: Buffer): void {
    if (this.tap?.wants(BROADCAST_TOPIC)) this.tap.send(BROADCAST_TOPIC, key, payload)
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

  /** A topic's waiting messages to one subscriber: one write of their frames, joined, when it keeps up. */
  private deliverAll(
    subscriber: Subscriber,
    topic: string,
    entries: [string, Pending][],
    joined: Buffer,
  ): void {
    const { socket } = subscriber
    if (socket.readyState !== OPEN) return
    const writable = !subscriber.backlog && socket.bufferedAmount <= this.limits.softBufferBytes
    if (!writable || !subscriber.tcp) {
      // Congested (its backlog merges them), or no direct stream: one message at a time.
      for (const [key, entry] of entries)
        this.deliver(subscriber, `${topic}\n${key}`, entry.payload, entry.framed)
      return
    }
    subscriber.tcp.write(joined)
    this.stats.frames += entries.length
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
