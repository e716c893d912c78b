import type { BalanceAnswer, CloseByAnswer, DealAllAnswer, MyDealAnswer } from '@tp/contracts/light'
import type { ExpiryParams } from './expiry.ts'
import { api } from '../api-client.ts'

/** The tabs of /order: `my_deal` status 1 holding, 0 pending, 3 history (closed positions; 4 would list the cancelled orders). */
export const DEAL_TABS = [1, 0, 3] as const
export type DealTab = (typeof DEAL_TABS)[number]

/** Orders per page: a phone screen shows about six rows, so two screens per request. */
export const DEALS_PAGE_SIZE = 15

export const DEALS_QUERY = 'deals'
export const BALANCE_QUERY = 'account-balance'

/** One page of a tab; History lists every finished order: closed, cancelled and expired. */
export function fetchDeals(status: DealTab, page: number, signal?: AbortSignal): Promise<MyDealAnswer> {
  const which = status === 3 ? { finished: 1 } : { status }
  return api.get<MyDealAnswer>('/v1/api/forex/my_deal', {
    query: { ...which, page, limit: DEALS_PAGE_SIZE },
    silent: true,
    signal,
  })
}

export function fetchBalance(signal?: AbortSignal): Promise<BalanceAnswer> {
  return api.get<BalanceAnswer>('/v1/api/main/wallet/getBalance', { silent: true, signal })
}

/** Closes a position at the market price, whole or `lots` of it; the answer's message is the success toast. */
export function closePosition(id: number, lots?: string) {
  const query = lots === undefined ? { id } : { id, cont: lots }
  return api.getResult<null>('/v1/api/forex/close', { query, loading: true })
}

/** The most positions of one instrument the close-by list loads (`deal_all` pages at most 100). */
export const POSITIONS_OF_LIMIT = 100

/** The open positions of one instrument (`deal_all`), newest first: the close-by list picks from them. */
export function fetchPositionsOf(instrumentId: number, signal?: AbortSignal) {
  return api.get<DealAllAnswer>('/v1/api/forex/deal_all', {
    query: { forex_id: instrumentId, page: 1, limit: POSITIONS_OF_LIMIT },
    silent: true,
    signal,
  })
}

/**
 * Closes position `id` by the opposite position `byId` of the same instrument (MT5's close by): the
 * smaller lots close on both at the open prices, the larger keeps the rest.
 */
export function closePositionBy(id: number, byId: number) {
  return api.getResult<CloseByAnswer>('/v1/api/forex/close_by', { query: { id, by_id: byId }, loading: true })
}

/** Which open positions "close all" takes: every one, or only those in profit or at a loss. */
export type CloseAllChoice = 'all' | 'profitable' | 'losing'

/**
 * Closes every open position the choice takes, each at its own market's price, in one command
 * (`batch_Close_by_type`); the answer's message says how many closed and how many could not.
 */
export function closeAllPositions(choice: CloseAllChoice) {
  const query = choice === 'all' ? { type: 0 } : { type: 0, result: choice }
  return api.getResult<number[]>('/v1/api/forex/batch_Close_by_type', { query, loading: true })
}

export function cancelPending(id: number) {
  return api.getResult<null>('/v1/api/forex/cancel_trade', { query: { id }, loading: true })
}

/** New stop-loss and take-profit of a position; 0 removes one. */
export function saveStops(id: number, stopLoss: number, takeProfit: number) {
  return api.getResult<null>('/v1/api/forex/set_stop_price', {
    query: { id, stop_loss_price: stopLoss, target_profit_price: takeProfit },
    loading: true,
  })
}

/** A pending order's new terms, as `modify_pending` takes them (0: no stop). */
export interface PendingTerms extends ExpiryParams {
  target_price: number
  stop_loss_price: number
  target_profit_price: number
}

/** Changes a pending order's price, stops and expiry; the answer's message is the success toast. */
export function modifyPending(id: number, terms: PendingTerms) {
  return api.getResult<null>('/v1/api/forex/modify_pending', { query: { id, ...terms }, loading: true })
}

/** A position's trailing stop in points; 0 removes it. */
export function saveTrailing(id: number, points: number) {
  return api.getResult<null>('/v1/api/forex/set_trailing_stop', { query: { id, points }, loading: true })
}
