/** The query parameter of /trade that names the instrument shown, by its `Id`. */
export const TRADE_INSTRUMENT_PARAM = 'id'

/** /trade showing one instrument: where a tap on a market row goes (docs/product.md "Screens"). */
export function tradePath(instrumentId: number): string {
  return `/trade?${TRADE_INSTRUMENT_PARAM}=${instrumentId}`
}
