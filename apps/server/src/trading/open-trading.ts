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
  let push: ReturnType<typeof startAccountPush> | undefined
  const desk = await TradingDesk.open(db, () => market.instruments().map(termsOf), quotes, {
    committed: (events) => push?.committed(events),
    error: onError,
  })
  push = startAccountPush(() => desk, topics)
  return {
    desk,
    async stop() {
      push?.stop()
      await desk.settle()
    },
  }
}
