import type {
  ClosedTypeValue,
  Reason,
  LedgerTypeValue,
  MarginModeValue,
  OrderStatusValue,
  SideValue,
} from '@tp/contracts'
import type { SessionCalendar } from '../market/calendar.ts'
import type { Money } from './money.ts'
import type { PriceAlert } from './alert-book.ts'
import type { SwapTerms } from './swaps.ts'
import type { CopySkip, Follow } from './copy-book.ts'

/** What the engine needs to know of an instrument to trade it. */
export interface InstrumentTerms {
  id: number
  code: string
  precision: number
  /** Lot step, minimum and maximum lots, and contract size: exact decimal strings. */
  lotStep: string
  minLots: string
  maxLots: string
  contractSize: string
  marginMode: MarginModeValue
  /** Per lot in USD (fee per lot) or a share of margin, as the risk settings say. */
  feeRate: string
  /** Leverage values offered, ascending. */
  leverage: readonly number[]
  quoteCurrency: string
  /** When it trades: weekly hours in its own time zone, with daylight saving and holidays. */
  calendar: SessionCalendar
  /** Overnight financing: rates, triple-swap weekday and rollover time (in the calendar's zone). */
  swap: SwapTerms
  /**
   * Stops level, in points (10^-precision): the nearest to the market a new stop-loss, take-profit or
   * pending price may be (MetaTrader's SYMBOL_TRADE_STOPS_LEVEL). 0: anywhere on the right side.
   */
  stopsLevel: number
  /**
   * Freeze level, in points: a pending order whose price, or a position whose stop-loss or
   * take-profit, is this near the market can no longer be changed or cancelled (it is about to fire).
   * 0: never frozen.
   */
  freezeLevel: number
  /** The most net lots (buys less sells) all real clients together may hold; null: no limit. Exact decimal text. */
  maxNetLots: string | null
  /** The most lots one account may hold on one side (positions and pending orders); null: no limit. */
  maxAccountLots: string | null
  /** False for an instrument staff disabled: its live orders stay, nothing new opens. */
  enabled: boolean
}

export interface RiskSettings {
  /** `trade_fee_type` 1: the fee is lots x rate; otherwise margin x rate. */
  feePerLot: boolean
  /** Margin level (%) under which the account is warned. */
  marginCallLevel: number
  /** Margin level (%) under which positions are closed, most losing first. */
  stopOutLevel: number
  /** A market order needs a quote at most this old (ms). */
  maxQuoteAgeMs: number
}

export const DEFAULT_RISK: RiskSettings = {
  feePerLot: true,
  marginCallLevel: 100,
  stopOutLevel: 50,
  maxQuoteAgeMs: 10_000,
}

export interface Quote {
  bid: number
  ask: number
  timeMs: number
}

/**
 * A live order: pending (waiting for its price) or holding (an open position). `margin` is what a
 * position held at open (OriginCautionMoney); for a pending order, the estimate at its target.
 */
export interface Order {
  id: number
  userId: number
  instrumentId: number
  side: SideValue
  lots: Money
  leverage: number
  /** The instrument's contract size and margin mode when the order was placed: later catalogue edits do not reprice it. */
  contractSize: string
  marginMode: MarginModeValue
  status: OrderStatusValue
  /** The price asked for: the quote when a market order came in, or a pending order's target. */
  originPrice: number
  /** The fill price; 0 while pending. */
  price: number
  margin: Money
  fee: Money
  /** 0 means none. */
  stopLoss: number
  takeProfit: number
  /** Bumped on every change of the stops, so index entries of old levels are skipped. */
  stopsVersion: number
  /** Pending: whether it waits for its fill price to rise to the target (else to fall to it). */
  entryRises: boolean
  placedAtMs: number
  openedAtMs: number
  /** Pending: the instant it expires (it lives while the time is before it); 0 means good till cancelled. */
  expiresAtMs: number
  /**
   * Holding: a trailing stop's distance in points (0: none). The stop-loss follows the price it
   * closes at, this far behind, as it moves in the position's favour, and never moves back.
   */
  trailingPoints: number
  /** Holding: the swap booked on it so far (USD, in the balance already); a finished order's total. */
  swap: Money
  /** Holding: the last rollover it was charged at, or the time it opened (no rollover charges twice). */
  swapThroughMs: number
  /** A copy (decision 053): the leader's order it copies, and the follow it belongs to; 0 for one's own. */
  copyOf: number
  followId: number
}

