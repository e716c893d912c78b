import { ExpiryType, MAX_EXPIRY_AHEAD_MS, endOfUtcDay, type ExpiryTypeValue } from '@tp/contracts/light'
import { parseServerTime } from '../lib/datetime.ts'
import { invalid, valid, type Checked } from './problem.ts'

/** A pending order's expiry as the form holds it: the choice, and a picked time as `datetime-local` writes it. */
export interface ExpiryDraft {
  type: ExpiryTypeValue
  /** "YYYY-MM-DDTHH:mm" in the phone's time zone; used when `type` is Specified. */
  local: string
}

export const GOOD_TILL_CANCELLED: ExpiryDraft = { type: ExpiryType.GoodTillCancelled, local: '' }

/** The query parts of an expiry (`submit` and `modify_pending`). */
export interface ExpiryParams {
  expire_type: ExpiryTypeValue
  expire_time?: string
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/
const two = (value: number) => String(value).padStart(2, '0')

/** "YYYY-MM-DD HH:mm:ss" in UTC, as the wire writes times. */
export const wireTimeOf = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')

/** The `datetime-local` text of an instant, in the phone's time zone. */
export function localInputText(ms: number): string {
  const d = new Date(ms)
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`
}

/** The instant a `datetime-local` text names in the phone's time zone, or undefined. */
export function parseLocalInput(text: string): number | undefined {
  const match = LOCAL_INPUT.exec(text)
  if (!match) return undefined
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  const date = new Date(year, month - 1, day, hour, minute)
  const exact = date.getDate() === day && date.getMonth() === month - 1 && date.getHours() === hour
  return exact ? date.getTime() : undefined
}

/**
 * The expiry to send, or what is wrong with a picked time: none, not after now, or more than a year
 * and a day ahead (the server's limit). "Today" is the end of the UTC day (decision 019).
 */
export function checkExpiry(draft: ExpiryDraft, nowMs: number): Checked<ExpiryParams> {
  if (draft.type !== ExpiryType.Specified) return valid({ expire_type: draft.type })
  const at = parseLocalInput(draft.local)
  if (at === undefined) return invalid('expiry.errors.required')
  if (at <= nowMs) return invalid('expiry.errors.past')
  if (at - nowMs > MAX_EXPIRY_AHEAD_MS) return invalid('expiry.errors.tooFar')
  return valid({ expire_type: ExpiryType.Specified, expire_time: wireTimeOf(at) })
}

/** The instant "today" ends at `nowMs` (shown beside the choice). */
export const todayEndsAt = (nowMs: number) => endOfUtcDay(nowMs)

/** An order's expiry (`ExpireTimeHandler`, "" for none) as the form starts from it: a picked time, or none. */
export function expiryDraftOf(wire: string): ExpiryDraft {
  const at = parseServerTime(wire)?.getTime()
  return at === undefined ? GOOD_TILL_CANCELLED : { type: ExpiryType.Specified, local: localInputText(at) }
}
