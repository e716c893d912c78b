import { z } from 'zod'
import { integer, oneOf, serialId } from './numbers.ts'
import { pageRequest, type TransOrder } from './trading.ts'
import type { DayQuotation } from './market.ts'

/**
 * Calls that existing clients of this API family make beyond docs/product.md (docs/wire.md "Calls
 * and fields the family's clients use"). The phone app uses `batch_Close_by_type` too; the rest are
 * served so that those clients work unchanged, with the server's own checks.
 */

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value)

/** `GET /v1/api/forex/deal`: an instrument's order ticket as the family's clients read it. */
export const dealRequest = z.object({ forex_id: serialId })

/** `GET /v1/api/forex/deal_all`: the account and its open positions on one instrument, paged. */
export const dealAllRequest = pageRequest.extend({ forex_id: serialId })

/**
 * `GET /v1/api/forex/batch_Close_by_type`: close every open position (`type` 0), every buy (1) or
 * every sell (2), on one instrument with `forex_id`; ours: `result` takes only those in profit or
 * at a loss (MT5's "close profitable" and "close losing").
 */
export const batchCloseRequest = z.object({
  type: z.preprocess(blankToUndefined, oneOf([0, 1, 2]).default(0)),
  forex_id: z.preprocess(blankToUndefined, serialId.optional()),
  result: z.preprocess(blankToUndefined, z.enum(['profitable', 'losing']).optional()),
})

/** `GET /api/account_log/forex`: the trading account's ledger, paged (`currency_id` is read and ignored). */
export const accountLogRequest = pageRequest.extend({
  currency_id: z.preprocess(blankToUndefined, integer({ min: 0, max: 2_147_483_647 }).optional()),
})

/** `deal`'s answer: lot limits, the balance as a number, and the caller's open orders there. */
export interface DealAnswer {
  /** The instrument's lots per order. uni-app blocks every order while `max` is 0. */
  forex_cont_limit: { min: number; max: number }
  /** The account's balance in USD, a number (the clients compute whole lots from it). */
  forex_user_balance: number
  /** The caller's open positions and pending orders on the instrument, newest first (at most 10). */
  my_transaction: TransOrder[]
  /** The last bid, or 0 before any quote. */
  last_price: number
  quotation: DayQuotation
  settle_currency_code: string
}

/** `deal_all`'s answer: the account's marks, the instrument's, and its open positions paged. */
export interface DealAllAnswer {
  balance: string
  /** Margin level in percent (equity / margin used x 100); null with no margin used. */
  hazard_rate: number | null
  profits_total: string
  caution_money_total: string
  origin_caution_money_total: string
  /** The same three for the asked instrument alone. */
  profits: string
  caution_money: string
  origin_caution_money: string
  order: { data: TransOrder[]; total: number; currency_page: number }
}

/**
 * `batch_Close_by_type`'s answer: the ids of the positions it closed, as the family answers; the
 * message says how many it left open (their market closed or its quote stale).
 */
export type BatchCloseAnswer = number[]

/** An account as `account/list` shows it: here one kind, the trading account, in USD. */
export interface AccountKind {
  id: number
  name: string
  account_code: 'forex_account'
  is_recharge: 1
  is_display: 1
  convert_usd: string
  convert_lock_usd: string
  accounts: {
    id: number
    currency_id: number
    balance: string
    lock_balance: string
    convert_usd: string
    currency_code: 'USD'
    sum_balance: string
    currency: { id: number; code: 'USD'; decimal: 2 }
  }[]
}

/** A ledger row as `account_log/forex` lists it. */
export interface AccountLogRecord {
  id: number
  currency_id: number
  type: number
  /** The type's name in the request's language. */
  type_name: string
  user_id: number
  before: string
  value: string
  after: string
  memo: string
  created_at: string
  currency: { id: number; code: 'USD' }
}
