import { BACK_OFFICE_CATALOGUE_CALLS } from './back-office-catalogue-calls.ts'
import { BACK_OFFICE_QUEUE_CALLS } from './back-office-queue-calls.ts'
import { BACK_OFFICE_STAFF_CALLS } from './back-office-staff-calls.ts'
import type { Call } from './call.ts'
import { BACK_OFFICE_FEEDBACK_CALLS } from './feedback-calls.ts'
import { BACK_OFFICE_LEGAL_CALLS } from './legal-calls.ts'
import { BACK_OFFICE_SECURITY_CALLS } from './security-calls.ts'

/** Every call of the back office (apps/admin): apps/server/src/http/admin. */
export const BACK_OFFICE_CALLS: Call[] = [
  ...BACK_OFFICE_STAFF_CALLS,
  ...BACK_OFFICE_QUEUE_CALLS,
  ...BACK_OFFICE_CATALOGUE_CALLS,
  ...BACK_OFFICE_FEEDBACK_CALLS,
  ...BACK_OFFICE_LEGAL_CALLS,
  ...BACK_OFFICE_SECURITY_CALLS,
]
