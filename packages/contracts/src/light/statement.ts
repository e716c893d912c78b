/**
 * The account's history over a period and its statement (issue 25, docs/decisions/038-account-statement.md).
 * A period is [from, to) in Unix milliseconds: the phone turns the reader's days (today, the last 7
 * or 30 days, or dates picked) into the instants at which they start and end in its own time zone.
 */

const DAY_MS = 86_400_000

/** The longest period a trader may pick, in days: a year, a leap year's included. */
export const MAX_HISTORY_DAYS = 366

/**
 * The longest period the server takes: MAX_HISTORY_DAYS, and one day more for the hours a time zone
 * and its daylight-saving change add to local days. Longer periods are refused (`range_invalid`):
 * each one is summed in the database and one statement holds at most MAX_STATEMENT_ROWS records.
 */
export const MAX_HISTORY_RANGE_MS = (MAX_HISTORY_DAYS + 1) * DAY_MS

/**
 * The most trades, and the most money movements, one statement holds; a period with more is refused
 * (`statement_too_large`) so that one download cannot hold the server for long. A trader who closes
 * a hundred trades a day fits about 50 days.
 */
export const MAX_STATEMENT_ROWS = 5_000

export const STATEMENT_FORMATS = ['csv', 'pdf'] as const
export type StatementFormat = (typeof STATEMENT_FORMATS)[number]

/**
 * `GET /v1/api/forex/history_totals`: what the ledger booked in the period, USD, exact decimal text
 * with 2 decimals, signed as booked (fees and swaps charged are negative, withdrawals are negative).
 * `net` is their sum, and `closing_balance` − `opening_balance`.
 */
export interface HistoryTotals {
  /** The period, Unix ms, as asked. */
  from: number
  to: number
  /** The balance (frozen money for withdrawals apart) before the first booking of the period. */
  opening_balance: string
  /** The balance after the last booking of the period. */
  closing_balance: string
  /** Realised profit and loss of positions closed in the period (price profit only). */
  profit: string
  /** Trading fees (commissions) charged. */
  fees: string
  /** Overnight financing booked at rollovers: charges and credits. */
  swaps: string
  /** Deposits staff approved. */
  deposits: string
  /** Withdrawals requested (the money leaves the balance then), less those rejected in the period. */
  withdrawals: string
  /** Staff adjustments, negative balance protection, and a demo account's credits and resets. */
  other: string
  /** Everything the period booked: the change of the balance. */
  net: string
  /** Orders that ended in the period: closed, cancelled or expired. */
  trades: number
}
