import type { Outcome } from '../../outcome/outcome.ts'

/**
 * The message of a change's answer (decision 028): a change that waits for a second admin answers
 * code 1 with `{ waiting, admins_to_ask }` and says so ('approval_waiting', or
 * 'approval_waiting_alone' when no other active admin exists to approve it); a change made at once
 * answers `saved` (or `fallback`).
 */
export function waitingOr(outcome: Outcome<unknown>, fallback = 'saved'): string {
  if (!outcome.ok || typeof outcome.value !== 'object' || outcome.value === null) return fallback
  if (!('waiting' in outcome.value)) return fallback
  const others = (outcome.value as { admins_to_ask?: number }).admins_to_ask ?? 0
  return others > 0 ? 'approval_waiting' : 'approval_waiting_alone'
}
