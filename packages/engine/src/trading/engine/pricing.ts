/** Client groups' markups taking effect: the accounts whose quotes change are re-keyed (decision 052). */
import type { PriceGroups } from '../price-groups.ts'
import type { EngineState } from './state.ts'

/**
 * Swaps in new client groups and markups. Each account whose quotes change (moved to a group with
 * other markups, or in a group whose markups changed) has its trailing stops taken out of its old
 * tier first (their stops as trailed so far), then its pending entries, stops and trailing stops
 * indexed in its new tier (the old entries go stale: TriggerBooks; the trailing stops listed by the
 * next `trailedStops`, so a stop trailed since the last listing is stored), its marks counted again, and
 * it is queued for a margin check (a wider spread can take it under a level: the next tick acts).
 * Returns the user ids re-keyed.
 */
export function setPricing(s: EngineState, next: PriceGroups): number[] {
  const moved = [...s.pricing.differing(next, s.accounts)]
  for (const userId of moved)
    for (const id of s.account(userId).holding) s.triggers.removeTrailing(s.order(id))
  s.pricing = next
  for (const userId of moved) {
    const account = s.account(userId)
    for (const id of account.pending) s.triggers.addEntry(s.order(id))
    for (const id of account.holding) {
      const order = s.order(id)
      s.triggers.addStops(order)
      // Trailed in the old tier, perhaps since the last listing: listed again, so it is stored.
      s.triggers.addTrailing(order, true)
    }
    s.exposures.reprice(account)
    s.queueRisk(account)
  }
  return moved
}
