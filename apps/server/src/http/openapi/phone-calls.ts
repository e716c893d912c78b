import type { Call } from './call.ts'
import { FAMILY_CALLS } from './family-calls.ts'
import { PHONE_FEEDBACK_CALLS } from './feedback-calls.ts'
import { PHONE_NOTICE_CALLS } from './notice-calls.ts'
import { PHONE_LEGAL_CALLS } from './legal-calls.ts'
import { PHONE_SECURITY_CALLS } from './security-calls.ts'
import { PHONE_MONEY_CALLS } from './phone-money-calls.ts'
import { PHONE_SITE_CALLS } from './phone-site-calls.ts'
import { PHONE_TRADING_CALLS } from './phone-trading-calls.ts'

/**
 * Every call of the phone client (apps/web) and of the family's existing clients:
 * apps/server/src/http/routes.
 */
export const PHONE_CALLS: Call[] = [
  ...PHONE_SITE_CALLS,
  ...PHONE_TRADING_CALLS,
  ...PHONE_MONEY_CALLS,
  ...PHONE_FEEDBACK_CALLS,
  ...PHONE_NOTICE_CALLS,
  ...PHONE_LEGAL_CALLS,
  ...PHONE_SECURITY_CALLS,
  ...FAMILY_CALLS,
]
