import { Side, type Instrument } from '@tp/contracts/light'
import { fetchPlacedOrder, submitOrder } from '../api/order-api.ts'
import type { SubmitParams } from '../lib/order-check.ts'
import type { PlacedOrder } from '../components/order-success.tsx'
import { sendWithRequotes, type RequoteOffer } from './requote.ts'
import { saveLastUsed } from './ticket-settings.ts'

/** The requote dialog, loaded when the first requote comes (most orders never meet one). */
const askRequote = async (offer: RequoteOffer, params: SubmitParams, instrument: Instrument) =>
  (await import('./requote-dialog.tsx')).askRequote(offer, params.type, instrument)

/**
 * Sends a checked order and reads it back for its fill price (the submit answer holds its id only):
 * what the success popup and the one-tap toast show. A requote asks the user to take the new price
 * (null: they did not). Remembers its lots and deviation for the next ticket and one-tap.
 * Rejects when the server refused it (its message has been shown by the API client).
 */
export async function placeOrder(params: SubmitParams, instrument: Instrument): Promise<PlacedOrder | null> {
  const result = await sendWithRequotes(params, submitOrder, (offer) => askRequote(offer, params, instrument))
  if (!result) return null
  const id = result.data.id
  saveLastUsed(instrument.Code, { lots: params.cont, deviation: params.deviation })
  const pending = params.status === 0
  const order = await fetchPlacedOrder(id, pending)
  // A market order's fill is its Price; a pending order has none yet, only the price it waits for.
  const price = order ? (pending ? order.OriginPrice : order.Price) : null
  return {
    id,
    pending,
    buy: params.type === Side.Buy,
    lots: params.cont,
    code: instrument.ShowCode,
    price: price !== null && price > 0 ? price : null,
    precision: instrument.PricePrecision,
  }
}
