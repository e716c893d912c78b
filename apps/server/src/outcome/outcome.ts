import type { Reason } from '@tp/contracts'
import type { MessageParams } from '../i18n/translate.ts'

/** What a service returns: a value, or an expected refusal named by a reason (never thrown). */
export type Outcome<T> = { ok: true; value: T } | Refusal
export interface Refusal {
  ok: false
  reason: Reason
  params?: MessageParams
  /** What the caller is told beside the message (a requote's new price): the envelope's `data`. */
  data?: Readonly<Record<string, number | string>>
}

export const accept = <T>(value: T): Outcome<T> => ({ ok: true, value })
export const refuse = (
  reason: Reason,
  params?: MessageParams,
  data?: Readonly<Record<string, number | string>>,
): Refusal => ({ ok: false, reason, ...(params ? { params } : {}), ...(data ? { data } : {}) })

export type Clock = () => Date
