import type { FastifyReply, FastifyRequest } from 'fastify'
import { ResultCode, type Envelope, type LanguageCode, type Reason } from '@tp/contracts'
import { requestLanguage, translate, type MessageParams } from '../i18n/translate.ts'
import type { Outcome, Refusal } from '../outcome/outcome.ts'

declare module 'fastify' {
  interface FastifyRequest {
    lang: LanguageCode
  }
}

export function langOf(request: FastifyRequest): LanguageCode {
  return request.lang ?? requestLanguage(request.headers.lang)
}

/**
 * The success envelope, with `msgKey` translated into the request's language. A call with nothing
 * to return answers `data: null`: JSON drops undefined, and clients read `data` from every answer.
 */
export function ok<T>(request: FastifyRequest, data: T, msgKey = 'ok', params?: MessageParams): Envelope<T> {
  return { code: ResultCode.OK, msg: translate(langOf(request), msgKey, params), data: data ?? (null as T) }
}

/**
 * The envelope of a refusal: code 0 (999 for `sign_in_again`), the reason's translated message, and
 * `data` null unless the refusal tells more (a requote's new price).
 */
export function refusalEnvelope(
  lang: LanguageCode,
  reason: Reason,
  params?: MessageParams,
  data: Refusal['data'] | null = null,
): Envelope<null> {
  const code = reason === 'sign_in_again' ? ResultCode.RELOGIN : ResultCode.FAIL
  const filled = params?.field ? { ...params, field: translate(lang, `field.${params.field}`) } : params
  return { code, msg: translate(lang, `reason.${reason}`, filled), data: data as null, reason }
}

export function refused(request: FastifyRequest, refusal: Refusal): Envelope<null> {
  return refusalEnvelope(langOf(request), refusal.reason, refusal.params, refusal.data)
}

/** Maps a service outcome to its envelope: business refusals still answer HTTP 200 (docs/wire.md). */
export function answer<T>(request: FastifyRequest, outcome: Outcome<T>, msgKey = 'ok'): Envelope<T | null> {
  return outcome.ok ? ok(request, outcome.value, msgKey) : refused(request, outcome)
}

export function sendRefusal(reply: FastifyReply, status: number, reason: Reason, params?: MessageParams) {
  return reply.status(status).send(refusalEnvelope(langOf(reply.request), reason, params))
}
