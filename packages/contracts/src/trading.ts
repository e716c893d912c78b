import { z } from 'zod'
import type { Instrument } from './market.ts'
import { decimal, integer, oneOf, serialId } from './numbers.ts'
import { ExpiryType } from './expiry.ts'
import { checkRange, rangeFields } from './history-range.ts'
import {
  Side,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type SideValue,
  type OrderStatusValue,
  type ClosedTypeValue,
  type PendingTypeValue,
  type LedgerTypeValue,
} from './light/trading.ts'
export * from './light/trading.ts'

/** Trading on the wire (docs/wire.md "Order"). */

/** An order id (a PostgreSQL bigint, handed out by a sequence). */
const id = integer({ min: 1, max: Number.MAX_SAFE_INTEGER })
/** A price in a request: 0 (or empty) means none. */
const optionalPrice = z.preprocess(
  (value) => (value === '' || value === undefined || value === null ? 0 : value),
  decimal({ min: 0, max: Number.MAX_SAFE_INTEGER }),
)
/** Lots as typed: a decimal with at most 4 places, kept as text so it stays exact. */
export const lotsText = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,4})?$/)

/**
 * An idempotency key (the `Idempotency-Key` header or `client_order_id`): a retry with the same key
 * within a day gets the first answer back and places nothing.
 */
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/)

/** The `Idempotency-Key` header, when a client sends one (a repeated header is invalid input). */
export const idempotencyHeader = z.object({ 'idempotency-key': idempotencyKey.optional() })

/** Whether a submit is a market order: `status` 1, or none given. */
const isMarketSubmit = (query: unknown) => {
  const status = (query as { status?: unknown } | null)?.status
  return status === undefined || status === '' || status === '1' || status === 1
}

/** `expire_type` 0 good till cancelled (also when absent or empty), 1 today, 2 at `expire_time`. */
const expireType = z.preprocess(
  (value) => (value === '' || value === undefined ? ExpiryType.GoodTillCancelled : value),
  oneOf([ExpiryType.GoodTillCancelled, ExpiryType.Today, ExpiryType.Specified]),
)
/** `expire_time`: "YYYY-MM-DD HH:mm[:ss]" in UTC (checked by `expiryOf`); empty means none. */
const expireTime = z.preprocess((value) => (value === '' ? undefined : value), z.string().max(19).optional())

/**
 * `submit`: `status` 1 a market order, 0 a pending order at `target_price`, expiring as
 * `expire_type` and `expire_time` say. A market order ignores `target_price` whatever text it holds
 * (existing clients send their last input along), and the expiry.
 */
export const submitRequest = z.preprocess(
  (query) =>
    query && typeof query === 'object' && isMarketSubmit(query)
      ? { ...query, target_price: undefined }
      : query,
  z.object({
    forex_id: serialId,
    type: oneOf([Side.Buy, Side.Sell]),
    cont: lotsText,
    status: z.preprocess((value) => (value === '' || value === undefined ? 1 : value), oneOf([0, 1])),
    target_price: optionalPrice,
    stop_loss_price: optionalPrice,
    target_profit_price: optionalPrice,
    multiple: integer({ min: 1, max: 10_000 }),
    client_order_id: idempotencyKey.optional(),
    expire_type: expireType,
    expire_time: expireTime,
    /**
     * Price protection (ours) of a market order: the price the user saw (the ask for a buy, the bid
     * for a sell; 0 or empty: none) and the most points the fill may differ from it either way
     * (default 0). Beyond it the order is refused (`reason` requote) with the new price in `data`.
     */
    price: optionalPrice,
    deviation: z.preprocess(
      (value) => (value === '' ? undefined : value),
      integer({ min: 0, max: 1_000_000 }).optional(),
    ),
  }),
)

/** `data` of a requote: the price the order would fill at now, and the quote it comes from. */
export interface RequoteData {
  price: number
  bid: number
  ask: number
}

/**
 * `GET /v1/api/forex/modify_pending`: a pending order's new price, stops and expiry, all of them as
 * `submit` takes them (a stop left out is none; an expiry left out is good till cancelled).
 */
