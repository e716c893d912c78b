import { Decimal } from 'decimal.js'
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { LedgerType, OrderStatus, type HistoryTotals, type LedgerTypeValue } from '@tp/contracts'
import type { DbOrTx } from '../../db/client.ts'
import { ledger, orders } from '../../db/schema.ts'
import type { Period } from './period.ts'

/** Orders that ended: closed positions, and pending orders cancelled or expired before they filled. */
export const FINISHED_STATUSES = [OrderStatus.Closed, OrderStatus.Cancelled, OrderStatus.Expired]

/**
 * Which total each kind of ledger row adds to. A withdrawal leaves the balance when it is requested
 * (FREEZE, negative) and comes back if staff reject it (UNFREEZE); paying it out (WITHDRAWAL) moves
 * the frozen balance only, its amount is zero. Every type is in one total, so the totals add up to
 * the change of the balance (docs/decisions/038-account-statement.md).
 */
const TOTAL_OF: Record<
  LedgerTypeValue,
  keyof Omit<HistoryTotals, 'from' | 'to' | 'trades' | 'net' | `${string}_balance`>
> = {
  [LedgerType.TRADE_PROFIT]: 'profit',
  [LedgerType.TRADE_FEE]: 'fees',
  [LedgerType.SWAP]: 'swaps',
  [LedgerType.DEPOSIT]: 'deposits',
  [LedgerType.FREEZE]: 'withdrawals',
  [LedgerType.UNFREEZE]: 'withdrawals',
  [LedgerType.WITHDRAWAL]: 'withdrawals',
  [LedgerType.STAFF_ADJUSTMENT]: 'other',
  [LedgerType.WRITE_OFF]: 'other',
  [LedgerType.DEMO_CREDIT]: 'other',
  [LedgerType.DEMO_RESET]: 'other',
  // Copy trading's profit share (decision 053): paid to, or earned from, another client.
  [LedgerType.PROFIT_SHARE]: 'other',
}

/** Booked money is kept to six decimals; totals are shown, and compared, to the cent. */
const cents = (value: Decimal) => value.toFixed(2, Decimal.ROUND_HALF_EVEN)

/** The balance after the user's last ledger row before `at` ('0' with none): rows go in time, then id. */
async function balanceBefore(db: DbOrTx, userId: number, at: Date): Promise<Decimal> {
  const [row] = await db
    .select({ balance: ledger.balanceAfter })
    .from(ledger)
    .where(and(eq(ledger.userId, userId), lt(ledger.createdAt, at)))
    .orderBy(desc(ledger.createdAt), desc(ledger.id))
    .limit(1)
  return new Decimal(row?.balance ?? 0)
}

/**
 * The totals of one user's ledger in `period`, summed exactly in the database (numeric) and
 * rounded once, to the cent, for the answer. Only the user's own rows are read.
 */
export async function historyTotals(db: DbOrTx, userId: number, period: Period): Promise<HistoryTotals> {
  const inPeriod = and(
    eq(ledger.userId, userId),
    gte(ledger.createdAt, period.from),
    lt(ledger.createdAt, period.to),
  )
  const byType = await db
    .select({ type: ledger.type, amount: sql<string>`coalesce(sum(${ledger.amount}), 0)` })
    .from(ledger)
    .where(inPeriod)
    .groupBy(ledger.type)
  const sums = { profit: 0, fees: 0, swaps: 0, deposits: 0, withdrawals: 0, other: 0 }
  const totals = Object.fromEntries(Object.keys(sums).map((k) => [k, new Decimal(0)])) as Record<
    keyof typeof sums,
    Decimal
  >
  let net = new Decimal(0)
  for (const row of byType) {
    const total = TOTAL_OF[row.type as LedgerTypeValue] ?? 'other'
    totals[total] = totals[total].plus(row.amount)
    net = net.plus(row.amount)
  }
  const [finished] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, FINISHED_STATUSES),
        gte(orders.closedAt, period.from),
        lt(orders.closedAt, period.to),
      ),
    )
  const opening = await balanceBefore(db, userId, period.from)
  return {
    from: period.from.getTime(),
    to: period.to.getTime(),
    opening_balance: cents(opening),
    closing_balance: cents(opening.plus(net)),
    profit: cents(totals.profit),
    fees: cents(totals.fees),
    swaps: cents(totals.swaps),
    deposits: cents(totals.deposits),
    withdrawals: cents(totals.withdrawals),
    other: cents(totals.other),
    net: cents(net),
    trades: finished?.count ?? 0,
  }
}
