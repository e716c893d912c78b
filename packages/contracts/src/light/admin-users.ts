/** The largest manual adjustment, either way (USD). */
export const ADJUSTMENT_MAX_USD = 1_000_000_000

export const ADJUSTMENT_MEMO_MAX_LENGTH = 200

/** A manual adjustment as typed: a signed amount with at most two decimals (not zero, at most ADJUSTMENT_MAX_USD either way). */
export const ADJUSTMENT_AMOUNT_TEXT = /^-?\d{1,10}(\.\d{1,2})?$/

/** `status` of a manual adjustment: 0 waiting for a second admin, 1 applied, 2 rejected. */
export const AdjustmentStatus = { Waiting: 0, Applied: 1, Rejected: 2 } as const
export type AdjustmentStatusValue = (typeof AdjustmentStatus)[keyof typeof AdjustmentStatus]

export const REFERRALS_SHOWN = 100
