/** The `code` of every HTTP envelope (WIRE.md): 1 success, 0 business error, 999 sign in again. */
export const ResultCode = { OK: 1, FAIL: 0, RELOGIN: 999 } as const
export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode]

/** Every HTTP answer, success or not. `reason` (ours) names the failure for programs; `msg` is for people. */
export interface Envelope<T = unknown> {
  code: ResultCodeValue
  msg: string
  data: T
  reason?: Reason
}

/**
 * Why a call failed, as a value (CONVENTIONS.md: rejections are values). The server translates each
 * reason into `msg` with the message of the same name in its locale files.
 */
export const REASONS = [
  'invalid_input',
  'password_rule',
  'passwords_differ',
  'sign_in_again',
  'wrong_credentials',
  'account_locked',
  'code_invalid',
  'code_expired',
  'code_too_many_tries',
  'code_wait',
  'captcha_invalid',
  'account_exists',
  'account_not_found',
  'invite_invalid',
  'mobile_disabled',
  'area_invalid',
  'demo_forbidden',
  'send_failed',
  'rate_limited',
  'too_large',
  'not_found',
  'instrument_not_found',
  'market_closed',
  'quote_stale',
  'no_conversion_rate',
  'lots_invalid',
  'leverage_invalid',
  'price_invalid',
  'expiry_invalid',
  'trailing_invalid',
  'alert_not_found',
  'alert_reached',
  'too_many_alerts',
  'stop_loss_invalid',
  'take_profit_invalid',
  'insufficient_margin',
  'order_not_found',
  'balance_insufficient',
  'demo_only',
  'server_error',
  'captcha_required',
  'trading_unavailable',
  'too_many_orders',
  'amount_out_of_range',
  'daily_limit',
  'already_processed',
  'channel_invalid',
  'proof_invalid',
  'address_invalid',
  'iban_invalid',
  'swift_invalid',
  'method_limit',
  'method_duplicate',
  'method_in_use',
  'method_not_found',
  'currency_invalid',
  'upload_not_image',
  'upload_too_large',
  'upload_daily_limit',
  'upload_link_invalid',
  'identity_pending',
  'identity_verified',
  'image_invalid',
  'news_not_found',
  'trader_not_found',
  'nickname_taken',
  'totp_invalid',
  'staff_forbidden',
  'account_disabled',
  'four_eyes',
  'settings_levels_invalid',
  'fee_rates_required',
  'fee_rates_invalid',
  'setting_min_above_max',
] as const
export type Reason = (typeof REASONS)[number]
