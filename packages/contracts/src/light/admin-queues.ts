export const ADMIN_QUEUE_PAGE_SIZE = 20

export const ADMIN_QUEUE_MAX_PAGE_SIZE = 100

/** The longest search text: a uid, an e-mail address or a part of a name. */
export const ADMIN_QUEUE_SEARCH_MAX_LENGTH = 100

/** A transfer's reference as the bank or the chain gives it (a hash is 66 characters). */
export const REAL_NUMBER_MAX_LENGTH = 128

export const DECISION_REMARK_MAX_LENGTH = 200
