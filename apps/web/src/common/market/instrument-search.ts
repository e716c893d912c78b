import type { Instrument } from '@tp/contracts/light'
import { instrumentName } from './instrument-name.ts'

const folded = (value: string) => value.replace(/\s+/g, '').toLocaleLowerCase()

/**
 * The drawer's and /product's filter: the text anywhere in the code, shown code, English name or
 * the name in the user's language, ignoring case and spaces.
 */
export function matchesInstrument(instrument: Instrument, text: string): boolean {
  const needle = folded(text)
  if (!needle) return true
  return [instrument.Code, instrument.ShowCode, instrument.Name, instrumentName(instrument)].some(
    (value) => typeof value === 'string' && folded(value).includes(needle),
  )
}
