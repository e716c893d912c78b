import type { z } from 'zod'
import { integer } from './numbers.ts'
import { MAX_HISTORY_RANGE_MS } from './light/statement.ts'

/** The latest instant a period may name: 8.64e15 ms is the end of JavaScript's dates. */
const LAST_MS = 8_640_000_000_000_000

/**
 * `from` and `to` of a period, Unix ms: [from, to), both or neither (neither: no period, as
 * existing clients call). Checked together by `checkRange`.
 */
export const rangeFields = {
  from: integer({ min: 0, max: LAST_MS }).optional(),
  to: integer({ min: 0, max: LAST_MS }).optional(),
}

/** `from` and `to` of a period that must be given. */
export const requiredRangeFields = {
  from: integer({ min: 0, max: LAST_MS }),
  to: integer({ min: 0, max: LAST_MS }),
}

/**
 * A period must have both ends, start before it ends, and span at most MAX_HISTORY_RANGE_MS;
 * otherwise the request is refused with `range_invalid` on `from`. With `required`, a period must be given.
 */
export function checkRange(required: boolean) {
  return (value: { from?: number | undefined; to?: number | undefined }, ctx: z.RefinementCtx) => {
    const { from, to } = value
    if (from === undefined && to === undefined && !required) return
    if (from === undefined || to === undefined || to <= from || to - from > MAX_HISTORY_RANGE_MS)
      ctx.addIssue({ code: 'custom', message: 'range_invalid', path: ['from'] })
  }
}
