import type { Quote } from '@tp/engine'
import type { Db } from '../db/client.ts'
import type { MarketData } from '../market/market-data.ts'
import type { TopicHub } from '../realtime/topic-hub.ts'
import { startAccountPush } from './account-push.ts'
import { TradingDesk, termsOf } from './desk.ts'

/** Brings trading up: the desk (engine rebuilt from the database) and the owners' socket pushes. */
export async function openTrading(
  db: Db,
  market: MarketData,
  topics: TopicHub,
  onError: (error: unknown, context: string) => void,
) {
  const quotes = () => {
    const map = new Map<number, Quote>()
    for (const def of market.instruments()) {
      const quote = market.lastQuote(def.id)
      if (quote) map.set(def.id, quote)
    }
    return map
  }
  // The push needs the desk and the desk's hook needs the push: the hook finds it here once made.
  const late: { push?: ReturnType<typeof startAccountPush> } = {}
  const desk = await TradingDesk.open(db, () => market.instruments().map(termsOf), quotes, {
    committed: (events) => late.push?.committed(events),
    error: onError,
  })
  const push = startAccountPush(() => desk, topics)
  late.push = push
  return {
    desk,
    async stop() {
      push.stop()
      await desk.settle()
    },
  }
}
