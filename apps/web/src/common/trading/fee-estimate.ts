import type { Instrument } from '@tp/contracts/light'
import { money, openingFee } from '@tp/engine/rules'

// Exact decimals (decimal.js) come with the sheets that estimate (order, quick trade, spec sheet),
// not with the quotes and trade screens' first paint.

/**
 * The fee charged at open by the engine's rule (`openingFee`, decision 007): lots x fee rate when
 * `trade_fee_type` is 1 (per lot), else margin x fee rate, to the cent, up.
 */
export function estimateFee(
  instrument: Instrument,
  lots: number,
  margin: number | null,
  feePerLot: boolean | undefined,
): number | null {
  if (feePerLot === undefined || !(lots > 0)) return null
  return margin === null && !feePerLot
    ? null
    : openingFee(feePerLot, money(lots), money(margin ?? 0), money(instrument.ForexFeeRate)).toNumber()
}
