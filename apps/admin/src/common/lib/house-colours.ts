/** What is good for the house (its gains) and bad (its losses), in every table that colours money or slippage. */
export const HOUSE_GAIN = '#15803d'
export const HOUSE_LOSS = '#dc2626'
