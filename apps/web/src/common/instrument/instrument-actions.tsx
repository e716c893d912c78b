import type { Instrument } from '@tp/contracts/light'
import { FavouriteStar } from './favourite-star.tsx'
import { SpecSheetButton } from './spec-sheet-button.tsx'

/**
 * The instrument's own actions beside its name on /trade: the favourite star and the "i" button
 * that opens its specification sheet (lazy).
 */
export function InstrumentActions({ instrument }: { instrument: Instrument }) {
  return (
    <span className="instrument-actions">
      <FavouriteStar code={instrument.Code} showCode={instrument.ShowCode} />
      <SpecSheetButton instrument={instrument} />
    </span>
  )
}
