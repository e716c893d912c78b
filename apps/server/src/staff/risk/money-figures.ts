import { Decimal } from 'decimal.js'
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import { LedgerType } from '@tp/contracts'
import type { DbOrTx } from '../../db/client.ts'
import { ledger, users } from '../../db/schema.ts'

/** Today's money of real accounts (UTC day), USD as exact decimal strings. */
export interface TodayFigures {
  deposits: string
  withdrawals: string
  fees: string
  write_offs: string
  /** The clients' realized trading profit (price profit only): negative when clients lost. */
  client_profit: string
  /** Swaps booked to clients at today's rollovers: negative when clients paid. */
  swaps: string
  adjustments: string
  /** What trading earned the house today: fees, client losses and swaps paid, less write-offs. */
  house_result: string
}

export interface DailyResult {
  date: string
  house_result: string
}

const DAY_MS = 24 * 60 * 60 * 1000
const startOfUtcDay = (ms: number) => new Date(Math.floor(ms / DAY_MS) * DAY_MS)
/** Ledger types through which trading moves a client's balance: the house is the other side. */
const TRADING_TYPES = [LedgerType.TRADE_FEE, LedgerType.TRADE_PROFIT, LedgerType.WRITE_OFF, LedgerType.SWAP]

/** Sums of today's ledger rows of real accounts by type. */
export async function todayFigures(db: DbOrTx, now: Date): Promise<TodayFigures> {
  const rows = await db
    .select({
      type: ledger.type,
      amount: sql<string>`coalesce(sum(${ledger.amount}), 0)`,
      frozen: sql<string>`coalesce(sum(${ledger.frozenAmount}), 0)`,
    })
    .from(ledger)
    .innerJoin(users, eq(users.id, ledger.userId))
    .where(and(eq(users.isDemo, false), gte(ledger.createdAt, startOfUtcDay(now.getTime()))))
    .groupBy(ledger.type)
  const sum = (type: number, column: 'amount' | 'frozen' = 'amount') =>
    new Decimal(rows.find((r) => r.type === type)?.[column] ?? 0)
  const trading = TRADING_TYPES.reduce((total, type) => total.plus(sum(type)), new Decimal(0))
  return {
    deposits: sum(LedgerType.DEPOSIT).toFixed(2),
    // A payout leaves the frozen balance: its size is the frozen change, negative.
    withdrawals: sum(LedgerType.WITHDRAWAL, 'frozen').negated().toFixed(2),
    fees: sum(LedgerType.TRADE_FEE).negated().toFixed(2),
    write_offs: sum(LedgerType.WRITE_OFF).toFixed(2),
    client_profit: sum(LedgerType.TRADE_PROFIT).toFixed(2),
    swaps: sum(LedgerType.SWAP).toFixed(2),
    adjustments: sum(LedgerType.STAFF_ADJUSTMENT).toFixed(2),
    house_result: trading.negated().toFixed(2),
  }
}

/** The house's trading result of real accounts per UTC day, the last `days` days, oldest first. */
export async function dailyHouseResult(db: DbOrTx, now: Date, days = 30): Promise<DailyResult[]> {
  const from = startOfUtcDay(now.getTime() - (days - 1) * DAY_MS)
  const day = sql<string>`to_char(${ledger.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`
  const rows = await db
    .select({ day, amount: sql<string>`sum(${ledger.amount})` })
    .from(ledger)
    .innerJoin(users, eq(users.id, ledger.userId))
    .where(and(eq(users.isDemo, false), inArray(ledger.type, TRADING_TYPES), gte(ledger.createdAt, from)))
    .groupBy(day)
  const byDay = new Map(rows.map((r) => [r.day, r.amount]))
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10)
    return { date, house_result: new Decimal(byDay.get(date) ?? 0).negated().toFixed(2) }
  })
}
