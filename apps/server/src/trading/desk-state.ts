import { ne } from 'drizzle-orm'
import { DEFAULT_CLIENT_GROUP } from '@tp/contracts'
import {
  TradingEngine,
  type GroupMarkup,
  type InstrumentTerms,
  type Quote,
  type RiskSettings,
} from '@tp/engine'
import type { Db, DbOrTx } from '../db/client.ts'
import { groupMarkups, ORDER_ID_BLOCK, users } from '../db/schema.ts'
import { loadInstruments, type InstrumentDef } from '../market/catalogue.ts'
import { getSettings } from '../settings/settings.ts'
import { loadLiveState, reserveOrderIds } from './live-state.ts'
import { copySettings } from '../copying/copy-settings.ts'

/** What the engine needs of an instrument of the catalogue. */
export const termsOf = (def: InstrumentDef): InstrumentTerms => ({
  id: def.id,
  code: def.code,
  precision: def.precision,
  lotStep: def.lotStep,
  minLots: def.minLots,
  maxLots: def.maxLots,
  contractSize: def.contractSize,
  marginMode: def.marginMode,
  feeRate: def.feeRate,
  leverage: def.leverage.map((o) => o.Value),
  quoteCurrency: def.quoteCurrency,
  calendar: def.calendar,
  swap: def.swap,
  stopsLevel: def.stopsLevel,
  freezeLevel: def.freezeLevel,
  maxNetLots: def.maxNetLots,
  maxAccountLots: def.maxAccountLots,
  enabled: def.enabled,
})

/**
 * The whole catalogue the engine trades from, disabled instruments included: a position on an
 * instrument staff disabled must still be restored (and closable), never stop the server starting.
 */
export async function loadTradingTerms(db: DbOrTx): Promise<InstrumentTerms[]> {
  return (await loadInstruments(db, true)).map(termsOf)
}

export async function loadRisk(db: DbOrTx): Promise<RiskSettings> {
  const s = await getSettings(db, [
    'trade_fee_type',
    'margin_call_level',
    'stop_out_level',
    'max_quote_age_ms',
  ])
  return {
    feePerLot: s.trade_fee_type === '1',
    marginCallLevel: Number(s.margin_call_level),
    stopOutLevel: Number(s.stop_out_level),
    maxQuoteAgeMs: Number(s.max_quote_age_ms),
  }
}

/** Who is in which client group, and each group's markups: what the engine prices clients by (decision 052). */
export interface Pricing {
  /** Users outside the default group. */
  groups: Map<number, string>
  markups: GroupMarkup[]
}

/**
 * The client groups and markups as the database holds them. Reads every user outside the default
 * group: groups are the dealing desk's few special deals, and this runs on staff changes only.
 */
export async function loadPricing(db: DbOrTx): Promise<Pricing> {
  const moved = await db
    .select({ id: users.id, group: users.clientGroup })
    .from(users)
    .where(ne(users.clientGroup, DEFAULT_CLIENT_GROUP))
  const rows = await db.select().from(groupMarkups)
  return {
    groups: new Map(moved.map((u) => [u.id, u.group])),
    markups: rows.map((r) => ({ group: r.clientGroup, instrumentId: r.instrumentId, points: r.points })),
  }
}

/** Grants the engine order ids from the database until it has at least `needed`. */
export async function topUpOrderIds(db: DbOrTx, engine: TradingEngine, needed: number): Promise<void> {
  while (engine.orderIdsLeft() < needed) engine.grantOrderIds(await reserveOrderIds(db), ORDER_ID_BLOCK)
}

/**
 * A new engine holding exactly what the database holds: the catalogue, the risk settings, the last
 * quotes (primed, firing nothing), the accounts with live orders (balance and margin-call state) and
 * their live orders, and a fresh block of order ids.
 */
export async function rebuildEngine(db: Db, quotes: Map<number, Quote>): Promise<TradingEngine> {
  // One snapshot: a commit landing between the reads could leave a position the engine never sees.
  const [terms, risk, pricing, state, copying] = await db.transaction(
    async (tx) =>
      [
        await loadTradingTerms(tx),
        await loadRisk(tx),
        await loadPricing(tx),
        await loadLiveState(tx),
        await copySettings(tx),
      ] as const,
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  const engine = engineHolding(terms, risk, quotes, state, pricing)
  engine.setCopySettings(copying)
  await topUpOrderIds(db, engine, 1)
  return engine
}

/**
 * An engine holding `state` (as loadLiveState reads it), with `quotes` primed (firing nothing) and
 * the client groups' pricing set before any order is restored (an order is indexed at its client's price).
 */
export function engineHolding(
  terms: InstrumentTerms[],
  risk: RiskSettings,
  quotes: Map<number, Quote>,
  state: Awaited<ReturnType<typeof loadLiveState>>,
  pricing: Pricing = { groups: new Map(), markups: [] },
): TradingEngine {
  const engine = new TradingEngine(terms, risk)
  for (const [id, quote] of quotes) engine.primeQuote(id, quote)
  engine.setPricing(pricing.groups, pricing.markups)
  for (const account of state.balances)
    engine.addAccount(account.userId, account.balance, account.marginCalled, account.frozen, account.demo)
  // Follows before orders: a copy is listed under its running follow as it is restored.
  for (const running of state.follows) engine.restoreFollow(running)
  for (const order of state.orders) engine.restoreOrder(order)
  for (const alert of state.alerts) engine.restoreAlert(alert)
  return engine
}
