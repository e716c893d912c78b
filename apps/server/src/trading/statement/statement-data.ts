import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm'
import { Decimal } from 'decimal.js'
import { MAX_STATEMENT_ROWS, OrderStatus, Side, type HistoryTotals } from '@tp/contracts'
import { profitPips } from '@tp/engine/rules'
import type { DbOrTx } from '../../db/client.ts'
import { ledger, orders, users } from '../../db/schema.ts'
import type { MarketData } from '../../market/market-data.ts'
import { orderFromRow } from '../stored-orders.ts'
import { FINISHED_STATUSES, historyTotals } from './history-totals.ts'
import type { Period } from './period.ts'

/** One finished order as a statement lists it; money as booked (6 decimals), prices as quoted. */
export interface StatementTrade {
  id: number
  instrument: string
  side: 'buy' | 'sell'
  lots: string
  status: 'closed' | 'cancelled' | 'expired'
  placedAtMs: number
  openedAtMs: number
  closedAtMs: number
  openPrice: string
  closePrice: string
  /** Profit in pips (packages/engine/src/rules/pips.ts); '' for an order that never filled. */
  pips: string
  fee: string
  swap: string
  profit: string
}

/** One ledger row of the period. */
export interface StatementMovement {
  id: number
  atMs: number
  type: number
  amount: string
  balanceAfter: string
  memo: string
}

export interface Statement {
  uid: string
  demo: boolean
  period: Period
  totals: HistoryTotals
  trades: StatementTrade[]
  movements: StatementMovement[]
}

const STATUS_NAME = {
  [OrderStatus.Closed]: 'closed',
  [OrderStatus.Cancelled]: 'cancelled',
  [OrderStatus.Expired]: 'expired',
} as const

/** A price as quoted: the instrument's digits, or as stored when the instrument is gone. */
const priceText = (value: number, digits: number | undefined) =>
  value === 0 ? '' : digits === undefined ? String(value) : value.toFixed(digits)

/**
 * Everything a statement of `period` holds for `userId`, read only from that user's rows; 'too_large'
 * when the period has more than MAX_STATEMENT_ROWS trades or movements.
 */
export async function statementOf(
  db: DbOrTx,
  market: MarketData,
  userId: number,
  period: Period,
): Promise<Statement | 'too_large' | undefined> {
  const [user] = await db
    .select({ uid: users.uid, demo: users.isDemo })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) return undefined
  const ended = and(
    eq(orders.userId, userId),
    inArray(orders.status, FINISHED_STATUSES),
    gte(orders.closedAt, period.from),
    lt(orders.closedAt, period.to),
  )
  const inPeriod = and(
    eq(ledger.userId, userId),
    gte(ledger.createdAt, period.from),
    lt(ledger.createdAt, period.to),
  )
  // One row more than allowed tells that there are too many, without counting them all.
  const orderRows = await db
    .select()
    .from(orders)
    .where(ended)
    .orderBy(asc(orders.closedAt), asc(orders.id))
    .limit(MAX_STATEMENT_ROWS + 1)
  const ledgerRows = await db
    .select()
    .from(ledger)
    .where(inPeriod)
    .orderBy(asc(ledger.createdAt), asc(ledger.id))
    .limit(MAX_STATEMENT_ROWS + 1)
  if (orderRows.length > MAX_STATEMENT_ROWS || ledgerRows.length > MAX_STATEMENT_ROWS) return 'too_large'
  const trades = orderRows.map((row): StatementTrade => {
    const order = orderFromRow(row)
    const def = market.instrument(order.instrumentId)
    const digits = def?.precision
    const closed = order.status === OrderStatus.Closed
    return {
      id: order.id,
      instrument: def?.code ?? String(order.instrumentId),
      side: order.side === Side.Buy ? 'buy' : 'sell',
      lots: order.lots.toString(),
      status: STATUS_NAME[order.status as keyof typeof STATUS_NAME],
      placedAtMs: order.placedAtMs,
      openedAtMs: order.openedAtMs,
      closedAtMs: order.closedAtMs,
      openPrice: priceText(closed ? order.price : order.originPrice, digits),
      closePrice: closed ? priceText(order.closePrice, digits) : '',
      pips:
        closed && digits !== undefined ? profitPips(order.side, order.price, order.closePrice, digits) : '',
      // Signed as the ledger books it: a fee charged is negative, as in the totals.
      fee: order.fee.negated().toFixed(2),
      swap: order.swap.toFixed(2),
      profit: order.profit.toFixed(2),
    }
  })
  const movements = ledgerRows.map((row): StatementMovement => ({
    id: row.id,
    atMs: row.createdAt.getTime(),
    type: row.type,
    amount: new Decimal(row.amount).toFixed(2),
    balanceAfter: new Decimal(row.balanceAfter).toFixed(2),
    memo: row.memo,
  }))
  const totals = await historyTotals(db, userId, period)
  return { uid: user.uid, demo: user.demo, period, totals, trades, movements }
}

/** The totals' rows as both statements write them, label and amount, in the ledger's order of kinds. */
export function totalRows(totals: HistoryTotals, t: (key: string) => string): [string, string][] {
  return [
    [t('profit'), totals.profit],
    [t('fees'), totals.fees],
    [t('swaps'), totals.swaps],
    [t('deposits'), totals.deposits],
    [t('withdrawals'), totals.withdrawals],
    [t('other'), totals.other],
    [t('net'), totals.net],
  ]
}
