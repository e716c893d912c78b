import type { Redis } from '../db/redis.ts'

/**
 * What the engine process tells the gateway processes over Redis pub/sub, and what they tell it back
 * (decision 049):
 *
 * - every accepted tick (each gateway's own market folds them into its quotes and candles and
 *   publishes them to its sockets, as the one process does);
 * - the messages for a signed-in owner's sockets (FOREX_TRADE, FOREX_CLOSED, MARGIN_CALL, …), which
 *   only the engine can write;
 * - back: which users have a signed-in socket somewhere (a sorted set scored by when the word runs
 *   out), so that the engine pushes their accounts every second.
 *
 * Pub/sub keeps nothing for a gateway that is away: each message is a snapshot or an event whose
 * state the next snapshot carries (a socket hears its account as it signs in, read by its gateway;
 * the engine's pushes follow once the gateway has said its user watches: about 3 s at most).
 */
export interface RelayNames {
  ticks: string
  messages: string
  watching: string
}

export function relayNames(namespace = 'tp:'): RelayNames {
  return { ticks: `${namespace}ticks`, messages: `${namespace}messages`, watching: `${namespace}watching` }
}

export interface RelayedTick {
  code: string
  bid: number
  ask: number
  timeMs: number
}

/** A message for a topic's sockets: topic, key, the message as serialized, its birth time or 0. */
type RelayedMessage = [topic: string, key: string, payload: string, bornAtMs: number]

/** How long a gateway's word that a user watches lasts unless it says it again (ms). */
export const WATCH_TTL_MS = 10_000
/** How often a gateway says which users watch, and the engine reads them (ms). */
const WATCH_EVERY_MS = 2_000

/**
 * The engine's side: ticks and messages published once per event-loop turn (one Redis message per
 * channel, however many came), and the users the gateways say are watching.
 */
export function startEngineRelay(options: {
  redis: Redis
  names: RelayNames
  onError: (error: unknown, context: string) => void
}) {
  const { redis, names } = options
  let ticks: [string, number, number, number][] = []
  let messages: RelayedMessage[] = []
  let scheduled = false
  let watched = new Set<number>()
  // While Redis is away every turn's publish fails: said once in a while, not every turn.
  let lastSaid = 0
  const failed = (context: string) => (error: unknown) => {
    if (Date.now() - lastSaid < 10_000) return
    lastSaid = Date.now()
    options.onError(error, context)
  }

  const send = () => {
    scheduled = false
    const [t, m] = [ticks, messages]
    ;[ticks, messages] = [[], []]
    if (t.length > 0) redis.publish(names.ticks, JSON.stringify(t)).catch(failed('relaying ticks failed'))
    if (m.length > 0)
      redis.publish(names.messages, JSON.stringify(m)).catch(failed('relaying messages failed'))
  }
  const schedule = () => {
    if (scheduled) return
    scheduled = true
    setImmediate(send)
  }
  const readWatching = async () => {
    try {
      const now = Date.now()
      await redis.zremrangebyscore(names.watching, '-inf', now)
      watched = new Set((await redis.zrangebyscore(names.watching, now, '+inf')).map(Number))
    } catch (error) {
      // Kept as last read: the pushes go on to those who were watching.
      options.onError(error, 'reading the watching users failed')
    }
  }
  void readWatching()
  const timer = setInterval(() => void readWatching(), WATCH_EVERY_MS / 2)
  timer.unref()

  return {
    tick(tick: RelayedTick) {
      ticks.push([tick.code, tick.bid, tick.ask, tick.timeMs])
      schedule()
    },
    message(topic: string, key: string, payload: Buffer, bornAtMs?: number) {
      messages.push([topic, key, payload.toString(), bornAtMs ?? 0])
      schedule()
    },
    /** The users with a signed-in socket on some gateway, as last said. */
    watched(): ReadonlySet<number> {
      return watched
    },
    stop() {
      clearInterval(timer)
      send()
    },
  }
}

/** A gateway's side: ticks and messages from the engine, and which of its users watch. */
export async function startGatewayRelay(options: {
  /** A connection of its own (subscribed). */
  subscriber: Redis
  redis: Redis
  names: RelayNames
  onTick: (tick: RelayedTick) => void
  onMessage: (topic: string, key: string, payload: Buffer, bornAtMs?: number) => void
  /** The users with a signed-in socket here now. */
  watching: () => Iterable<number>
  onError: (error: unknown, context: string) => void
}) {
  const { subscriber, redis, names } = options
  subscriber.on('message', (channel: string, text: string) => {
    try {
      if (channel === names.ticks)
        for (const [code, bid, ask, timeMs] of JSON.parse(text) as [string, number, number, number][])
          options.onTick({ code, bid, ask, timeMs })
      else if (channel === names.messages)
        for (const [topic, key, payload, bornAtMs] of JSON.parse(text) as RelayedMessage[])
          options.onMessage(topic, key, Buffer.from(payload), bornAtMs || undefined)
    } catch (error) {
      options.onError(error, 'a relayed message could not be read')
    }
  })
  await subscriber.subscribe(names.ticks, names.messages)
  const sayWatching = async () => {
    const until = Date.now() + WATCH_TTL_MS
    const users = [...options.watching()]
    if (users.length === 0) return
    try {
      const args = users.flatMap((userId) => [until, String(userId)])
      await redis.zadd(names.watching, 'GT', ...args)
    } catch (error) {
      options.onError(error, 'saying which users watch failed')
    }
  }
  const timer = setInterval(() => void sayWatching(), WATCH_EVERY_MS)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await subscriber.unsubscribe().catch(() => {})
    },
  }
}
