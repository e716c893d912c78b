import type { LanguageCode } from '@tp/contracts'
import { translate } from '../i18n/translate.ts'
import type { Channel } from '../messaging/outbox.ts'
import type { ServiceDeps } from './deps.ts'
import { accept, refuse, type Outcome } from './outcome.ts'
import { findArea, findUserByEmail, findUserByLogin, mobileDestination } from './users.ts'
import { CODE_TTL_MS, issueCode, voidCode, type Purpose } from './verification-codes.ts'
import { CodePurpose } from '@tp/contracts'

export type CodeRequest =
  | { channel: 'email'; email: string; purpose: Purpose }
  | { channel: 'sms'; mobile: string; areaId: number; purpose: Purpose }

/**
 * Sends a verification code. A registration code goes only to an address not yet registered; a
 * reset code only to one that is.
 */
export async function sendCode(
  deps: ServiceDeps,
  request: CodeRequest,
  lang: LanguageCode,
): Promise<Outcome<void>> {
  const { db } = deps
  let destination: string
  let registered: boolean
  if (request.channel === 'email') {
    destination = request.email
    registered = (await findUserByEmail(db, request.email)) !== undefined
  } else {
    const area = await findArea(db, request.areaId)
    if (!area) return refuse('area_invalid')
    destination = mobileDestination(area, request.mobile)
    registered =
      (await findUserByLogin(db, { type: 'mobile', account: request.mobile, areaId: request.areaId })) !==
      undefined
  }
  if (request.purpose === CodePurpose.REGISTER && registered) return refuse('account_exists')
  if (request.purpose === CodePurpose.RESET && !registered) return refuse('account_not_found')

  const now = deps.clock()
  const issued = await issueCode(db, { channel: request.channel, destination, purpose: request.purpose }, now)
  if (!issued.ok) return issued
  const minutes = CODE_TTL_MS / 60_000
  const channel: Channel = request.channel
  const subject = translate(lang, `mail.code_subject_${request.purpose}`)
  const text = translate(lang, channel === 'email' ? 'mail.code_body' : 'mail.sms_body', {
    code: issued.value.code,
    minutes,
  })
  if (!(await deps.messenger.send(channel, destination, subject, text))) {
    await voidCode(db, issued.value.id, now)
    return refuse('send_failed')
  }
  return accept(undefined)
}
