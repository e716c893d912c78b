/**
 * Where hedge orders go (decision 051): the liquidity providers' order sessions
 * (fix/fix-hedge-venue.ts), or a fake in a unit test. The hedger speaks only these terms.
 */

/** A hedge order as the provider is sent it: quantity in units of the symbol (lots × contract size). */
export interface OrderTicket {
  clOrdId: string
  symbol: string
  side: 'buy' | 'sell'
  quantity: number
}

/** A provider's execution report, in plain terms. */
export interface Execution {
  clOrdId: string
  /** A trade: part or all of the order filled (once per ExecID; a report sent again carries the same id). */
  fill?: { execId: string; quantity: number; price: number }
  /** The order is over: nothing more will fill. */
  final?: 'filled' | 'rejected' | 'cancelled'
  /** The provider has the order (accepted, or an answer to a status request while it works). */
  working?: true
  /** An answer to a status request: the provider does not know the order (it never arrived). */
  unknown?: true
  /** The provider refused the order as one it already has: its status says what became of it. */
  duplicate?: true
  /** What the provider says it has filled in all, at what average price (every report carries them). */
  filledQuantity: number
  averagePrice: number
  /** The provider's reason for a reject or a cancel. */
  reason: string
  /** The order's side and symbol as the report gives them (a report that contradicts its order is not booked). */
  side?: 'buy' | 'sell'
  symbol?: string
}

export interface VenueEvents {
  /**
   * Reports of the provider's may have been missed: its order session logged on (again), or found a
   * sequence gap (the provider fills a gap with nothing). Ask the status of every open order.
   */
  unsure(provider: string): void
  execution(provider: string, report: Execution): void
}

export interface HedgeVenue {
  /** The provider that takes orders for an instrument, if any does. */
  providerFor(instrumentCode: string): string | undefined
  /** The provider's symbol for an instrument. */
  symbolOf(provider: string, instrumentCode: string): string | undefined
  /** Sends an order; false when the provider's order session is not logged on now (nothing was sent). */
  place(provider: string, ticket: OrderTicket): boolean
  /** Asks what became of an order; false when the session is not logged on now. */
  askStatus(provider: string, ticket: OrderTicket): boolean
  start(events: VenueEvents): void
  stop(): Promise<void>
}
