import type { RequoteData } from '@tp/contracts/light'
import { ApiError } from '../../../common/api-client.ts'
import { REQUOTE } from '../api/order-api.ts'
import type { SubmitParams } from '../lib/order-check.ts'

/** A requote as the user is asked about it: the price they saw (and sent) and the one on offer now. */
export interface RequoteOffer {
  seen: number
  price: number
}

/** The server's new price when `error` is a requote of a market order, else null. */
export function requoteOf(error: unknown): RequoteData | null {
  if (!(error instanceof ApiError) || error.reason !== REQUOTE) return null
  const data = (error.data ?? {}) as Partial<RequoteData>
  if (!(typeof data.price === 'number' && data.price > 0)) return null
  return { price: data.price, bid: Number(data.bid), ask: Number(data.ask) }
}

/**
 * Sends an order; when the server requotes it (the price moved beyond the deviation), asks the user
 * whether to take the new price and, if so, sends the same order again with it as the price seen.
 * Each further requote asks again: the user, not a loop, decides every time the market moves. The
 * ticket, one-tap trading and quick buy/sell all send through here. Resolves null when the user
 * declined; rejects on any other refusal (which the API client has shown).
 */
export async function sendWithRequotes<T>(
  params: SubmitParams,
  send: (params: SubmitParams) => Promise<T>,
  accept: (offer: RequoteOffer) => Promise<boolean>,
): Promise<T | null> {
  let current = params
  for (;;) {
    try {
      return await send(current)
    } catch (error) {
      const requote = requoteOf(error)
      if (!requote) throw error
      if (!(await accept({ seen: current.price ?? requote.price, price: requote.price }))) return null
      current = { ...current, price: requote.price }
    }
  }
}
