import type { Instrument } from '@tp/contracts/light'

/**
 * The name to show for an instrument: `NameShowTrans`, its name in the language the list was asked
 * in (trade_list answers per `lang` header), else its English name (an older answer, or an order's
 * instrument from a call that does not translate it).
 */
export function instrumentName(instrument: Pick<Instrument, 'Name'> & { NameShowTrans?: string }): string {
  return instrument.NameShowTrans?.trim() || instrument.Name
}
