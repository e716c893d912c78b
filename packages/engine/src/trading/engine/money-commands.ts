/** Money in and out of an account: deposits and adjustments, withdrawals frozen and paid, a demo reset. */
import { ClosedType, LedgerType, type LedgerTypeValue } from '@tp/contracts'
import { ZERO } from '../money.ts'
import { exitPrice, parseAmount } from '../order-rules.ts'
import type { CommandResult, EngineEvent } from '../types.ts'
import { canAfford, withdrawableOf } from './costs.ts'
import { book } from './ledger.ts'
import { cancelPending, closePosition } from './positions.ts'
import { setMarginCalled } from './risk.ts'
import { reject, type EngineState } from './state.ts'

/**
 * A deposit, withdrawal or staff adjustment. `amount` is a plain decimal string, not zero, with at
 * most six decimals ('price_invalid'). A debit may not take free margin below zero.
 */
export function adjustBalance(
  s: EngineState,
  userId: number,
  amount: string,
  type: LedgerTypeValue,
  ref: string,
): CommandResult {
  const account = s.accounts.get(userId)
  if (!account) return reject('account_not_found')
  const change = parseAmount(amount)
  if (!change || change.isZero()) return reject('price_invalid')
  if (change.isNegative() && !canAfford(s, account, undefined, change.negated()))
    return reject('balance_insufficient')
  const events: EngineEvent[] = []
  book(s, account, type, change, ref, events)
  return { ok: true, events }
}

/**
 * Moves money between the balance and the frozen balance: 'freeze' (a withdrawal request: only what
 * can be withdrawn, so money that holds positions cannot leave; 'withdraw_above_available' with that
 * figure otherwise), 'release' (a withdrawal rejected) or 'pay_out' (a withdrawal paid).
 * Example: moveFrozen(s, 7, '100.00', 'withdrawal:12', 'freeze').
 */
export function moveFrozen(
  s: EngineState,
  userId: number,
  amount: string,
  ref: string,
  move: 'freeze' | 'release' | 'pay_out',
): CommandResult {
  const account = s.accounts.get(userId)
  if (!account) return reject('account_not_found')
  const value = parseAmount(amount)
  if (!value || !value.greaterThan(0)) return reject('price_invalid')
  if (move === 'freeze' && !canAfford(s, account, undefined, value))
    return reject('withdraw_above_available', { amount: withdrawableOf(s, account).toFixed(2) })
  if (move !== 'freeze' && account.frozen.lessThan(value)) return reject('balance_insufficient')
  const events: EngineEvent[] = []
  if (move === 'freeze') book(s, account, LedgerType.FREEZE, value.negated(), ref, events, value)
  else if (move === 'release') book(s, account, LedgerType.UNFREEZE, value, ref, events, value.negated())
  else book(s, account, LedgerType.WITHDRAWAL, ZERO, ref, events, value.negated())
  return { ok: true, events }
}

/**
 * Sets an account's balance to `balance` (a demo reset): pending orders are cancelled and
 * positions closed at live prices, then one booking of `type` makes up the difference. Refused
 * ('market_closed', 'quote_stale') while any position's market is not live: nothing closes at a
 * stale price. `balance` is a plain decimal string, zero or more, at most six decimals.
 */
export function resetAccount(
  s: EngineState,
  userId: number,
  balance: string,
  type: LedgerTypeValue,
  nowMs: number,
): CommandResult {
  const account = s.accounts.get(userId)
  if (!account) return reject('account_not_found')
  const target = parseAmount(balance)
  if (!target || target.isNegative()) return reject('price_invalid')
  const closes = []
  for (const id of account.holding) {
    const order = s.order(id)
    const live = s.liveQuote(order.instrumentId, nowMs, order.userId)
    if (typeof live === 'string') return reject(live)
    closes.push({ order, price: exitPrice(order.side, live) })
  }
  const events: EngineEvent[] = []
  for (const id of [...account.pending]) cancelPending(s, s.order(id), 'reset', nowMs, events)
  for (const { order, price } of closes) closePosition(s, order, price, ClosedType.User, nowMs, events)
  const difference = target.minus(account.balance)
  if (!difference.isZero()) book(s, account, type, difference, `reset:${nowMs}`, events)
  setMarginCalled(s, account, false, Infinity, events)
  return { ok: true, events }
}
