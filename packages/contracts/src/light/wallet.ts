/** `type` of a withdraw currency and of a saved method: 1 a coin address, 2 a bank account. */
export const PayoutType = { Coin: 1, Bank: 2 } as const
export type PayoutTypeValue = (typeof PayoutType)[keyof typeof PayoutType]

/** `fee_type` 1: `draw_rate` is a fixed fee in USD; anything else: a share of the amount. */
export const FeeType = { Fixed: 1, Share: 2 } as const

/** At most this many live payout methods per user: enough for every network and bank, and a bound. */
export const MAX_PAYOUT_METHODS = 20
