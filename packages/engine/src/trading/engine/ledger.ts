/** The engine's one way to change a balance: a ledger row, as an event the server books. */
import type { LedgerTypeValue } from '@tp/contracts'
import { ZERO, type Money } from '../money.ts'
import type { EngineEvent } from '../types.ts'
import { assert } from './assert.ts'
import type { Account, EngineState } from './state.ts'

/** One ledger row: `amount` onto the balance and `frozenAmount` onto the frozen balance. */
export function book(
  s: EngineState,
  account: Account,
  type: LedgerTypeValue,
  amount: Money,
  ref: string,
  events: EngineEvent[],
  frozenAmount: Money = ZERO,
): void {
  account.balance = account.balance.plus(amount)
  // Most rows move the balance alone: no decimal work for a frozen balance they leave as it is.
  if (!frozenAmount.isZero()) {
    account.frozen = account.frozen.plus(frozenAmount)
    assert(!account.frozen.isNegative(), `frozen balance of ${account.userId} below zero`)
  }
  s.exposures.setBalance(account, account.balance.toNumber())
  events.push({
    type: 'booked',
    booking: {
      userId: account.userId,
      type,
      amount,
      balanceAfter: account.balance,
      frozenAmount,
      frozenAfter: account.frozen,
      ref,
    },
  })
}
