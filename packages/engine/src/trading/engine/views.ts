/** Read-only views of the engine's state: marks, an account's figures, every account's totals. */
import { MarginMode, OrderStatus, Side } from '@tp/contracts'
import type { Money } from '../money.ts'
import { entryPrice, exitPrice } from '../order-rules.ts'
import type { Order } from '../types.ts'
import type { AccountView, PositionMark } from './commands.ts'
import type { EngineState } from './state.ts'

/**
 * Current mark (exit price, at the account's own quote), profit and margin in USD of a position
 * (zeros if it is not open).
 */
export function markOf(s: EngineState, order: Order): PositionMark {
  const houseQuote = s.quotes.get(order.instrumentId)
  const terms = s.instruments.get(order.instrumentId)
  const rate = terms && s.rates.mark(terms.quoteCurrency)
  if (!houseQuote || !terms || rate === undefined || order.status !== OrderStatus.Holding)
    return { mark: 0, profit: 0, margin: 0 }
  const quote = s.quoteFor(order.userId, order.instrumentId, houseQuote)
  const mark = exitPrice(order.side, quote)
  const units = order.lots.toNumber() * Number(order.contractSize)
  const diff = order.side === Side.Buy ? mark - order.price : order.price - mark
  const margin =
    order.marginMode === MarginMode.Fixed
      ? order.margin.toNumber()
      : (units * entryPrice(order.side, quote) * rate) / order.leverage
  return { mark, profit: diff * units * rate, margin }
}

export function accountView(s: EngineState, userId: number): AccountView | undefined {
  const account = s.accounts.get(userId)
  if (!account) return undefined
  const positions = [...account.holding].map((id) => ({ id, ...markOf(s, s.order(id)) }))
  const profit = s.exposures.profitOf(account)
  const balance = account.balance.toNumber()
  const usedMargin = s.exposures.marginOf(account)
  const equity = balance + profit
  return {
    userId,
    balance,
    equity,
    usedMargin,
    freeMargin: equity - usedMargin,
    marginLevel: usedMargin > 0 ? (equity / usedMargin) * 100 : Infinity,
    profit,
    positions,
  }
}

/** The live orders of an account, oldest first. */
export function ordersOf(s: EngineState, userId: number): Order[] {
  const account = s.accounts.get(userId)
  if (!account) return []
  return [...account.pending, ...account.holding].sort((a, b) => a - b).map((id) => s.order(id))
}

/**
 * Every account's booked balance, margin used now (float), positions and margin-call state (for
 * invariants, audits and restarts).
 */
export function* accountTotals(s: EngineState): Generator<{
  userId: number
  balance: Money
  frozen: Money
  usedMargin: number
  positions: number
  marginCalled: boolean
  demo: boolean
}> {
  for (const a of s.accounts.values())
    yield {
      userId: a.userId,
      balance: a.balance,
      frozen: a.frozen,
      usedMargin: s.exposures.marginOf(a),
      positions: a.holding.size,
      marginCalled: s.exposures.isMarginCalled(a),
      demo: a.demo,
    }
}
