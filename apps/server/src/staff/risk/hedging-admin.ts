import type {
  AdminHedgeNet,
  AdminHedgeOrder,
  AdminHedgeRule,
  AdminHedging,
  HedgeModeName,
  HedgeRuleRequest,
} from '@tp/contracts'
import { money, toPoints, ZERO, type Money } from '@tp/engine'
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { audit, type Actor } from '../../audit/audit.ts'
import type { Db } from '../../db/client.ts'
import { hedgeFills, hedgeOrders, hedgeRules, users } from '../../db/schema.ts'
import { accept, refuse, type Outcome } from '../../outcome/outcome.ts'
import { listGroupMarkups } from './group-markups-admin.ts'

/** The hedge orders the view lists, newest first. */
const LATEST_ORDERS = 50

export interface HedgingViewSources {
  enabled: boolean
  /** Real clients' net lots per instrument (buys less sells), the engine's. */
  clientNet(instrumentId: number): Money
  /** Every instrument the house has a position or a hedge in is among these. */
  instruments: readonly { id: number; code: string; precision: number }[]
  /** An instrument's spreads now in points: the providers' and the house's (null: no quote). */
  spreads(instrumentId: number): { raw: number | null; house: number | null }
}

/**
 * The back office's hedging view (issue 28, decision 051): the rules, the client groups, per
 * instrument the house's net, the hedge providers filled and what is left unhedged, the latest
 * hedge orders with their fills and slippage, and the client groups' markups (decision 052).
 */
export async function hedgingView(db: Db, sources: HedgingViewSources): Promise<AdminHedging> {
  const [rules, groups, hedged, latest] = await Promise.all([
    listHedgeRules(db),
    db
      .select({ group: users.clientGroup, clients: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.isDemo, false))
      .groupBy(users.clientGroup)
      .orderBy(users.clientGroup),
    db
      .select({
        instrumentId: hedgeOrders.instrumentId,
        lots: sql<string>`sum(${hedgeOrders.filledLots} * sign(${hedgeOrders.lots}))`,
      })
      .from(hedgeOrders)
      .groupBy(hedgeOrders.instrumentId),
    db.select().from(hedgeOrders).orderBy(desc(hedgeOrders.id)).limit(LATEST_ORDERS),
  ])
  const fills = latest.length
    ? await db
        .select()
        .from(hedgeFills)
        .where(
          inArray(
            hedgeFills.orderId,
            latest.map((o) => o.id),
          ),
        )
        .orderBy(hedgeFills.id)
    : []
  const byId = new Map(sources.instruments.map((i) => [i.id, i]))
  const hedgedBy = new Map(hedged.map((h) => [h.instrumentId, money(h.lots)]))
  const nets: AdminHedgeNet[] = []
  for (const instrument of sources.instruments) {
    const house = sources.clientNet(instrument.id).negated()
    const hedge = hedgedBy.get(instrument.id) ?? ZERO
    if (house.isZero() && hedge.isZero()) continue
    nets.push({
      instrument_id: instrument.id,
      code: instrument.code,
      house_lots: house.toFixed(),
      hedged_lots: hedge.toFixed(),
      unhedged_lots: house.plus(hedge).toFixed(),
    })
  }
  const orders = latest.map((row): AdminHedgeOrder => {
    const instrument = byId.get(row.instrumentId)
    const buy = Number(row.lots) > 0
    const filled = Number(row.filledLots) > 0
    const slippage =
      filled && instrument
        ? (buy ? 1 : -1) *
          (toPoints(Number(row.avgPrice), instrument.precision) -
            toPoints(Number(row.refPrice), instrument.precision))
        : null
    return {
      id: row.id,
      cl_ord_id: row.clOrdId,
      provider: row.provider,
      code: instrument?.code ?? String(row.instrumentId),
      mode: row.mode as AdminHedgeOrder['mode'],
      lots: money(row.lots).toFixed(),
      filled_lots: money(row.filledLots).toFixed(),
      ref_price: money(row.refPrice).toFixed(),
      avg_price: money(row.avgPrice).toFixed(),
      slippage_points: slippage,
      status: row.status as AdminHedgeOrder['status'],
      reason: row.reason,
      created_at: row.createdAt.toISOString(),
      fills: fills
        .filter((f) => f.orderId === row.id)
        .map((f) => ({
          exec_id: f.execId,
          lots: money(f.lots).toFixed(),
          price: money(f.price).toFixed(),
          at: f.createdAt.toISOString(),
        })),
    }
  })
  return {
    enabled: sources.enabled,
    rules,
    instruments: sources.instruments.map((i) => i.code),
    groups: groups.map((g) => ({ client_group: g.group, clients: g.clients })),
    nets,
    orders,
    markups: await listGroupMarkups(
      db,
      sources.instruments.map((i) => {
        const spreads = sources.spreads(i.id)
        return { id: i.id, code: i.code, rawSpread: spreads.raw, houseSpread: spreads.house }
      }),
    ),
  }
}

