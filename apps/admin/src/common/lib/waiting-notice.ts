import type { ApprovalWaiting } from '@tp/contracts/light'
import type { useT } from '../i18n/i18n.tsx'

/**
 * What to say when a change's answer is a request waiting for a second administrator (issue 22),
 * or undefined when the change was made: the drawers and pages that save guarded changes use it.
 */
export function waitingNotice(t: ReturnType<typeof useT>, answer: unknown): string | undefined {
  if (!isWaiting(answer)) return undefined
  return t(answer.admins_to_ask > 0 ? 'approvals.waiting' : 'approvals.waitingAlone')
}

/** Whether a change's answer is a request waiting for a second admin rather than the change made. */
export function isWaiting(answer: unknown): answer is ApprovalWaiting {
  return typeof answer === 'object' && answer !== null && 'waiting' in answer
}
