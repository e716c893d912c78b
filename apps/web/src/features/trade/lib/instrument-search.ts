import type { Instrument } from '@tp/contracts'

/** The drawer's filter: the text anywhere in the code, shown code or name, ignoring case and spaces. */
export function matchesInstrument(instrument: Instrument, text: string): boolean {
  const needle = text.replace(/\s+/g, '').toLowerCase()
  if (!needle) return true
  return [instrument.Code, instrument.ShowCode, instrument.Name].some((value) =>
    value.replace(/\s+/g, '').toLowerCase().includes(needle),
  )
}