export const modifyPendingRequest = z.object({
  id,
  target_price: decimal({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  stop_loss_price: optionalPrice,
  target_profit_price: optionalPrice,
  expire_type: expireType,
  expire_time: expireTime,
})

export const pageRequest = z.object({
  page: integer({ min: 1, max: 1_000_000 }).default(1),
  limit: integer({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
})

/**
 * `my_deal`: 0 pending, 1 holding, 3 closed, 4 cancelled, 5 expired; no status: every order of the
 * user. Ours: `finished=1` lists every finished order, closed, cancelled and expired (the History tab),
 * and `from`/`to` (Unix ms, [from, to), both or neither) only those that ended in that period: a
 * period is for finished lists only (with status 0 or 1 it is `invalid_input` on `from`).
 */
export const myDealRequest = pageRequest
  .extend({
    status: z.preprocess((value) => (value === '' ? undefined : value), oneOf([0, 1, 3, 4, 5]).optional()),
    finished: z.preprocess((value) => (value === '' ? undefined : value), oneOf([0, 1]).optional()),
    ...rangeFields,
  })
  .superRefine(checkRange(false))
  .superRefine((value, ctx) => {
    const live = value.finished !== 1 && (value.status === 0 || value.status === 1)
    if (live && value.from !== undefined)
      ctx.addIssue({ code: 'custom', message: 'invalid_input', path: ['from'] })
  })

/**
 * The ledger (`forexDetail`, `accountLog/forexChange`): a page, and optionally `from`/`to` (Unix
 * ms, [from, to), both or neither, as `my_deal`'s): only the rows booked in that period.
 */
export const ledgerRequest = pageRequest.extend(rangeFields).superRefine(checkRange(false))

export const orderIdRequest = z.object({ id })

/**
 * `GET /v1/api/forex/close`: the position, and optionally the lots to close (`cont`, as `submit`
 * names them): absent or empty closes it whole (issue 13, partial close).
 */
export const closeRequest = z.object({
  id,
  cont: z.preprocess((value) => (value === '' ? undefined : value), lotsText.optional()),
})

/**
 * `GET /v1/api/forex/close_by` (ours, MT5's "close by"): closes position `id` against the opposite
 * position `by_id` of the same instrument. The smaller lots close on both, the larger keeps the rest;
 * `id` closes at `by_id`'s open price and `by_id` at its own (docs/decisions/037-close-by.md).
 */
export const closeByRequest = z.object({ id, by_id: id })

/**
 * The answer of `close_by`: the lots closed on each side and the profit the two records booked
 * together, (sell's open - buy's open) x lots x contract size in USD, a 6-decimal string.
 */
export interface CloseByAnswer {
  lots: string
  profit: string
}

/** `GET /v1/api/forex/set_trailing_stop`: a position's trailing stop in whole points; 0 removes it. */
export const setTrailingRequest = z.object({
  id,
  points: integer({ min: 0, max: 10_000_000 }),
})

export const setStopRequest = z.object({
  id,
  stop_loss_price: optionalPrice,
  target_profit_price: optionalPrice,
})

/**
 * An order as `my_deal` lists it (docs/wire.md). Money is a decimal string with 6 places; prices are
 * numbers at the instrument's precision; times are "YYYY-MM-DD HH:mm:ss" in UTC ("" when not yet).
 */
export interface TransOrder {
  Id: number
  UserId: number
  ForexId: number
  OrderType: SideValue
  /** Lots. */
  Quantity: number
  /** Fill price; 0 while pending. */
  Price: number
  OriginPrice: number
  /** The current mark (holding), the close price (closed), 0 otherwise. */
  UpdatePrice: number
  Status: OrderStatusValue
  Multiple: number
  CautionMoney: string
  OriginCautionMoney: string
  /** Price profit alone, in USD: live for a holding order, booked for a closed one. */
  FactProfits: string
  TradeFee: string
  TargetProfitPrice: number
  TargetLossPrice: number
  ClosedType: ClosedTypeValue | 0
  /**
   * Ours: for a close by (`ClosedType` 6), the opposite position it was closed against (its id as
   * the user held it); 0 otherwise.
   */
  CloseById: number
  CreateTimeHandler: string
  CompleteTimeHandler: string
  /** The close time as text, as `CompleteTimeHandler` ("" while open): the family's clients read this name. */
  CompleteTime: string
  /** Units of the instrument in one lot (the instrument's `ForexContNum`), a number. */
  ForexContNum: number
  /** A pending order's expiry, as the other times; "" when good till cancelled. */
  ExpireTimeHandler: string
  /**
   * Ours: what kind of pending order it is (or was, once cancelled or expired), as MT5 names them
   * with the side: 1 limit (Buy Limit waits for the ask to fall to its price, Sell Limit for the bid
   * to rise), 2 stop (Buy Stop waits for the ask to rise, Sell Stop for the bid to fall); 0 for a
   * market order and every position.
   */
  PendingType: PendingTypeValue
  /** A position's trailing stop distance in points (10^-PricePrecision each); 0: none. */
  TrailingStop: number
  /** Overnight financing booked on the order so far, in USD (already in the balance); "0.000000" without. */
  Swap: string
  /**
   * Ours: a copy of a trader's position (decision 053): the follow it belongs to (`/api/follow/mine`
   * names its trader); 0 for one's own order.
   */
  FollowId: number
  ForexTradeLists: Instrument
}

export interface MyDealAnswer {
  data: TransOrder[]
  /** The number of records (not pages): paging ends when the loaded records reach it. */
  total: number
  /** The page size asked for (`limit`), beside `total`. */
  currency_page: number
  /** Sum of `FactProfits` over every order of the asked status (not only this page). */
  all_fact_profits: string
  balance: string
}

/** `getBalance`: the balance (2 decimals) and, ours, the account's marks. */
export interface BalanceAnswer {
  balance: string
  lock_balance: string
  equity: string
  /** Margin used. */
  margin: string
  free_margin: string
  /** Percent, or null with no margin used. */
  margin_level: number | null
  profit: string
  /**
   * Ours (issue 22): what can be withdrawn now, USD with 2 decimals: free margin within the balance,
   * min(balance, free margin), never below 0. The withdraw screen shows this, not `balance`.
   */
  withdrawable: string
}

/** `FOREX_TRADE` to the signed-in owner, about once a second and at once after a change. */
export interface ForexTradeMessage {
  type: 'FOREX_TRADE'
  /** Margin level in percent; null with no positions. */
  HazardRate: number | null
  /** Margin used now: revalued at current prices, hedged positions holding their larger side. */
  CautionMoneyAll: string
  /** Total live profit of open positions. */
  ProfitsTotal: string
  /** The sum of the positions' margins at open. */
  OriginCautionMoneyTotal: string
  /** Each open position as a whole order, newest first, as `my_deal` lists it. */
  TransOrder: TransOrder[]
  /** Ours: balance and equity, so a screen needs no extra call. */
  Balance: string
  Equity: string
}

/** `FOREX_CLOSED`: positions that closed, whatever closed them (the owner, stops, stop-out, staff). */
export interface ForexClosedMessage {
  type: 'FOREX_CLOSED'
  id: number[]
}

/** `FOREX_EXPIRED`: pending orders of the owner that expired (status 5). */
export interface ForexExpiredMessage {
  type: 'FOREX_EXPIRED'
  id: number[]
}

/** A ledger row of `forexDetail`. */
export interface LedgerRecord {
  Id: number
  /** Signed amount, 6 decimals. */
  Value: string
  /**
   * Ours: the signed change of the frozen balance, 6 decimals: a withdrawal's hold (+), its release
   * or payment (-); "0.000000" for every other row.
   */
  Frozen: string
  Type: LedgerTypeValue
  /** Staff's text (shown for type 10). */
  Memo: string
  /** The type's name in the request's language. */
  MemoTran: string
  BalanceAfter: string
  CreatedAtTran: string
}

export interface LedgerPage {
  list: LedgerRecord[]
  total: number
}
