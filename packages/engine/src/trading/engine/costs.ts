/** What an order costs and earns: margin, fee, profit, and whether an account can afford it. */
import { Decimal } from 'decimal.js'
import { MarginMode, Side, type SideValue } from '@tp/contracts'
import { ZERO, money, toCents, type Money } from '../money.ts'
import { openingFee } from '../../rules/margin.ts'
import type { BookPosition } from '../exposure-book.ts'
import type { InstrumentTerms, Order } from '../types.ts'
import { present } from './assert.ts'
import type { Account, EngineState } from './state.ts'

/** The fee of an order: per lot or on its margin (the risk settings say which), rounded up to a cent. */
export function feeFor(s: EngineState, terms: InstrumentTerms, lots: Money, margin: Money): Money {
  return openingFee(s.risk.feePerLot, lots, margin, terms.feeRate)
}

/** The part of a position the exposure book needs, on the terms it was opened under. */
export type PositionTerms = Pick<
  Order,
  'instrumentId' | 'side' | 'lots' | 'leverage' | 'contractSize' | 'marginMode'
>

/**
 * Whether the account can add `position` (if any) and pay `fee` with free margin left at zero or
 * above, at the marks of the moment: the margin it adds is what its account's hedged margin grows by.
 */
export function canAfford(
  s: EngineState,
  account: Account,
  position: PositionTerms | undefined,
  fee: Money,
): boolean {
  if (account.balance.lessThan(fee)) return false
  const added = position
    ? s.exposures.marginIncrease(account, position.instrumentId, {
        side: position.side,
        units: position.lots.toNumber() * Number(position.contractSize),
        leverage: position.leverage,
        fixed: position.marginMode === MarginMode.Fixed,
      })
    : 0
  return s.exposures.freeMargin(account) - fee.toNumber() - added >= -1e-9
}

/** What closing `lots` of a position at `price` earns, in USD cents (a loss is negative). */
export function profitAt(s: EngineState, order: Order, lots: Money, price: number): Money {
  const terms = s.terms(order.instrumentId)
  // A position only opens with a rate, and quotes are never forgotten: this is a broken invariant.
  const rate = present(
    s.rates.booked(terms.quoteCurrency),
    `no ${terms.quoteCurrency} rate for order ${order.id}`,
  )
  const diff = order.side === Side.Buy ? money(price).minus(order.price) : money(order.price).minus(price)
  return toCents(diff.times(lots).times(order.contractSize).times(rate))
}

/** A position as the exposure book holds it, on the terms it was opened under. */
export function positionOf(order: Order): BookPosition {
  return {
    side: order.side,
    units: order.lots.toNumber() * Number(order.contractSize),
    price: order.price,
    leverage: order.leverage,
    fixed: order.marginMode === MarginMode.Fixed,
  }
}

/** What an account can withdraw now: free margin within the balance, in cents, rounded down, >= 0. */
export function withdrawableOf(s: EngineState, account: Account): Money {
  const free = money(s.exposures.freeMargin(account).toFixed(8))
  const most = Decimal.min(account.balance, free).toDecimalPlaces(2, Decimal.ROUND_DOWN)
  return most.isNegative() ? ZERO : most
}

/** The lots an account holds (and, with `withPending`, waits to open) on one side of an instrument. */
export function sideLots(
  s: EngineState,
  account: Account,
  instrumentId: number,
  side: SideValue,
  withPending = true,
): Money {
  let lots = ZERO
  for (const ids of withPending ? [account.holding, account.pending] : [account.holding])
    for (const id of ids) {
      const order = s.order(id)
      if (order.instrumentId === instrumentId && order.side === side) lots = lots.plus(order.lots)
    }
  return lots
}

/** The other side: a buy's is sell. */
export const opposite = (side: SideValue): SideValue => (side === Side.Buy ? Side.Sell : Side.Buy)
