import type { DbOrTx } from '../db/client.ts'
import type { Messenger } from '../messaging/outbox.ts'
import { getSetting, mobileEnabled } from '../settings/settings.ts'

/**
 * Sign-up with a mobile number is offered only when staff turned it on (setting is_show_mobile) and
 * an SMS provider is configured (SMS_URL): without one the "code sent" would reach only the log
 * (issue 25). Sign-in with a mobile number stays open for the accounts that have one.
 */
export async function mobileSignUpOffered(deps: { db: DbOrTx; messenger: Messenger }): Promise<boolean> {
  return deps.messenger.delivers('sms') && mobileEnabled(await getSetting(deps.db, 'is_show_mobile'))
}

/** The is_show_mobile a client reads: '0' while no SMS provider is configured, the setting otherwise. */
export async function shownMobileSetting(deps: { db: DbOrTx; messenger: Messenger }): Promise<string> {
  return deps.messenger.delivers('sms') ? getSetting(deps.db, 'is_show_mobile') : '0'
}
