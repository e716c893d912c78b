/** `type` of a deposit: 0 by coin, 1 by bank transfer (`quick_ist` takes the same). */
export const DepositType = { Coin: 0, Bank: 1 } as const

/** `status` of a deposit: 0 unchecked, 1 finished (credited), 2 rejected, 3 invalid. */
export const DepositStatus = { Unchecked: 0, Finished: 1, Rejected: 2, Invalid: 3 } as const

/** `status` of a withdrawal: 0 waiting for review, 1 paid, 2 rejected (the amount is released). */
export const WithdrawalStatus = { Waiting: 0, Paid: 1, Rejected: 2 } as const

/** A USD amount as typed: digits with at most two decimals (`usdAmount` also keeps it above 0 and at most USD_AMOUNT_MAX). */
export const USD_AMOUNT_TEXT = /^\d{1,10}(\.\d{1,2})?$/

export const USD_AMOUNT_MAX = 1_000_000_000
