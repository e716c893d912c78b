/*
 * Where a new price alert may lie, for the engine that refuses it (`alert_reached`) and the phone
 * that says why before sending.
 */

/**
 * Whether an alert's price is still ahead of the bid: above it for an alert on a rise, below it for
 * one on a fall. Without a bid (0) any price is. Example: alertAhead(true, 1.2, 1.1) is true;
 * alertAhead(true, 1.1, 1.1) is false (already reached).
 */
export const alertAhead = (above: boolean, price: number, bid: number): boolean =>
  !(bid > 0) || (above ? price > bid : price < bid)