export async function listHedgeRules(db: Db): Promise<AdminHedgeRule[]> {
  const rows = await db.select().from(hedgeRules).orderBy(hedgeRules.id)
  return rows.map((row) => ({
    id: row.id,
    instrument: row.instrument,
    client_group: row.clientGroup,
    mode: row.mode as HedgeModeName,
    threshold_lots: money(row.thresholdLots).toFixed(),
    updated_at: row.updatedAt.toISOString(),
  }))
}

/** Saves the rule of an instrument and a group (either null: any), replacing the pair's rule if there is one. */
export async function saveHedgeRule(
  db: Db,
  actor: Actor,
  input: HedgeRuleRequest,
  knownInstrument: (code: string) => boolean,
): Promise<Outcome<AdminHedgeRule[]>> {
  if (input.instrument !== null && !knownInstrument(input.instrument))
    return refuse('invalid_input', { field: 'instrument' })
  const threshold = input.mode === 'hybrid' ? input.threshold_lots : '0'
  await db.transaction(async (tx) => {
    const scope = and(
      input.instrument === null ? isNull(hedgeRules.instrument) : eq(hedgeRules.instrument, input.instrument),
      input.client_group === null
        ? isNull(hedgeRules.clientGroup)
        : eq(hedgeRules.clientGroup, input.client_group),
    )
    const [before] = await tx.select().from(hedgeRules).where(scope).for('update')
    const after = { mode: input.mode, thresholdLots: threshold, updatedAt: new Date() }
    // A pair saved by two staff at once: the one that inserts second updates the first's row.
    const inserted = before
      ? []
      : await tx
          .insert(hedgeRules)
          .values({ instrument: input.instrument, clientGroup: input.client_group, ...after })
          .onConflictDoNothing()
          .returning({ id: hedgeRules.id })
    if (inserted.length === 0) await tx.update(hedgeRules).set(after).where(scope)
    await audit(tx, actor, {
      action: 'hedge_rule.save',
      target: `hedge_rule:${input.instrument ?? '*'}/${input.client_group ?? '*'}`,
      before: before ? { mode: before.mode, threshold_lots: before.thresholdLots } : null,
      after: { mode: input.mode, threshold_lots: threshold },
    })
  })
  return accept(await listHedgeRules(db))
}

export async function deleteHedgeRule(db: Db, actor: Actor, id: number): Promise<Outcome<AdminHedgeRule[]>> {
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx.delete(hedgeRules).where(eq(hedgeRules.id, id)).returning()
    if (!row) return false
    await audit(tx, actor, {
      action: 'hedge_rule.delete',
      target: `hedge_rule:${row.instrument ?? '*'}/${row.clientGroup ?? '*'}`,
      before: { mode: row.mode, threshold_lots: row.thresholdLots },
    })
    return true
  })
  if (!deleted) return refuse('invalid_input', { field: 'id' })
  return accept(await listHedgeRules(db))
}
