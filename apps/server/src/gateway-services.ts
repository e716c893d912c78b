import { CATALOGUE_MESSAGE } from '@tp/contracts'
import type { Db } from './db/client.ts'
import type { Redis } from './db/redis.ts'
import { silentSource } from './live-services.ts'
import { loadInstruments } from './market/catalogue.ts'
import { startMarketFeed } from './market/market-feed.ts'
import { openMarket } from './market/open-market.ts'
import type { PlatformMetrics } from './ops/metrics.ts'
import { relayNames, startGatewayRelay } from './realtime/relay.ts'
import { BROADCAST_TOPIC, DEFAULT_HUB_LIMITS, TopicHub, type HubLimits } from './realtime/topic-hub.ts'
import { socketsHere } from './trading/account-push.ts'
import { RemoteDesk } from './trading/command-stream/remote-desk.ts'
import { streamNames } from './trading/command-stream/stream-protocol.ts'
import { storedReads } from './trading/trading-reads.ts'
import { remoteErrands } from './http/desk-errands.ts'

export interface GatewayServicesOptions {
  /** Commands, and what the gateway says of its users. */
  redis: Redis
  /** Connections of their own: the engine's answers, and the relayed ticks and messages. */
  answers: Redis
  relay: Redis
  /** This process's name: its answers' channel. */
  name: string
  namespace?: string
  clock: () => number
  hubLimits?: Partial<HubLimits>
  metrics?: PlatformMetrics
  onError: (error: unknown, context: string) => void
  onTickRefused: (report: { code: string; reason: string; count: number }) => void
}

/**
 * What a gateway process runs beside its HTTP app (ROLE=gateway, decision 049), in place of the live
 * services: its own market and socket hub, fed the engine's ticks over Redis (candles are written by
 * the engine, not here); the owners' messages from the engine, sent on to their sockets here; reads
 * of trading state from the database; and commands sent to the engine on the stream. It holds no
 * trading state: any number run behind a load balancer.
 */
export async function startGatewayServices(db: Db, options: GatewayServicesOptions) {
  const { metrics } = options
  // No history is seeded here: the engine seeds it on start, and a gateway reads what is stored.
  const market = await openMarket(db, options.clock(), 0)
  const topics = new TopicHub(
    { ...DEFAULT_HUB_LIMITS, ...options.hubLimits },
    Date.now,
    metrics && ((ms) => metrics.tickToClient.observe(ms / 1000)),
  )
  const feed = startMarketFeed({
    market,
    // The engine's ticks, marked up there.
    marked: true,
    source: silentSource,
    topics,
    onError: (error) => options.onError(error, 'a relayed tick failed'),
    nowMs: options.clock,
    onRefused: ({ code, reason, count }) => options.onTickRefused({ code, reason, count }),
  })
  const reads = storedReads(db, () => market.lastQuotes())
  const desk = await RemoteDesk.open({
    redis: options.redis,
    subscriber: options.answers,
    names: streamNames(options.namespace),
    gatewayId: options.name,
    onError: options.onError,
  })
  const watchers = socketsHere(topics)
  const relay = await startGatewayRelay({
    subscriber: options.relay,
    redis: options.redis,
    names: relayNames(options.namespace),
    onTick: (tick) => {
      metrics?.ticks.inc()
      feed.push(tick)
    },
    onMessage: (topic, key, payload, bornAtMs) => {
      if (topic !== BROADCAST_TOPIC) return topics.publishPayload(topic, key, payload, bornAtMs)
      if (key !== CATALOGUE_MESSAGE.type) return topics.broadcastPayload(key, payload)
      // Staff changed the catalogue (on the engine): this market takes it before the sockets hear.
      loadInstruments(db, true)
        .then((defs) => {
          market.replaceDefinitions(defs, options.clock())
          reads.forget()
          topics.broadcastPayload(key, payload)
        })
        .catch((error: unknown) => options.onError(error, 'reloading the catalogue failed'))
    },
    watching: () => watchers.watched(),
    onError: options.onError,
  })
  return {
    market,
    topics,
    desk,
    reads,
    errands: remoteErrands(desk),
    async stop() {
      await relay.stop()
      await desk.close()
      await feed.stop()
      topics.close()
    },
  }
}
