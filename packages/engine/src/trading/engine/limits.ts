/** What one account, and all demo accounts together, may ask of the single writer. */

/**
 * Live orders (pending and open) one account may hold: every tick may have to fill or close all of
 * them at once, and the single writer must never be stalled by one client.
 */
export const MAX_LIVE_ORDERS = 200
/** Active price alerts one user may keep. */
export const MAX_ALERTS_PER_USER = 100
/**
 * Rollovers (one ledger row each, at most) one `rolloverDue` call books, a position's catch-up
 * whole: about 2 ms of work (5 to 8 µs a row in exact decimals at a million positions,
 * bench/README.md), leaving room for a young-generation collection within 20 ms, and a commit of
 * that many rows; the rest follow on the next calls (the desk's clock, every 250 ms: a million
 * positions in about ten minutes, decision 033).
 */
export const MAX_ROLLOVER_ROWS = 400
/** The nearest trailing stop, in points (and never nearer than the spread). */
export const MIN_TRAILING_POINTS = 10
/** A position's trailed stop is listed for the desk to store and show at most this often (ms). */
export const TRAIL_SHOWN_EVERY_MS = 1000
/**
 * Trailed stops one `trailedStops` call lists (whole groups, so a bigger group still comes whole):
 * a few milliseconds of the clock's work (about 5 µs a stop at a million positions, bench/README.md)
 * and a commit of that many rows; groups beyond it are listed by the next calls, real accounts'
 * first.
 */
export const MAX_TRAILED_LISTED = 1000
/** The widest trailing stop, in points. */
export const MAX_TRAILING_POINTS = 10_000_000

/**
 * What practice accounts may ask the single writer to do on every tick (decision 027): anyone can
 * open one, so their live trailing stops (each moves on every favourable quote) and price alerts are
 * bounded per account and in total, so that no number of them can delay a real account's tick. Real
 * accounts keep their own limits (MAX_ALERTS_PER_USER, MAX_LIVE_ORDERS).
 */
export const DEMO_LIMITS = {
  trailingPerAccount: 10,
  trailingTotal: 2_000,
  alertsPerAccount: 10,
  alertsTotal: 2_000,
  /**
   * Live orders (positions and pending) of all demo accounts together: each position is revalued on
   * every tick of its instrument, so their number, not only their trailing stops, is the demo load.
   */
  liveOrdersTotal: 20_000,
  /**
   * Demo triggers (stops, entries, trailing moves) one quote acts on, after every real one: the
   * nearest first; the rest stay indexed and fire on a later quote that still reaches them. Bounds a
   * tick's demo work (a close is tens of microseconds) whatever the demo accounts set up.
   */
  triggersPerTick: 100,
} as const

/** Running follows one client may keep (decision 053). */
export const MAX_FOLLOWS = 50
/**
 * Running followers one leader may have: each of its trades is copied for all of them in one command
 * of the single writer (about 25 ms for 1,000, bench/README.md).
 */
export const MAX_FOLLOWERS = 2_000
