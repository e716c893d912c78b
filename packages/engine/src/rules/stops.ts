import { Side, type SideValue } from '@tp/contracts/light'

/*
 * Where a stop-loss and a take-profit may lie, for the engine that refuses them and the phone that
 * says why before sending. order-rules.ts holds the stops level (stopsFarEnough, pointsApart).
 */

export type StopKind = 'stopLoss' | 'takeProfit'

/**
 * Whether a stop that is set lies on its side of `reference` (the price the position closes at now,
 * or a pending order's price): a buy's stop-loss below it and its take-profit above it, a sell's the
 * other way round. 0 (none) always does. Example: stopOnItsSide('stopLoss', Side.Buy, 1.09, 1.1) is
 * true; stopOnItsSide('takeProfit', Side.Buy, 1.09, 1.1) is false.
 */
export function stopOnItsSide(kind: StopKind, side: SideValue, stop: number, reference: number): boolean {
  if (stop === 0) return true
  const belowWanted = (kind === 'stopLoss') === (side === Side.Buy)
  return belowWanted ? stop < reference : stop > reference
}
