/**
 * Amount settings whose first may not exceed the second once both are set: the server refuses a
 * change that breaks one, the back office says so before saving. (The levels, stop-out below margin
 * call, are the engine's checkTradingSettings.)
 */
export const ORDERED_AMOUNT_SETTINGS = [
  ['deposit_min_usd', 'deposit_max_usd'],
  ['withdraw_min_usd', 'withdraw_max_usd'],
  ['withdraw_max_usd', 'withdraw_daily_max_usd'],
] as const
