import { Decimal } from 'decimal.js'
import { money, toCents, type Money } from '../trading/money.ts'

/*
 * MT5's "close by" (docs/decisions/037-close-by.md): what closing a buy and a sell of one instrument
 * against each other closes and earns, for the engine's booking (trading/engine/close-by.ts) and the
 * phone's confirmation.
 */

/** The lots a close by closes on each side: the smaller position's. */
export function closeByLots(buyLots: Decimal.Value, sellLots: Decimal.Value): Money {
  return Decimal.min(money(buyLots), money(sellLots)) as Money
}

/**
 * What the pair earns together: (sell's open - buy's open) x lots x contract size, converted to USD
 * at `usdRate` (USD per unit of the quote currency), to the cent as every realised profit.
 * Example: a buy at 1.1001 and a sell at 1.1009, 0.4 lots of 100,000 at rate 1: 32.
 */
export function closeByProfit(
  buyOpen: Decimal.Value,
  sellOpen: Decimal.Value,
  lots: Decimal.Value,
  contractSize: Decimal.Value,
  usdRate: Decimal.Value,
): Money {
  return toCents(money(sellOpen).minus(buyOpen).times(lots).times(contractSize).times(usdRate))
}
