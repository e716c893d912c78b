import type { Instrument } from '@tp/contracts'
import { feeToCents, money } from '@tp/engine'

// Apart from order-estimate.ts: only the order form needs exact decimals (decimal.js), and it is
// loaded with the order sheet, not with the quotes and trade screens' first paint.

/**
 * The fee charged at open (decision 007): lots x fee rate when `trade_fee_type` is 1 (per lot), else
 * margin x fee rate, rounded by the engine's own rule (`feeToCents`: to the cent, up), in exact
 * decimals, so the estimate is what the server books.
 */
export function estimateFee(
  instrument: Instrument,
  lots: number,
  margin: number | null,
  feePerLot: boolean | undefined,
): number | null {
  if (feePerLot === undefined || !(lots > 0)) return null
  const base = feePerLot ? lots : margin
  return base === null ? null : feeToCents(money(base).times(money(instrument.ForexFeeRate))).toNumber()
}
