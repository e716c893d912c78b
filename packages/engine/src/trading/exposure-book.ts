import { Side, type SideValue } from '@tp/contracts'
import type { Quote } from './types.ts'

/** What the exposure book needs on an account object; its marks live in the book's arrays. */
export interface Valued {
  /** Index into the book's account arrays (set by `register`). */
  slot: number
  /** Where each instrument's exposure sits in that instrument's holder table. */
  exposures: Map<number, number>
  /** Below the margin-call level since it was last checked. */
  marginCalled: boolean
  /** Already among the accounts to check in the tick being applied. */
  queued: boolean
}

/** Margin levels (%) at which an account must be looked at. */
export interface Levels {
  marginCall: number
  stopOut: number
}

/** USD per unit of an instrument's quote currency now, or undefined. */
export type RateOf = (instrumentId: number) => number | undefined

const grow = <T extends Float64Array | Int32Array>(array: T, size: number): T => {
  if (size <= array.length) return array
  const bigger = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2))
  bigger.set(array)
  return bigger
}

/**
 * The accounts holding one instrument, one row each, as parallel typed arrays: summed units and
 * cost of their buys and sells, their margin weights, and the last profit and margin in USD. A tick
 * walks them in memory order.
 *
 * Margin of each side: the sum of units / leverage of its leveraged positions (weight x price x
 * rate) plus the sum of units of its fixed-margin ones (USD as they are). Opposite positions hold
 * the margin of the larger side (hedged margin, as MT5 brokers do).
 */
class HolderTable {
  size = 0
  account = new Int32Array(16)
  positions = new Int32Array(16)
  buyUnits = new Float64Array(16)
  buyCost = new Float64Array(16)
  sellUnits = new Float64Array(16)
  sellCost = new Float64Array(16)
  buyWeight = new Float64Array(16)
  sellWeight = new Float64Array(16)
  buyFixed = new Float64Array(16)
  sellFixed = new Float64Array(16)
  profit = new Float64Array(16)
  margin = new Float64Array(16)

  add(accountSlot: number): number {
    const row = this.size++
    this.account = grow(this.account, this.size)
    this.positions = grow(this.positions, this.size)
    this.buyUnits = grow(this.buyUnits, this.size)
    this.buyCost = grow(this.buyCost, this.size)
    this.sellUnits = grow(this.sellUnits, this.size)
    this.sellCost = grow(this.sellCost, this.size)
    this.buyWeight = grow(this.buyWeight, this.size)
    this.sellWeight = grow(this.sellWeight, this.size)
    this.buyFixed = grow(this.buyFixed, this.size)
    this.sellFixed = grow(this.sellFixed, this.size)
    this.profit = grow(this.profit, this.size)
    this.margin = grow(this.margin, this.size)
    this.account[row] = accountSlot
    this.positions[row] = 0
    this.buyUnits[row] = this.buyCost[row] = this.sellUnits[row] = this.sellCost[row] = 0
    this.buyWeight[row] = this.sellWeight[row] = this.profit[row] = this.margin[row] = 0
    this.buyFixed[row] = this.sellFixed[row] = 0
    return row
  }

  /** Moves the last row into `row`; returns the account slot of the moved row (or -1). */
  removeRow(row: number): number {
    const last = --this.size
    if (row === last) return -1
    this.account[row] = this.account[last] as number
    this.positions[row] = this.positions[last] as number
    this.buyUnits[row] = this.buyUnits[last] as number
    this.buyCost[row] = this.buyCost[last] as number
    this.sellUnits[row] = this.sellUnits[last] as number
    this.sellCost[row] = this.sellCost[last] as number
    this.buyWeight[row] = this.buyWeight[last] as number
    this.sellWeight[row] = this.sellWeight[last] as number
    this.buyFixed[row] = this.buyFixed[last] as number
    this.sellFixed[row] = this.sellFixed[last] as number
    this.profit[row] = this.profit[last] as number
    this.margin[row] = this.margin[last] as number
    return this.account[row] as number
  }

  /** Margin in USD of a row at a quote: the larger side, buys at the ask and sells at the bid. */
  marginAt(row: number, quote: Quote, rate: number): number {
    return marginOf(
      this.buyFixed[row] as number,
      this.buyWeight[row] as number,
      this.sellFixed[row] as number,
      this.sellWeight[row] as number,
      quote,
      rate,
    )
  }

