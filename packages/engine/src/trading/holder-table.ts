/** The accounts holding one instrument, a row each, as parallel typed arrays the tick path walks. */
import type { Quote } from './types.ts'

/** The array itself if it holds `size`, else a copy at least twice as long. */
export const grow = <T extends Float64Array | Int32Array | Uint8Array>(array: T, size: number): T => {
  if (size <= array.length) return array
  const bigger = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2))
  bigger.set(array)
  return bigger
}

/** A row's margin split so that its USD value at any rate r is `fixed + quoted * r`. */
export interface RowMargin {
  /** USD, whatever the rate (fixed margin mode). */
  fixed: number
  /** In the quote currency (leveraged: units / leverage x price). */
  quoted: number
}

/**
 * One row per account holding the instrument: summed units and cost of its buys and sells, their
 * margin weights, and the last profit (in the quote currency) and margin (fixed USD plus a quoted
 * part) the book counted for it. Keeping the marks in the quote currency lets a move of the USD rate
 * reach the accounts without touching their rows (exposure-book.ts).
 *
 * Margin of each side: the sum of units / leverage of its leveraged positions (weight x price x
 * rate) plus the sum of units of its fixed-margin ones (USD as they are). Opposite positions hold
 * the margin of the larger side (hedged margin, as MT5 brokers do).
 */
export class HolderTable {
  size = 0
  /** Positions of this instrument in fixed margin mode, all accounts together. */
  fixedPositions = 0
  account: Int32Array = new Int32Array(16)
  positions: Int32Array = new Int32Array(16)
  buyUnits: Float64Array = new Float64Array(16)
  buyCost: Float64Array = new Float64Array(16)
  sellUnits: Float64Array = new Float64Array(16)
  sellCost: Float64Array = new Float64Array(16)
  buyWeight: Float64Array = new Float64Array(16)
  sellWeight: Float64Array = new Float64Array(16)
  buyFixed: Float64Array = new Float64Array(16)
  sellFixed: Float64Array = new Float64Array(16)
  /** Profit in the quote currency as last counted. */
  profit: Float64Array = new Float64Array(16)
  /** Margin as last counted: the USD part and the quote-currency part (RowMargin). */
  marginFixed: Float64Array = new Float64Array(16)
  marginQuoted: Float64Array = new Float64Array(16)
  /**
   * How much wider the account's quote is than the instrument's (its client group's markup,
   * decision 052): taken off the bid and added to the ask of every mark and margin of the row.
   */
  bidOff: Float64Array = new Float64Array(16)
  askOff: Float64Array = new Float64Array(16)

  /** @param currency the book's index of the instrument's quote currency */
  constructor(
    readonly instrumentId: number,
    public currency: number,
  ) {}

  add(accountSlot: number): number {
    const row = this.size++
    for (const name of COLUMNS) this[name] = grow(this[name] as Float64Array, this.size)
    this.account = grow(this.account, this.size)
    this.positions = grow(this.positions, this.size)
    this.account[row] = accountSlot
    this.positions[row] = 0
    for (const name of COLUMNS) this[name][row] = 0
    return row
  }

  /** Moves the last row into `row`; returns the account slot of the moved row (or -1). */
  removeRow(row: number): number {
    const last = --this.size
    if (row === last) return -1
    this.account[row] = this.account[last] as number
    this.positions[row] = this.positions[last] as number
    for (const name of COLUMNS) this[name][row] = this[name][last] as number
    return this.account[row] as number
  }

  /** Profit in the quote currency of a row: buys marked at the account's bid, sells at its ask. */
  quoteProfit(row: number, quote: Quote): number {
    return (
      (quote.bid - (this.bidOff[row] as number)) * (this.buyUnits[row] as number) -
      (this.buyCost[row] as number) +
      (this.sellCost[row] as number) -
      (quote.ask + (this.askOff[row] as number)) * (this.sellUnits[row] as number)
    )
  }

  /**
   * A row's margin at a quote and rate: the larger side, buys at the account's ask and sells at its bid. Which
   * side is larger does not depend on the rate unless the row mixes fixed and leveraged positions
   * (the book re-counts such tables when the rate moves).
   */
  marginAt(row: number, quote: Quote, rate: number): RowMargin {
    const buyQuoted = (this.buyWeight[row] as number) * (quote.ask + (this.askOff[row] as number))
    const sellQuoted = (this.sellWeight[row] as number) * (quote.bid - (this.bidOff[row] as number))
    const buyFixed = this.buyFixed[row] as number
    const sellFixed = this.sellFixed[row] as number
    // An unknown rate (0) still picks the larger leveraged side.
    const r = rate > 0 ? rate : 1
    return buyFixed + buyQuoted * r >= sellFixed + sellQuoted * r
      ? { fixed: buyFixed, quoted: buyQuoted }
      : { fixed: sellFixed, quoted: sellQuoted }
  }
}

/** The float columns of a row (the two integer ones are handled apart). */
const COLUMNS = [
  'buyUnits',
  'buyCost',
  'sellUnits',
  'sellCost',
  'buyWeight',
  'sellWeight',
  'buyFixed',
  'sellFixed',
  'profit',
  'marginFixed',
  'marginQuoted',
  'bidOff',
  'askOff',
] as const
