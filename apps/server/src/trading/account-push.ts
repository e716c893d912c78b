import { ClosedType, type ForexClosedMessage } from '@tp/contracts'
import type { EngineEvent } from '@tp/engine'
import type { TopicHub } from '../realtime/topic-hub.ts'
import type { TradingDesk } from './desk.ts'
import { forexTradeMessage } from './order-view.ts'

/** The private topic of a signed-in user's sockets (the gateway subscribes them at login). */
export const userTopic = (userId: number) => `user:${userId}`
export const USER_TOPIC_PREFIX = 'user:'

/** How often an owner with live orders hears FOREX_TRADE without a change. */
export const ACCOUNT_PUSH_MS = 1000

const ownerOf = (event: EngineEvent): number =>
  event.type === 'booked'
    ? event.booking.userId
    : event.type === 'margin_call' || event.type === 'stop_out'
      ? event.userId
      : event.order.userId

/**
 * Sends each owner their account: FOREX_TRADE at once after a committed change and about once a
 * second while they have live orders; FOREX_CLOSED when positions closed without their request.
 */
export function startAccountPush(desk: () => TradingDesk, topics: TopicHub) {
  const pushTrade = (userId: number) => {
    const view = desk().view.accountView(userId)
    if (view) topics.publish(userTopic(userId), 'FOREX_TRADE', forexTradeMessage(view))
  }
  const timer = setInterval(() => {
    for (const topic of topics.topicsStartingWith(USER_TOPIC_PREFIX)) {
      const userId = Number(topic.slice(USER_TOPIC_PREFIX.length))
      if (desk().view.ordersOf(userId).length > 0) pushTrade(userId)
    }
  }, ACCOUNT_PUSH_MS)
  timer.unref()

  return {
    /** The desk's `committed` hook. */
    committed(events: readonly EngineEvent[]) {
      const touched = new Set<number>()
      const closed = new Map<number, number[]>()
      for (const event of events) {
        const userId = ownerOf(event)
        touched.add(userId)
        if (event.type === 'position_closed' && event.order.closedType !== ClosedType.User) {
          const ids = closed.get(userId) ?? []
          ids.push(event.order.id)
          closed.set(userId, ids)
        }
      }
      for (const [userId, ids] of closed) {
        const message: ForexClosedMessage = { type: 'FOREX_CLOSED', id: ids }
        // Keyed by the ids: a slow socket keeps every closure, not only the latest.
        topics.publish(userTopic(userId), `FOREX_CLOSED:${ids.join(',')}`, message)
      }
      for (const userId of touched) if (topics.subscriberCount(userTopic(userId)) > 0) pushTrade(userId)
    },
    stop() {
      clearInterval(timer)
    },
  }
}