  /** Profit in the quote currency of a row: buys marked at the bid, sells at the ask. */
  quoteProfit(row: number, quote: Quote): number {
    return (
      quote.bid * (this.buyUnits[row] as number) -
      (this.buyCost[row] as number) +
      (this.sellCost[row] as number) -
      quote.ask * (this.sellUnits[row] as number)
    )
  }
}

/** Hedged margin of the two sides (see HolderTable): buys weigh at the ask, sells at the bid. */
const marginOf = (
  buyFixed: number,
  buyWeight: number,
  sellFixed: number,
  sellWeight: number,
  quote: Quote,
  rate: number,
) => Math.max(buyFixed + buyWeight * quote.ask * rate, sellFixed + sellWeight * quote.bid * rate)

/** A position as the book holds it: `fixed` for fixed margin mode (margin = units, in USD). */
export interface BookPosition {
  side: SideValue
  units: number
  price: number
  leverage: number
  fixed: boolean
}

/**
 * Who holds what, by instrument, and every account's float marks (balance, margin, unrealized
 * profit and margin in USD). A tick revalues only the accounts holding that instrument, or an
 * instrument whose profit converts through it, each in a few multiplications over typed arrays. Marks are floats
 * (docs/architecture.md: risk marks may be); booked money never comes from here.
 */
export class ExposureBook {
  private readonly tables = new Map<number, HolderTable>()
  /** For a conversion instrument (USDJPY): the instruments quoted in the currency it prices. */
  private convertedVia = new Map<number, number[]>()
  private accounts: Valued[] = []
  private balance = new Float64Array(16)
  private margin = new Float64Array(16)
  private profit = new Float64Array(16)

  constructor(
    private readonly quoteOf: (instrumentId: number) => Quote | undefined,
    private readonly rateOf: RateOf,
  ) {}

  setConversions(convertedVia: Map<number, number[]>): void {
    this.convertedVia = convertedVia
  }

  /** Gives an account its slot in the arrays, with its balance. */
  register(account: Valued, balance: number): void {
    account.slot = this.accounts.length
    this.accounts.push(account)
    const size = this.accounts.length
    this.balance = grow(this.balance, size)
    this.margin = grow(this.margin, size)
    this.profit = grow(this.profit, size)
    this.balance[account.slot] = balance
  }

  setBalance(account: Valued, value: number): void {
    this.balance[account.slot] = value
  }

  /** Margin used now (hedged, at current prices), in USD. */
  marginOf(account: Valued): number {
    return this.margin[account.slot] as number
  }

  /** Unrealized profit now, in USD. */
  profitOf(account: Valued): number {
    return this.profit[account.slot] as number
  }

  /**
   * How much the account's margin would grow if it added `position` at the current quote (0 when it
   * only offsets the larger side of a hedge).
   */
  marginIncrease(account: Valued, instrumentId: number, position: Omit<BookPosition, 'price'>): number {
    const quote = this.quoteOf(instrumentId)
    const rate = this.rateOf(instrumentId)
    if (!quote || rate === undefined) return Infinity
    const row = account.exposures.get(instrumentId)
    const table = this.tables.get(instrumentId)
    const at = (array: keyof Pick<HolderTable, 'buyFixed' | 'buyWeight' | 'sellFixed' | 'sellWeight'>) =>
      row === undefined || !table ? 0 : (table[array][row] as number)
    const sides = [at('buyFixed'), at('buyWeight'), at('sellFixed'), at('sellWeight')] as const
    const before = marginOf(...sides, quote, rate)
    const added = [...sides]
    const index = (position.side === Side.Buy ? 0 : 2) + (position.fixed ? 0 : 1)
    added[index] =
      (added[index] as number) + (position.fixed ? position.units : position.units / position.leverage)
    const after = marginOf(
      added[0] as number,
      added[1] as number,
      added[2] as number,
      added[3] as number,
      quote,
      rate,
    )
    return after - before
  }

  /** Balance + unrealized profit - margin used (float). */
  freeMargin(account: Valued): number {
    const s = account.slot
    return (this.balance[s] as number) + (this.profit[s] as number) - (this.margin[s] as number)
  }

  /** Margin level in percent; Infinity with no margin used. */
  level(account: Valued): number {
    const s = account.slot
    const margin = this.margin[s] as number
    return margin > 0 ? (((this.balance[s] as number) + (this.profit[s] as number)) / margin) * 100 : Infinity
  }