/** A finished order as the engine reports it once (closed or cancelled). */
export interface FinishedOrder extends Order {
  closePrice: number
  profit: Money
  closedType: ClosedTypeValue | 0
  closedAtMs: number
  /** A close by (`ClosedType.CloseBy`): the opposite position it was closed against; 0 otherwise. */
  closedById: number
}

export type CancelReason =
  | 'user'
  | 'no_margin'
  | 'reset'
  | 'instrument_disabled'
  | 'leverage_withdrawn'
  /** Its expiry came: it ends with the status Expired. */
  | 'expired'
  /** Filling it would take the house or the account past its limit on the instrument. */
  | 'exposure_limit'

/** One row for the ledger, computed by the engine and written by the server as it is. */
export interface Booking {
  userId: number
  type: LedgerTypeValue
  amount: Money
  balanceAfter: Money
  /** The change of the frozen balance (money held for withdrawals), and the frozen balance after. */
  frozenAmount: Money
  frozenAfter: Money
  /** The order it belongs to, or what the caller named. */
  ref: string
}

export type EngineEvent =
  | { type: 'order_placed'; order: Order }
  /** `fromPending`: a pending order reached its price and filled (not a market order). */
  | { type: 'position_opened'; order: Order; fromPending?: true }
  /** A position's stop-loss or take-profit changed by a command (or its trailing stop was set). */
  | { type: 'stops_changed'; order: Order }
  /**
   * A position's trailing stop moved its stop-loss (listed by `trailedStops` at most once a second a
   * position, not per quote): only the stop changed, so only the stop is carried.
   */
  | { type: 'stop_trailed'; orderId: number; userId: number; stopLoss: number }
  /** A pending order's price, stops or expiry changed. */
  | { type: 'pending_changed'; order: Order }
  /** A rollover booked a position's swap (its `booked` follows when the amount is not zero). */
  | { type: 'swap_charged'; order: Order }
  /** Part of a position was closed (its own `position_closed`, under a new id): what is left. */
  | { type: 'position_reduced'; order: Order }
  | { type: 'order_cancelled'; order: FinishedOrder; reason: CancelReason }
  | { type: 'position_closed'; order: FinishedOrder }
  | { type: 'booked'; booking: Booking }
  | { type: 'margin_call'; userId: number; level: number }
  /** The margin level is back at or above the margin-call level (or the account was reset). */
  | { type: 'margin_call_ended'; userId: number }
  | { type: 'stop_out'; userId: number; level: number }
  | { type: 'alert_added'; alert: PriceAlert }
  | { type: 'alert_removed'; alert: PriceAlert; timeMs: number }
  /** A price alert reached by a quote: it fires once, and is gone. */
  | { type: 'alert_fired'; alert: PriceAlert; bid: number; ask: number; timeMs: number }
  /** A follow started, changed (allocation, pause, result, profit share) or ended: as it is now. */
  | { type: 'follow_changed'; follow: Follow }
  /** A leader's trade a follower did not copy, and why. */
  | { type: 'copy_skipped'; skip: CopySkip }

/** The user an event belongs to (every event belongs to exactly one). */
export function eventOwner(event: EngineEvent): number {
  switch (event.type) {
    case 'booked':
      return event.booking.userId
    case 'margin_call':
    case 'margin_call_ended':
    case 'stop_out':
    case 'stop_trailed':
      return event.userId
    case 'alert_added':
    case 'alert_removed':
    case 'alert_fired':
      return event.alert.userId
    case 'follow_changed':
      return event.follow.followerId
    case 'copy_skipped':
      return event.skip.followerId
    default:
      return event.order.userId
  }
}

/**
 * Why a command was refused: one of the contracts' reason codes (their one list, REASONS), which the
 * server translates.
 */
export type Rejection = Reason

/**
 * What a refusal tells beyond its reason, for its message and the caller: a requote's new price and
 * quote, the stops level or a limit that was reached.
 */
export type RejectionDetail = Readonly<Record<string, number | string>>

export type CommandResult =
  | { ok: true; events: EngineEvent[]; orderId?: number; followId?: number; detail?: RejectionDetail }
  | { ok: false; reason: Rejection; detail?: RejectionDetail }
