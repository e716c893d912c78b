import { z } from 'zod'

/** Shapes of the back office's hedging calls (`/admin/api/hedging*`, issue 28, decision 051). */

/** The group every client is in until staff move them. */
export const DEFAULT_CLIENT_GROUP = 'standard'

/** A client group's name: lower-case letters, digits, _ and - (at most 32). */
export const clientGroup = z
  .string()
  .trim()
  .regex(/^[a-z0-9_-]{1,32}$/)

export const HEDGE_MODES = ['b_book', 'a_book', 'hybrid'] as const
export type HedgeModeName = (typeof HEDGE_MODES)[number]

/** The most a hybrid threshold may be, in lots. */
export const HEDGE_THRESHOLD_MAX_LOTS = 100_000

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

/** `POST /admin/api/users/:id/group` (JSON): the client group a user is in. */
export const clientGroupRequest = z.object({ client_group: clientGroup }).strict()

export interface AdminHedgeRule {
  id: number
  instrument: string | null
  client_group: string | null
  mode: HedgeModeName
  threshold_lots: string
  updated_at: string
}

/** One instrument's net positions, in lots (buys positive): the house's, its hedge's, and what is left. */
export interface AdminHedgeNet {
  instrument_id: number
  code: string
  /** The house's position against real clients: their net, the other way round. */
  house_lots: string
  /** What providers have filled of the hedge orders. */
  hedged_lots: string
  /** House plus hedge: the risk the house keeps. */
  unhedged_lots: string
}

export interface AdminHedgeFill {
  exec_id: string
  lots: string
  price: string
  at: string
}

export interface AdminHedgeOrder {
  id: number
  /** The ClOrdID the provider knows it by. */
  cl_ord_id: string
  provider: string
  code: string
  mode: 'a_book' | 'hybrid'
  /** Signed: a buy is positive. */
  lots: string
  filled_lots: string
  /** The providers' price when the house decided (the side it would trade at). */
  ref_price: string
  /** The average fill price; "0" until something fills. */
  avg_price: string
  /** Points worse (positive) or better (negative) for the house than the reference price; null until filled. */
  slippage_points: number | null
  status: 'new' | 'working' | 'filled' | 'partial' | 'rejected' | 'cancelled'
  reason: string
  created_at: string
  fills: AdminHedgeFill[]
}

/** `GET /admin/api/hedging`. */
export interface AdminHedging {
  /** Whether hedging runs in this install (a provider with an order session: `PRICE_SOURCE=fix:`). */
  enabled: boolean
  rules: AdminHedgeRule[]
  /** The client groups of real accounts, with how many clients each has. */
  groups: { client_group: string; clients: number }[]
  nets: AdminHedgeNet[]
  /** The latest hedge orders, newest first. */
  orders: AdminHedgeOrder[]
}
