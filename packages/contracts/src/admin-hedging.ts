import { z } from 'zod'
import { serialId } from './numbers.ts'
import { HEDGE_MODES, HEDGE_THRESHOLD_MAX_LOTS } from './light/admin-hedging.ts'
import { MARKUP_POINTS_MAX } from './admin-catalogue.ts'
export * from './light/admin-hedging.ts'

/** Shapes of the back office's hedging calls (`/admin/api/hedging*`, issue 28, decision 051). */

/** A client group's name: lower-case letters, digits, _ and - (at most 32). */
export const clientGroup = z
  .string()
  .trim()
  .regex(/^[a-z0-9_-]{1,32}$/)

/**
 * `POST /admin/api/hedging/rules` (JSON): the rule for an instrument and a client group (null:
 * any); one rule per pair, so saving a pair's rule again replaces it.
 */
export const hedgeRuleRequest = z
  .object({
    instrument: z
      .string()
      .trim()
      .regex(/^[A-Z0-9._]{2,16}$/)
      .nullable(),
    client_group: clientGroup.nullable(),
    mode: z.enum(HEDGE_MODES),
    /** `hybrid`: the house's net it keeps, in lots, before passing the rest on (up to four places). */
    threshold_lots: z
      .string()
      .trim()
      .regex(/^\d{1,6}(\.\d{1,4})?$/)
      .refine((v) => Number(v) <= HEDGE_THRESHOLD_MAX_LOTS)
      .default('0'),
  })
  .strict()
export type HedgeRuleRequest = z.infer<typeof hedgeRuleRequest>

/** `POST /admin/api/hedging/rules/:id/delete`. */
export const hedgeRuleIdParams = z.object({ id: serialId })

/** `POST /admin/api/users/:id/group` (JSON): the client group a user is in. */
export const clientGroupRequest = z.object({ client_group: clientGroup }).strict()

/**
 * `POST /admin/api/hedging/markups` (JSON): a client group's spread markup on one instrument, in
 * points on top of the house's price (0 removes it). Waits for a second admin (decision 052).
 */
export const groupMarkupRequest = z
  .object({
    instrument: z
      .string()
      .trim()
      .regex(/^[A-Z0-9._]{2,16}$/),
    client_group: clientGroup,
    points: z.number().int().min(0).max(MARKUP_POINTS_MAX),
  })
  .strict()
export type GroupMarkupRequest = z.infer<typeof groupMarkupRequest>
