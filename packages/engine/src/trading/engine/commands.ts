/** The shapes of the engine's commands and of its read-only views. */
import type { SideValue } from '@tp/contracts'

export interface OpenCommand {
  userId: number
  instrumentId: number
  side: SideValue
  /** Lots as an exact decimal string. */
  lots: string
  leverage: number
  /** 0: none. */
  stopLoss: number
  takeProfit: number
  /** Absent: a market order; otherwise a pending order at this price (which must be a valid price). */
  targetPrice?: number
  /** A pending order's expiry (ms, after `nowMs`); absent or 0: good till cancelled. Market orders ignore it. */
  expiresAtMs?: number
  /**
   * Price protection of a market order: the price the user saw (the ask for a buy, the bid for a
   * sell) and how many points the fill may differ from it either way (0 when absent). Beyond that
   * the order is refused with the new price ('requote'). Absent: filled at the market as it is.
   */
  seenPrice?: number
  maxDeviationPoints?: number
  nowMs: number
}

/** A pending order's new terms: all of them, as `open` takes them (0: no stop, no expiry). */
export interface PendingChange {
  targetPrice: number
  stopLoss: number
  takeProfit: number
  expiresAtMs: number
}

/** A position's marks now: the price it would close at, its profit and its own margin, in USD. */
export interface PositionMark {
  mark: number
  profit: number
  /** The position's margin at the current price (its margin at open in fixed margin mode). */
  margin: number
}

/** An account's marks now (float: shown to users, never booked). */
export interface AccountView {
  userId: number
  balance: number
  equity: number
  /** Margin used now: revalued at current prices, hedged positions holding their larger side. */
  usedMargin: number
  freeMargin: number
  /** Equity / used margin x 100; Infinity with no margin used. */
  marginLevel: number
  profit: number
  positions: ({ id: number } & PositionMark)[]
}
