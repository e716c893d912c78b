import type { Instrument, SideValue } from '@tp/contracts/light'
import { checkOrder, marketDraft } from '../lib/order-check.ts'
import type { PlacedOrder } from '../components/order-success.tsx'
import type { Problem } from '../../../common/trading/problem.ts'
import { useAccountLeverage } from '../../../common/trading/account-leverage.ts'
import { lastUsedFor } from './lib/one-tap.ts'
import { placeOrder } from './place-order.ts'
import { readLastUsed } from './ticket-settings.ts'

/**
 * A one-tap order from the sell/buy bar: at market, at the price on the button tapped, with the last
 * lots and deviation used on the instrument, the account leverage and no stops, through the same checks (and
 * requote dialog) as the ticket. Loaded on the first one-tap.
 */
export async function placeOneTapOrder(
  side: SideValue,
  instrument: Instrument,
  quote: { bid: number; ask: number },
): Promise<{ ok: true; placed: PlacedOrder } | { ok: false; problem: Problem | null }> {
  const account = useAccountLeverage.getState().value
  const { lotsText, leverage, deviationText } = lastUsedFor(readLastUsed(), instrument, account)
  const checked = checkOrder(marketDraft(side, lotsText, leverage, deviationText), instrument, quote)
  if (!checked.ok) return { ok: false, problem: checked.problem }
  try {
    const placed = await placeOrder(checked.value, instrument)
    // Null: the user declined a new price; nothing more to say.
    return placed ? { ok: true, placed } : { ok: false, problem: null }
  } catch {
    // Refused: the API client has shown the server's message.
    return { ok: false, problem: null }
  }
}
