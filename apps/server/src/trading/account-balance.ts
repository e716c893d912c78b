import { eq } from 'drizzle-orm'
import { accounts } from '../db/schema.ts'
import type { DbOrTx } from '../db/client.ts'

/**
 * An account's booked balance and frozen balance as stored (exact text). The frozen balance (held for
 * withdrawals) is apart from the balance, so all of the balance is available.
 */
export async function accountBalance(
  db: DbOrTx,
  userId: number,
): Promise<{ balance: string; frozen: string; available: string }> {
  const [row] = await db
    .select({ balance: accounts.balance, frozen: accounts.frozen })
    .from(accounts)
    .where(eq(accounts.userId, userId))
  const balance = row?.balance ?? '0'
  return { balance, frozen: row?.frozen ?? '0', available: balance }
}
