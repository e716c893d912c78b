import { OrderStatus, type BalanceAnswer, type MyDealAnswer, type TransOrder } from '@tp/contracts/light'
import { onConsentRefusal } from '../../../common/legal/consent-refusal.ts'
import { api } from '../../../common/api-client.ts'
import type { SubmitParams } from '../lib/order-check.ts'

/**
 * Places an order. A refusal (market closed, not enough margin, a stop on the wrong side) comes
 * back as code 0 with a translated message, which the API client shows; the caller only sees it fail.
 * A requote (the price moved beyond the deviation) is not shown: the caller offers the new price.
 */
export function submitOrder(params: SubmitParams) {
  return api
    .getResult<{ id: number }>('/v1/api/forex/submit', {
      query: { ...params },
      loading: true,
      quietReasons: [REQUOTE],
    })
    .catch(onConsentRefusal)
}

/** The `reason` of a market order refused because the price moved beyond its deviation (decision 023). */
export const REQUOTE = 'requote'

/** The account's balance and free margin (the ticket shows the free margin left after the order). */
export function fetchBalance(signal?: AbortSignal): Promise<BalanceAnswer> {
  return api.get<BalanceAnswer>('/v1/api/main/wallet/getBalance', { silent: true, signal })
}

const PAGE_SIZE = 20
/** Pages looked through: the new order is the first of its list (newest first), so one is enough. */
const MAX_PAGES = 3

async function findIn(id: number, status: number | undefined): Promise<TransOrder | undefined> {
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await api.get<MyDealAnswer>('/v1/api/forex/my_deal', {
      query: { ...(status === undefined ? {} : { status }), page, limit: PAGE_SIZE },
      silent: true,
    })
    const found = answer.data.find((order) => order.Id === id)
    if (found) return found
    if (page * PAGE_SIZE >= answer.total || answer.data.length === 0) return undefined
  }
  return undefined
}

/**
 * The order just placed, as `my_deal` lists it (the submit answer carries its id only, docs/wire.md):
 * under Holding (a market order) or Pending, else among all orders (a position its stop closed at
 * once). Undefined when it cannot be read; the caller then shows no price rather than a guessed one.
 */
export async function fetchPlacedOrder(id: number, pending: boolean): Promise<TransOrder | undefined> {
  try {
    return (
      (await findIn(id, pending ? OrderStatus.Pending : OrderStatus.Holding)) ?? (await findIn(id, undefined))
    )
  } catch {
    return undefined
  }
}
