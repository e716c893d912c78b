/** `OrderType`: 1 buy, 2 sell. */
export const Side = { Buy: 1, Sell: 2 } as const
export type SideValue = (typeof Side)[keyof typeof Side]

/** `Status` of an order. 2 (closing) is never stored: a close is one transaction. */
export const OrderStatus = {
  Pending: 0,
  Holding: 1,
  Closing: 2,
  Closed: 3,
  Cancelled: 4,
  Expired: 5,
} as const
export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus]

/**
 * `ClosedType`: why a position closed. Ours beyond the family's: 6 closed by its owner against an
 * opposite position of the same instrument, MT5's "close by" (`CloseById` names that position); 7 a
 * copy closed because the trader it copies closed it; 8 a copy closed by its follow's copy
 * stop-loss (decision 053).
 */
export const ClosedType = {
  User: 1,
  StopOut: 2,
  TakeProfit: 3,
  StopLoss: 4,
  Staff: 5,
  CloseBy: 6,
  Copy: 7,
  CopyStop: 8,
} as const
export type ClosedTypeValue = (typeof ClosedType)[keyof typeof ClosedType]

/** A pending order's kind (`TransOrder.PendingType`): named with its side, Buy Limit, Sell Stop, ... */
export const PendingType = { None: 0, Limit: 1, Stop: 2 } as const
export type PendingTypeValue = (typeof PendingType)[keyof typeof PendingType]

/**
 * The kind of a pending order placed on `side` that waits for its price to rise to the target
 * (`entryRises`) or fall to it: a buy waiting for a fall, or a sell for a rise, is a limit order (a
 * better price than now); the others are stop orders.
 */
export const pendingTypeOf = (side: SideValue, entryRises: boolean): PendingTypeValue =>
  (side === Side.Buy) !== entryRises ? PendingType.Limit : PendingType.Stop

/** Kinds of ledger rows (`Type` of a ledger record). 10 shows its memo; the others a translated name. */
export const LedgerType = {
  DEMO_CREDIT: 1,
  DEMO_RESET: 2,
  TRADE_FEE: 3,
  TRADE_PROFIT: 4,
  /** Negative balance protection: the house covers a loss beyond the balance. */
  WRITE_OFF: 5,
  /** A deposit staff approved. */
  DEPOSIT: 6,
  /** A withdrawal paid out: booked out of the frozen balance. */
  WITHDRAWAL: 7,
  /** A withdrawal requested: the amount moves from the balance to the frozen balance. */
  FREEZE: 8,
  /** A withdrawal rejected: the frozen amount returns to the balance. */
  UNFREEZE: 9,
  STAFF_ADJUSTMENT: 10,
  /** Overnight financing of an open position at a rollover: a charge or a credit. */
  SWAP: 11,
  /** Copy trading's profit share (decision 053): paid by a follower (negative), earned by its leader. */
  PROFIT_SHARE: 12,
} as const
export type LedgerTypeValue = (typeof LedgerType)[keyof typeof LedgerType]

export const DEFAULT_PAGE_SIZE = 10

export const MAX_PAGE_SIZE = 100
