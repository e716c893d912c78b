/**
 * A pending order's expiry as the wire names it (`expire_type`, `expire_time`): good till cancelled,
 * to the end of today (UTC), or at a time the user picked (docs/decisions/019-pending-order-expiry.md).
 */
export const ExpiryType = { GoodTillCancelled: 0, Today: 1, Specified: 2 } as const
export type ExpiryTypeValue = (typeof ExpiryType)[keyof typeof ExpiryType]

/** The furthest a picked expiry may lie ahead: a year and a day. */
export const MAX_EXPIRY_AHEAD_MS = 366 * 24 * 60 * 60 * 1000

/** "YYYY-MM-DD HH:mm" or "YYYY-MM-DD HH:mm:ss", in UTC, as the wire writes times. */
const WIRE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/

/** The instant a wire time names, or undefined when it names none (2026-02-30, 24:00, any other text). */
export function parseWireTime(text: string): number | undefined {
  const match = WIRE_TIME.exec(text)
  if (!match) return undefined
  const [year, month, day, hour, minute, second = '0'] = match.slice(1).map(Number) as number[]
  const ms = Date.UTC(year as number, (month as number) - 1, day, hour, minute, second as number)
  const back = new Date(ms)
  const same =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === (month as number) - 1 &&
    back.getUTCDate() === day &&
    back.getUTCHours() === hour &&
    back.getUTCMinutes() === minute
  return same ? ms : undefined
}

/** The end of the UTC day `nowMs` falls in: the next midnight UTC. */
export function endOfUtcDay(nowMs: number): number {
  const now = new Date(nowMs)
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
}

/**
 * The expiry in ms that a request asks for at `nowMs` (0: good till cancelled), or 'invalid': a
 * picked time that is missing, not a time, not after now, or more than MAX_EXPIRY_AHEAD_MS ahead.
 */
export function expiryOf(type: ExpiryTypeValue, time: string | undefined, nowMs: number): number | 'invalid' {
  if (type === ExpiryType.GoodTillCancelled) return 0
  if (type === ExpiryType.Today) return endOfUtcDay(nowMs)
  const at = time === undefined ? undefined : parseWireTime(time)
  if (at === undefined || at <= nowMs || at - nowMs > MAX_EXPIRY_AHEAD_MS) return 'invalid'
  return at
}
