import type { LanguageCode } from '@tp/contracts'
import { translate } from '../i18n/translate.ts'
import type { Channel, OutgoingMessage } from '../messaging/outbox.ts'
import type { ServiceDeps } from './deps.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { findArea, findUserByEmail, findUserByLogin, mobileDestination } from './users.ts'
import { CODE_TTL_MS, issueCode, voidCode, type Purpose } from './verification-codes.ts'
import { CodePurpose, validMobile } from '@tp/contracts'
import { mobileSignUpOffered } from './mobile-sign-up.ts'

export type CodeRequest =
  | { channel: 'email'; email: string; purpose: Purpose }
  | { channel: 'sms'; mobile: string; areaId: number; purpose: Purpose }

/**
 * Sends a verification code. A registration code goes only to an address not yet registered (the
 * registration must say so). A reset request answers the same whether or not an account uses the
 * address, so that nobody can learn who is a customer here: the same one-a-minute limit, the same
 * answer, and a message either way; an address without an account gets a notice instead of a code.
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
    // A registration code only where mobile sign-up is offered; a reset code wherever a provider is.
    const offered =
      request.purpose === CodePurpose.REGISTER
        ? await mobileSignUpOffered(deps)
        : deps.messenger.delivers('sms')
    if (!offered) return refuse('mobile_disabled')
    const area = await findArea(db, request.areaId)
    if (!area) return refuse('area_invalid')
    // No text message, which costs the house money, to a number that cannot take one.
    if (!validMobile(request.mobile, area.code)) return refuse('mobile_invalid')
    destination = mobileDestination(area, request.mobile)
    registered =
      (await findUserByLogin(db, { type: 'mobile', account: request.mobile, areaId: request.areaId })) !==
      undefined
  }
  if (request.purpose === CodePurpose.REGISTER && registered) return refuse('account_exists')

  const now = deps.clock()
  // Issued for an unknown address too: its row holds the resend limit exactly as for a customer's,
  // and its code is never told to anyone, so it opens nothing.
  const issued = await issueCode(db, { channel: request.channel, destination, purpose: request.purpose }, now)
  if (!issued.ok) return issued
  const message =
    registered || request.purpose === CodePurpose.REGISTER
      ? codeMessage(lang, request.channel, request.purpose, issued.value.code)
      : noAccountMessage(lang, request.channel)
  if (!(await deps.messenger.send(request.channel, destination, message))) {
    await voidCode(db, issued.value.id, now)
    return refuse('send_failed')
  }
  return accept(undefined)
}

/** A code's message: the code travels apart from the text, so the outbox keeps it masked. */
function codeMessage(lang: LanguageCode, channel: Channel, purpose: Purpose, code: string): OutgoingMessage {
  return {
    subject: translate(lang, `mail.code_subject_${purpose}`),
    text: (shown) =>
      translate(lang, channel === 'email' ? 'mail.code_body' : 'mail.sms_body', {
        code: shown,
        minutes: CODE_TTL_MS / 60_000,
      }),
    code,
  }
}

/** What a password reset for an address without an account sends: no code, and how to register. */
function noAccountMessage(lang: LanguageCode, channel: Channel): OutgoingMessage {
  const text = translate(lang, channel === 'email' ? 'mail.no_account_body' : 'mail.no_account_sms')
  return { subject: translate(lang, 'mail.code_subject_2'), text: () => text }
}
