/** `review_status` of `user_real/center`: 0 not submitted (or rejected), 1 waiting, 2 finished. */
export const ReviewStatus = { NotSubmitted: 0, Waiting: 1, Finished: 2 } as const
export type ReviewStatusValue = (typeof ReviewStatus)[keyof typeof ReviewStatus]

/** `status` of a stored identity check: 1 waiting, 2 approved, 3 rejected (may submit again). */
export const IdentityCheckStatus = { Waiting: 1, Approved: 2, Rejected: 3 } as const
export type IdentityCheckStatusValue = (typeof IdentityCheckStatus)[keyof typeof IdentityCheckStatus]

export const NAME_MIN_LENGTH = 2

/** Long enough for full names with several given names and family names, short enough to show. */
export const NAME_MAX_LENGTH = 64

export const CARD_ID_MIN_LENGTH = 4

/** Passports, national ID cards and driving licences all fit in 32 characters. */
export const CARD_ID_MAX_LENGTH = 32

/** What staff may write as the reason of a rejection (the user reads it on /mine/auth). */
export const REJECT_REASON_MAX_LENGTH = 200
