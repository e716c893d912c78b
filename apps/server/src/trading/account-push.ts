import type { ForexClosedMessage, ForexExpiredMessage, MarginCallMessage } from '@tp/contracts'
import { eventOwner, type EngineEvent, type TradingEngine } from '@tp/engine'
import type { MarketData } from '../market/market-data.ts'
import type { TopicHub } from '../realtime/topic-hub.ts'
import type { TradingDesk } from './desk.ts'
import { forexTradeMessage } from './order-view.ts'
import { alertMessage } from './alert-view.ts'

/** The private topic of a signed-in user's sockets (the gateway subscribes them at login). */
export const userTopic = (userId: number) => `user:${userId}`
export const USER_TOPIC_PREFIX = 'user:'

/** How often an owner with live orders hears FOREX_TRADE without a change. */
export const ACCOUNT_PUSH_MS = 1000

/**
 * The MARGIN_CALL message of an account at `level` (%). The level is cut, not rounded, to two
 * decimals: 99.996 must not read as 100, the level at which the warning ends.
 */
export function marginCallMessage(engine: TradingEngine, level: number): MarginCallMessage {
  const risk = engine.riskSettings()
  return {
    type: 'MARGIN_CALL',
    level: Math.floor(level * 100) / 100,
    margin_call_level: risk.marginCallLevel,
    stop_out_level: risk.stopOutLevel,
  }
}

/** MARGIN_CALL for an account in margin call now (a socket that signs in hears it at once), else undefined. */
function currentMarginCall(engine: TradingEngine, userId: number): MarginCallMessage | undefined {
  const view = engine.accountView(userId)
  if (!view || !engine.isMarginCalled(userId) || !Number.isFinite(view.marginLevel)) return undefined
  return marginCallMessage(engine, view.marginLevel)
}

/**
 * What a socket hears as it signs in: its account (FOREX_TRADE) when it has live orders, as the
 * pushes carry it, rather than at the next push (a second, or a few on a gateway: realtime/relay.ts);
 * and MARGIN_CALL if the account is in margin call now.
 */
export function signInMessages(
  engine: TradingEngine,
  market: MarketData,
  userId: number,
  nowMs: number,
): [key: string, message: object][] {
  const messages: [string, object][] = []
  const view = engine.accountView(userId)
  if (view && engine.ordersOf(userId).length > 0)
    messages.push(['FOREX_TRADE', forexTradeMessage(view, engine, market, nowMs)])
  const warning = currentMarginCall(engine, userId)
  if (warning) messages.push(['MARGIN_CALL', warning])
  return messages
}

/** Who has a signed-in socket: their accounts are pushed every second. */
export interface AccountWatchers {
  watched(): Iterable<number>
  isWatched(userId: number): boolean
}

/** The signed-in sockets of this process. */
export function socketsHere(topics: TopicHub): AccountWatchers {
  return {
    *watched() {
      for (const topic of topics.topicsStartingWith(USER_TOPIC_PREFIX))
        yield Number(topic.slice(USER_TOPIC_PREFIX.length))
    },
    isWatched: (userId) => topics.subscriberCount(userTopic(userId)) > 0,
  }
}

/**
 * Sends each owner their account: FOREX_TRADE at once after a committed change and about once a
 * second while they have live orders; FOREX_CLOSED whenever positions close (the owner's own closes
 * too: docs/wire.md); FOREX_EXPIRED when pending orders expire; PRICE_ALERT when an alert fires;
 * MARGIN_CALL when the margin level falls below the margin-call level.
 */
export function startAccountPush(
  desk: () => TradingDesk,
  market: MarketData,
  topics: TopicHub,
  nowMs: () => number,
  /** The users with a signed-in socket (here, or on a gateway process: realtime/relay.ts). */
  watchers: AccountWatchers = socketsHere(topics),
) {
  const pushTrade = (userId: number) => {
    const engine = desk().view
    const view = engine.accountView(userId)
    if (view)
      topics.publish(userTopic(userId), 'FOREX_TRADE', forexTradeMessage(view, engine, market, nowMs()))
  }
  const timer = setInterval(() => {
    for (const userId of watchers.watched()) if (desk().view.ordersOf(userId).length > 0) pushTrade(userId)
  }, ACCOUNT_PUSH_MS)
  timer.unref()

  return {
    /** The desk's `committed` hook. */
    committed(events: readonly EngineEvent[]) {
      const touched = new Set<number>()
      const closed = new Map<number, number[]>()
      const expired = new Map<number, number[]>()
      const note = (ids: Map<number, number[]>, userId: number, id: number) => {
        const list = ids.get(userId) ?? []
        list.push(id)
        ids.set(userId, list)
      }
      for (const event of events) {
        const userId = eventOwner(event)
        touched.add(userId)
        if (event.type === 'position_closed') note(closed, userId, event.order.id)
        if (event.type === 'order_cancelled' && event.reason === 'expired')
          note(expired, userId, event.order.id)
        if (event.type === 'alert_fired') {
          const code = market.instrument(event.alert.instrumentId)?.code ?? ''
          topics.publish(
            userTopic(userId),
            `PRICE_ALERT:${event.alert.id}`,
            alertMessage(event.alert, event, code),
          )
        }
        if (event.type === 'margin_call')
          topics.publish(userTopic(userId), 'MARGIN_CALL', marginCallMessage(desk().view, event.level))
      }
      for (const [userId, ids] of closed) {
        const message: ForexClosedMessage = { type: 'FOREX_CLOSED', id: ids }
        // Keyed by the ids: a slow socket keeps every closure, not only the latest.
        topics.publish(userTopic(userId), `FOREX_CLOSED:${ids.join(',')}`, message)
      }
      for (const [userId, ids] of expired) {
        const message: ForexExpiredMessage = { type: 'FOREX_EXPIRED', id: ids }
        topics.publish(userTopic(userId), `FOREX_EXPIRED:${ids.join(',')}`, message)
      }
      for (const userId of touched) if (watchers.isWatched(userId)) pushTrade(userId)
    },
    stop() {
      clearInterval(timer)
    },
  }
}
