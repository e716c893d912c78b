import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import {
  AlertDirection,
  AlertStatus,
  type AlertStatusValue,
  type Instrument,
  type LanguageCode,
  type PriceAlertItem,
  type PriceAlertMessage,
} from '@tp/contracts'
import type { PriceAlert } from '@tp/engine'
import type { DbOrTx } from '../db/client.ts'
import { priceAlerts } from '../db/schema.ts'
import type { MarketData } from '../market/market-data.ts'
import { wireTime } from './order-view.ts'

type AlertRow = typeof priceAlerts.$inferSelect

/** A user's alerts that were not removed, newest first, waiting or fired ones only when asked. */
export async function alertPage(
  db: DbOrTx,
  userId: number,
  status: AlertStatusValue | undefined,
  offset: number,
  limit: number,
) {
  const where = and(
    eq(priceAlerts.userId, userId),
    isNull(priceAlerts.removedAt),
    status === AlertStatus.Active ? isNull(priceAlerts.firedAt) : undefined,
    status === AlertStatus.Fired ? isNotNull(priceAlerts.firedAt) : undefined,
  )
  const rows = await db
    .select()
    .from(priceAlerts)
    .where(where)
    .orderBy(desc(priceAlerts.id))
    .offset(offset)
    .limit(limit)
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(priceAlerts)
    .where(where)
  return { rows, total: count?.total ?? 0 }
}

/** An alert as `alert/list` shows it, with its instrument in `lang`. */
export function alertItem(
  row: AlertRow,
  market: MarketData,
  nowMs: number,
  lang?: LanguageCode,
): PriceAlertItem {
  const def = market.instrument(row.instrumentId)
  return {
    Id: row.id,
    ForexId: row.instrumentId,
    Direction: row.above ? AlertDirection.Above : AlertDirection.Below,
    Price: Number(row.price),
    Status: row.firedAt ? AlertStatus.Fired : AlertStatus.Active,
    CreateTimeHandler: wireTime(row.createdAt.getTime()),
    FireTimeHandler: wireTime(row.firedAt?.getTime() ?? 0),
    FiredPrice: row.firedBid === null ? 0 : Number(row.firedBid),
    ForexTradeLists: (def && market.view(def, nowMs, lang)) as Instrument,
  }
}

/** The PRICE_ALERT message of an alert that fired at a quote. */
export function alertMessage(
  alert: PriceAlert,
  quote: { bid: number; ask: number; timeMs: number },
  code: string,
): PriceAlertMessage {
  return {
    type: 'PRICE_ALERT',
    id: alert.id,
    forex_id: alert.instrumentId,
    code,
    direction: alert.above ? AlertDirection.Above : AlertDirection.Below,
    price: alert.price,
    bid: quote.bid,
    ask: quote.ask,
    time: quote.timeMs,
  }
}
