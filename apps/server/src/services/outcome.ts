import type { Reason } from '@tp/contracts'
import type { MessageParams } from '../i18n/translate.ts'

/** What a service returns: a value, or an expected refusal named by a reason (never thrown). */
export type Outcome<T> = { ok: true; value: T } | Refusal
export interface Refusal {
  ok: false
  reason: Reason
  params?: MessageParams
}

export const accept = <T>(value: T): Outcome<T> => ({ ok: true, value })
export const refuse = (reason: Reason, params?: MessageParams): Refusal =>
  params ? { ok: false, reason, params } : { ok: false, reason }

export type Clock = () => Date
