import { LedgerType } from '@tp/contracts'
import type { Db, Tx } from '../db/client.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { getSetting } from '../settings/settings.ts'
import type { DeskPort } from '../trading/desk.ts'
import { isUniqueViolation } from '../db/pg-errors.ts'
import { insertUser } from './users.ts'

/**
 * Creates the demo account of `demoId` and books its starting balance (the demo_starting_balance
 * setting) in one transaction: the booking goes through the trading desk, the one writer of the
 * ledger, like every deposit. `mark` adds the account's own marks in that transaction (a house
 * trader's). 'account_exists' when another request created it first; 'trading_unavailable' when the
 * desk takes no work now. Nothing is written unless all of it is.
 */
export async function createDemoAccount(
  deps: { db: Db; desk: DeskPort },
  demoId: string,
  now: Date,
  mark?: (tx: Tx, userId: number) => Promise<void>,
): Promise<Outcome<number>> {
  const startingBalance = await getSetting(deps.db, 'demo_starting_balance')
  const insert = async (tx: Tx) => {
    const user = await insertUser(
      tx,
      { email: null, mobile: null, areaId: null, passwordHash: null, isDemo: true, demoId, invitedBy: null },
      now,
    )
    await mark?.(tx, user.id)
    return user.id
  }
  if (!(Number(startingBalance) > 0)) {
    try {
      return accept(await deps.db.transaction(insert))
    } catch (error) {
      if (isUniqueViolation(error)) return refuse('account_exists')
      throw error
    }
  }
  let userId = 0
  const result = await deps.desk.openAccount({
    async prepare(tx) {
      try {
        userId = await insert(tx)
      } catch (error) {
        // Two first requests from one device raced; the other one created the account.
        if (isUniqueViolation(error)) return refuse('account_exists')
        throw error
      }
      return accept({ userId })
    },
    command: (engine, opened) =>
      engine.adjustBalance(opened.userId, startingBalance, LedgerType.DEMO_CREDIT, 'demo:create'),
  })
  if (result.ok) return accept(userId)
  return 'params' in result && result.params ? refuse(result.reason, result.params) : refuse(result.reason)
}
