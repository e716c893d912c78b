import { Decimal } from 'decimal.js'
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { accounts, ledger } from '../db/schema.ts'

/*
 * Reads of the ledger. It has one writer: the trading desk's event writer (event-writer.ts), which
 * books every change of a balance, real or demo, from the engine's events.
 */

/** A user's ledger rows, newest first, optionally of some types only and booked in [from, to), with their count. */
export async function ledgerPage(
  db: DbOrTx,
  userId: number,
  offset: number,
  limit: number,
  types?: readonly number[],
  period?: { from: number; to: number },
) {
  const where = and(
    eq(ledger.userId, userId),
    types ? inArray(ledger.type, [...types]) : undefined,
    period ? gte(ledger.createdAt, new Date(period.from)) : undefined,
    period ? lt(ledger.createdAt, new Date(period.to)) : undefined,
  )
  const rows = await db
    .select()
    .from(ledger)
    .where(where)
    .orderBy(desc(ledger.id))
    .offset(offset)
    .limit(limit)
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(ledger)
    .where(where)
  return { rows, total: count?.total ?? 0 }
}

/**
 * The invariant of docs/architecture.md: an account's ledger sums to its balance, and its frozen column
 * to its frozen balance. For tests and audits.
 */
export async function ledgerMatchesBalance(db: DbOrTx, userId: number): Promise<boolean> {
  const [sum] = await db
    .select({
      total: sql<string>`coalesce(sum(${ledger.amount}), 0)`,
      frozen: sql<string>`coalesce(sum(${ledger.frozenAmount}), 0)`,
    })
    .from(ledger)
    .where(eq(ledger.userId, userId))
  const [account] = await db
    .select({ balance: accounts.balance, frozen: accounts.frozen })
    .from(accounts)
    .where(eq(accounts.userId, userId))
  return (
    account !== undefined &&
    sum !== undefined &&
    new Decimal(sum.total).equals(account.balance) &&
    new Decimal(sum.frozen).equals(account.frozen)
  )
}
