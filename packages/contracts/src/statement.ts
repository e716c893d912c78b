import { z } from 'zod'
import { checkRange, requiredRangeFields } from './history-range.ts'
import { STATEMENT_FORMATS } from './light/statement.ts'
export * from './light/statement.ts'

/** `GET /v1/api/forex/history_totals`: a period is required. */
export const historyTotalsRequest = z.object(requiredRangeFields).superRefine(checkRange(true))

/** Whether `name` is an IANA time zone this runtime knows ('Asia/Hong_Kong', 'UTC'). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/**
 * `GET /v1/api/main/account/statement`: a period, the file's format, and the reader's IANA time
 * zone (`tz`, UTC by default), in which the statement writes its times.
 */
export const statementRequest = z
  .object({
    ...requiredRangeFields,
    format: z.enum(STATEMENT_FORMATS),
    tz: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_+\-/]+$/)
      .refine(isTimeZone)
      .default('UTC'),
  })
  .superRefine(checkRange(true))
