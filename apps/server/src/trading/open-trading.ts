import type { EngineEvent } from '@tp/engine'
import type { Db } from '../db/client.ts'
import type { WriterLock } from '../db/writer-lock.ts'
import type { MarketData } from '../market/market-data.ts'
import type { TopicHub } from '../realtime/topic-hub.ts'
import { startAccountPush, type AccountWatchers } from './account-push.ts'
import { TradingDesk } from './desk.ts'
import { dropOldIdempotencyKeys } from './idempotency-keys.ts'

/** How often keys older than a day are deleted (they are ignored once a day old anyway). */
const KEY_CLEANUP_MS = 60 * 60 * 1000
/**
 * How often pending orders' expiries and the rollover are checked. An order is dead from its expiry
 * on (no fill, no change, no cancel): this only bounds how late its owner hears of it.
 */
export const CLOCK_CHECK_MS = 250

export interface TradingOptions {
  writer: WriterLock
  /** The server's clock (the test clock in tests): tick freshness and pushed marks are judged by it. */
  nowMs: () => number
  onError: (error: unknown, context: string) => void
  /** The writer lock is lost for good: the process must stop. */
  onFatal: (message: string) => void
  /**
   * How often the desk's clock runs (CLOCK_CHECK_MS by default); 0: never on a timer, the caller runs
   * `desk.onClock()` when it chooses (the simulation, whose every step must happen in its order).
   */
  clockCheckMs?: number
  /** Told of every commit of the desk (metrics). */
  observeCommit?: (commands: number, seconds: number) => void
  /** Whose accounts are pushed every second: this process's signed-in sockets unless given. */
  watchers?: AccountWatchers
  /** How long to try to take a lost writer lock back before stopping (see TradingDesk). */
  regainWriterMs?: number
  /** Told of every committed batch of events after the owners' pushes (hedging). */
  onCommitted?: (events: readonly EngineEvent[]) => void
  /** Told when the desk has rebuilt its engine from the database (hedging reads its positions again). */
  onRebuilt?: () => void
}

/** Brings trading up: the desk (engine rebuilt from the database) and the owners' socket pushes. */
export async function openTrading(db: Db, market: MarketData, topics: TopicHub, options: TradingOptions) {
  const quotes = () => market.lastQuotes()
  // The push needs the desk and the desk's hook needs the push: the hook finds it here once made.
  const late: { push?: ReturnType<typeof startAccountPush> } = {}
  const desk = await TradingDesk.open({
    db,
    lastQuotes: quotes,
    writer: options.writer,
    nowMs: options.nowMs,
    ...(options.regainWriterMs !== undefined && { regainWriterMs: options.regainWriterMs }),
    ...(options.observeCommit && { observeCommit: options.observeCommit }),
    hooks: {
      committed: (events) => {
        late.push?.committed(events)
        options.onCommitted?.(events)
      },
      error: options.onError,
      fatal: options.onFatal,
      ...(options.onRebuilt && { rebuilt: options.onRebuilt }),
    },
  })
  const push = startAccountPush(() => desk, market, topics, options.nowMs, options.watchers)
  late.push = push
  const cleanup = setInterval(() => {
    dropOldIdempotencyKeys(db).catch((error: unknown) =>
      options.onError(error, 'dropping old idempotency keys failed'),
    )
  }, KEY_CLEANUP_MS)
  cleanup.unref()
  const every = options.clockCheckMs ?? CLOCK_CHECK_MS
  const clock = every > 0 ? setInterval(() => desk.onClock(), every) : undefined
  clock?.unref()
  return {
    desk,
    async stop() {
      clearInterval(cleanup)
      clearInterval(clock)
      push.stop()
      await desk.settle()
    },
  }
}
