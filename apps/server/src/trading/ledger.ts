import { Decimal } from 'decimal.js'
import type { LedgerTypeValue } from '@tp/contracts'
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../db/client.ts'
import { accounts, ledger } from '../db/schema.ts'

export { LedgerType, type LedgerTypeValue } from '@tp/contracts'

export interface Posting {
  userId: number
  type: LedgerTypeValue
  /** Signed USD amount, exact decimal string; at most 6 decimals (the column's scale). */
  amount: string
  /** What caused it: an order id, a deposit id, 'demo:create'. */
  ref: string
  memo?: string
}

/**
 * Changes one balance and writes its ledger row in the caller's transaction. The account row is
 * locked first, so concurrent postings to one account serialize. Returns the new balance.
 */
export async function post(tx: Tx, posting: Posting): Promise<string> {
  const amount = new Decimal(posting.amount)
  if (amount.decimalPlaces() > 6 || amount.isZero()) throw new Error(`ledger: bad amount ${posting.amount}`)
  const [account] = await tx
    .select({ balance: accounts.balance, frozen: accounts.frozen })
    .from(accounts)
    .where(eq(accounts.userId, posting.userId))
    .for('update')
  if (!account) throw new Error(`ledger: no account for user ${posting.userId}`)
  const balanceAfter = new Decimal(account.balance).plus(amount)
  if (balanceAfter.isNegative())
    throw new Error(`ledger: balance of user ${posting.userId} would go negative`)
  await tx
    .update(accounts)
    .set({ balance: balanceAfter.toFixed(6) })
    .where(eq(accounts.userId, posting.userId))
  await tx.insert(ledger).values({
    userId: posting.userId,
    type: posting.type,
    amount: amount.toFixed(6),
    balanceAfter: balanceAfter.toFixed(6),
    ref: posting.ref,
    memo: posting.memo ?? '',
    frozenAfter: account.frozen,
  })
  return balanceAfter.toFixed(6)
}

/**
 * The invariant of ARCHITECTURE.md: an account's ledger sums to its balance, and its frozen column
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
