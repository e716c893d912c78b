import { eq } from 'drizzle-orm'
import { OrderStatus, Side } from '@tp/contracts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import type { MarketData } from '../market/market-data.ts'
import { isUniqueViolation } from '../db/pg-errors.ts'
import { createDemoAccount } from '../users/demo-accounts.ts'
import type { TradingDesk } from '../trading/desk.ts'

/**
 * House demo traders (issue 10): a fresh install's ranking is not empty, and nothing in it is made
 * up. A few demo accounts, marked as demo (is_demo) and as the house's (is_house), trade small
 * positions through the trading desk exactly as a user's order goes: the engine fills them at the
 * live quote, charges the fee and books the profit or loss. A refused order (market closed, quote
 * stale, not enough margin) is simply skipped.
 */

export const HOUSE_TRADERS = [
  { demoId: 'house:1', nickname: 'House Demo A' },
  { demoId: 'house:2', nickname: 'House Demo B' },
  { demoId: 'house:3', nickname: 'House Demo C' },
] as const
// The demo ids hold a colon, which no device identifier may (demoRequest: [A-Za-z0-9_-]): nobody can
// sign in as a house trader through createAccountDemoForU.

/** Between two rounds of decisions: a few minutes, so the ranking moves without flooding the desk. */
export const HOUSE_ROUND_MS = 3 * 60_000
/** A position held longer than this is closed at the next round whatever the dice say. */
const MAX_HOLD_MS = 60 * 60_000
/** Quotes older than this are not traded on (the desk would refuse them as stale anyway). */
const FRESH_QUOTE_MS = 30_000
/** Chances per round: close a held position, open one when flat. */
const CLOSE_CHANCE = 0.4
const OPEN_CHANCE = 0.6

/** Creates the house traders that do not exist yet (funded like any demo account); returns their ids. */
export async function ensureHouseTraders(deps: { db: Db; desk: TradingDesk }, now: Date): Promise<number[]> {
  const ids: number[] = []
  for (const house of HOUSE_TRADERS) {
    const [existing] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.demoId, house.demoId))
    ids.push(existing?.id ?? (await createHouseTrader(deps, house, now)))
  }
  return ids
}

async function createHouseTrader(
  deps: { db: Db; desk: TradingDesk },
  house: (typeof HOUSE_TRADERS)[number],
  now: Date,
): Promise<number> {
  const created = await createDemoAccount(deps, house.demoId, now, async (tx, userId) => {
    await tx.update(users).set({ isHouse: true, rankVisible: true }).where(eq(users.id, userId))
  })
  if (created.ok) {
    await nameHouseTrader(deps.db, created.value, house.nickname)
    return created.value
  }
  // Two servers starting at once: the other one created it.
  const [winner] = await deps.db.select({ id: users.id }).from(users).where(eq(users.demoId, house.demoId))
  if (!winner) throw new Error(`house trader ${house.demoId} not created: ${created.reason}`)
  return winner.id
}

/** Names a house trader; if a user already took the name, the house one gets a numbered variant. */
async function nameHouseTrader(db: Db, userId: number, nickname: string): Promise<void> {
  for (const candidate of [nickname, `${nickname} ${userId}`]) {
    try {
      await db.update(users).set({ nickname: candidate }).where(eq(users.id, userId))
      return
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
  }
}

export interface HouseTraderDeps {
  desk: TradingDesk
  market: MarketData
  clock: () => number
  /** Dice in [0, 1); tests pass their own. */
  random?: () => number
}

/**
 * One round for one house trader: close the oldest held position (by chance, or when held too
 * long), else maybe open a small one on a random instrument that is open and freshly quoted, at the
 * smallest lot size and the lowest leverage above 1x that it offers.
 */
export async function houseRound(
  deps: HouseTraderDeps,
  userId: number,
): Promise<'closed' | 'opened' | 'idle'> {
  const random = deps.random ?? Math.random
  const now = deps.clock()
  const held = deps.desk.view.ordersOf(userId).filter((o) => o.status === OrderStatus.Holding)
  const oldest = held[0]
  if (oldest) {
    if (now - oldest.openedAtMs < MAX_HOLD_MS && random() >= CLOSE_CHANCE) return 'idle'
    const result = await deps.desk.run(userId, { kind: 'close', orderId: oldest.id })
    return result.ok ? 'closed' : 'idle'
  }
  if (random() >= OPEN_CHANCE) return 'idle'
  const tradable = deps.market.instruments().filter((def) => {
    const quote = deps.market.lastQuote(def.id)
    return (
      def.enabled &&
      def.leverage.length > 0 &&
      deps.market.isOpen(def.id, now) &&
      quote !== undefined &&
      now - quote.timeMs <= FRESH_QUOTE_MS
    )
  })
  const def = tradable[Math.floor(random() * tradable.length)]
  if (!def) return 'idle'
  const values = def.leverage.map((option) => option.Value).sort((a, b) => a - b)
  const leverage = values.find((value) => value > 1) ?? (values[0] as number)
  const side = random() < 0.5 ? Side.Buy : Side.Sell
  const result = await deps.desk.run(userId, {
    kind: 'open',
    order: { instrumentId: def.id, side, lots: def.minLots, leverage, stopLoss: 0, takeProfit: 0 },
  })
  return result.ok ? 'opened' : 'idle'
}

export interface HouseTradersOptions extends HouseTraderDeps {
  db: Db
  roundMs?: number
  onError: (error: unknown, context: string) => void
}

/** Creates the house traders and lets each take a decision every round; `stop` waits for a round under way. */
export async function startHouseTraders(options: HouseTradersOptions) {
  const userIds = await ensureHouseTraders(options, new Date(options.clock()))
  let running: Promise<void> | undefined
  const round = async () => {
    for (const userId of userIds) {
      try {
        await houseRound(options, userId)
      } catch (error) {
        options.onError(error, `house trader ${userId}: a round failed`)
      }
    }
  }
  // The first round comes after one interval: a server started for a moment trades nothing.
  const timer = setInterval(() => {
    if (running) return
    running = round().finally(() => (running = undefined))
  }, options.roundMs ?? HOUSE_ROUND_MS)
  timer.unref()
  return {
    userIds,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