  /** Adds (sign 1) or removes (sign -1) one position. */
  change(account: Valued, instrumentId: number, position: BookPosition, sign: 1 | -1): void {
    const { side, units, price, fixed } = position
    let table = this.tables.get(instrumentId)
    if (!table) this.tables.set(instrumentId, (table = new HolderTable()))
    const weight = fixed ? 0 : units / position.leverage
    const fixedMargin = fixed ? units : 0
    let row = account.exposures.get(instrumentId)
    if (row === undefined) {
      row = table.add(account.slot)
      account.exposures.set(instrumentId, row)
    }
    table.positions[row] = (table.positions[row] as number) + sign
    if (side === Side.Buy) {
      table.buyUnits[row] = (table.buyUnits[row] as number) + sign * units
      table.buyCost[row] = (table.buyCost[row] as number) + sign * units * price
      table.buyWeight[row] = (table.buyWeight[row] as number) + sign * weight
      table.buyFixed[row] = (table.buyFixed[row] as number) + sign * fixedMargin
    } else {
      table.sellUnits[row] = (table.sellUnits[row] as number) + sign * units
      table.sellCost[row] = (table.sellCost[row] as number) + sign * units * price
      table.sellWeight[row] = (table.sellWeight[row] as number) + sign * weight
      table.sellFixed[row] = (table.sellFixed[row] as number) + sign * fixedMargin
    }
    if (table.positions[row] === 0) {
      account.exposures.delete(instrumentId)
      const moved = table.removeRow(row)
      if (moved >= 0) (this.accounts[moved] as Valued).exposures.set(instrumentId, row)
    }
    this.refresh(account)
  }

  /**
   * Revalues the exposures a quote of `instrumentId` moves (its holders, and holders of instruments
   * converting through it). With `levels`, pushes onto `due` (once) every account whose margin level
   * is below stop-out or has crossed the margin-call level: the only ones worth a closer look.
   */
  revalue(instrumentId: number, levels?: Levels, due: Valued[] = []): Valued[] {
    this.revalueHolders(instrumentId, levels, due)
    for (const converted of this.convertedVia.get(instrumentId) ?? [])
      if (converted !== instrumentId) this.revalueHolders(converted, levels, due)
    return due
  }

  /** Recomputes an account's profit and margin from scratch (after a change: no float drift builds up). */
  refresh(account: Valued): void {
    let profit = 0
    let margin = 0
    for (const [instrumentId, row] of account.exposures) {
      const table = this.tables.get(instrumentId) as HolderTable
      const quote = this.quoteOf(instrumentId)
      const rate = this.rateOf(instrumentId)
      if (quote && rate !== undefined) {
        table.profit[row] = table.quoteProfit(row, quote) * rate
        table.margin[row] = table.marginAt(row, quote, rate)
      }
      profit += table.profit[row] as number
      margin += table.margin[row] as number
    }
    this.profit[account.slot] = profit
    this.margin[account.slot] = margin
  }

  /** The hot loop of a tick: arithmetic over typed arrays, no calls. */
  private revalueHolders(instrumentId: number, levels: Levels | undefined, due: Valued[]): void {
    const table = this.tables.get(instrumentId)
    const quote = this.quoteOf(instrumentId)
    const rate = this.rateOf(instrumentId)
    if (!table || !quote || rate === undefined) return
    const { bid, ask } = quote
    const {
      account,
      buyUnits,
      buyCost,
      sellUnits,
      sellCost,
      buyWeight,
      sellWeight,
      buyFixed,
      sellFixed,
      profit,
      margin: held,
    } = table
    const balances = this.balance
    const margins = this.margin
    const profits = this.profit
    for (let row = 0; row < table.size; row++) {
      const value = (bid * buyUnits[row]! - buyCost[row]! + sellCost[row]! - ask * sellUnits[row]!) * rate
      const slot = account[row]!
      profits[slot]! += value - profit[row]!
      profit[row] = value
      const rowMargin = Math.max(
        buyFixed[row]! + buyWeight[row]! * ask * rate,
        sellFixed[row]! + sellWeight[row]! * bid * rate,
      )
      margins[slot]! += rowMargin - held[row]!
      held[row] = rowMargin
      if (!levels) continue
      const margin = margins[slot]!
      if (margin <= 0) continue
      const level = ((balances[slot]! + profits[slot]!) / margin) * 100
      const holder = this.accounts[slot] as Valued
      if (holder.queued) continue
      if (level < levels.stopOut || level < levels.marginCall !== holder.marginCalled) {
        holder.queued = true
        due.push(holder)
      }
    }
  }
}
