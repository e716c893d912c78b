/** Constants and shapes of the back office's hedging calls (issue 28, decision 051); the schemas are in `../admin-hedging.ts`. */

/** The group every client is in until staff move them. */
export const DEFAULT_CLIENT_GROUP = 'standard'

export const HEDGE_MODES = ['b_book', 'a_book', 'hybrid'] as const
export type HedgeModeName = (typeof HEDGE_MODES)[number]

/** The most a hybrid threshold may be, in lots. */
export const HEDGE_THRESHOLD_MAX_LOTS = 100_000

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

/**
 * A client group's markup on one instrument (decision 052), with the spreads now in points: the
 * providers' (null without a source quote: the simulator, or a process that runs no source), the
 * house's (with the instrument's markup) and the group's (the house's plus this).
 */
export interface AdminGroupMarkup {
  instrument_id: number
  code: string
  client_group: string
  points: number
  raw_spread_points: number | null
  house_spread_points: number | null
  group_spread_points: number | null
  updated_at: string
}

/** `GET /admin/api/hedging`. */
export interface AdminHedging {
  /** Whether hedging runs in this install (a provider with an order session: `PRICE_SOURCE=fix:`). */
  enabled: boolean
  rules: AdminHedgeRule[]
  /** Every instrument's code (what a rule may name). */
  instruments: string[]
  /** The client groups of real accounts, with how many clients each has. */
  groups: { client_group: string; clients: number }[]
  nets: AdminHedgeNet[]
  /** The latest hedge orders, newest first. */
  orders: AdminHedgeOrder[]
  /** Every client group's markups, by instrument then group. */
  markups: AdminGroupMarkup[]
}
