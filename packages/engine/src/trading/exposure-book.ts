/** Who holds what and every account's float marks, revalued per tick over typed arrays. */
import { Side, type SideValue } from '@tp/contracts'
import { grow, HolderTable } from './holder-table.ts'
import type { Quote } from './types.ts'

/** What the exposure book needs on an account object; its marks and flags live in the book's arrays. */
export interface Valued {
  /** Index into the book's account arrays (set by `register`). */
  slot: number
  /** Where each instrument's exposure sits in that instrument's holder table. */
  exposures: Map<number, number>
}

/** Margin levels (%) at which an account must be looked at. */
export interface Levels {
  marginCall: number
  stopOut: number
}

/** A position as the book holds it: `fixed` for fixed margin mode (margin = units, in USD). */
export interface BookPosition {
  side: SideValue
  units: number
  price: number
  leverage: number
  fixed: boolean
}

/** Flags per account slot. */
const QUEUED = 1
const MARGIN_CALLED = 2

/**
 * Who holds what, by instrument, and every account's float marks (balance, margin, unrealized
 * profit in USD). A tick revalues only the rows of the instrument quoted, a few multiplications
 * each over typed arrays. Each account also keeps its profit and quoted margin per quote currency,
 * so that a tick that moves a USD rate (USDJPY) shifts the USD totals of the accounts holding
 * anything quoted in that currency with two multiplications each, instead of revaluing every row of
 * every JPY instrument. Marks are floats (docs/architecture.md: risk marks may be); booked money
 * never comes from here.
 */
export class ExposureBook<A extends Valued> {
  private readonly tables = new Map<number, HolderTable>()
  private readonly currencies = new Map<string, number>([['USD', 0]])
  private readonly currencyNames = ['USD']
  /** USD per unit of each currency, as the USD totals are counted (USD: 1). */
  private readonly rates = [1]
  /** Per currency, by slot: profit and the quoted part of margin, in that currency. */
  private readonly profitIn: Float64Array[] = [new Float64Array(16)]
  private readonly marginIn: Float64Array[] = [new Float64Array(16)]
  /** Per currency: its tables holding fixed-margin positions (re-counted when the rate moves). */
  private readonly tablesIn: HolderTable[][] = [[]]
  /** Per instrument: the currencies whose USD rate its quote sets (USDJPY: JPY). */
  private pricing = new Map<number, number[]>()
  private readonly accounts: A[] = []
  private balance = new Float64Array(16)
  private margin = new Float64Array(16)
  private profit = new Float64Array(16)
  private flags = new Uint8Array(16)
  /** Accounts queued for a risk check, in the order they were queued. */
  private due: A[] = []

  constructor(
    private readonly quoteOf: (instrumentId: number) => Quote | undefined,
    private readonly currencyOf: (instrumentId: number) => string | undefined,
    private readonly rateOf: (currency: string) => number | undefined,
    /** How much wider an account's quote of an instrument is (bid down, ask up): its group's markup. */
    private readonly offsetsOf: (account: A, instrumentId: number) => [bid: number, ask: number] = () => [
      0, 0,
    ],
  ) {}

  /** Learns, per conversion instrument, the instruments whose quote currency it prices. */
  setConversions(convertedVia: Map<number, number[]>): void {
    this.pricing = new Map()
    for (const [instrumentId, converted] of convertedVia) {
      const currency = converted[0] === undefined ? undefined : this.currencyOf(converted[0])
      if (currency) this.pricing.set(instrumentId, [this.currencyIndex(currency)])
    }
    // A catalogue edit that changed an instrument's quote currency: its rows count in the new one.
    let moved = false
    for (const [instrumentId, table] of this.tables) {
      const currency = this.currencyIndex(this.currencyOf(instrumentId) ?? 'USD')
      if (currency === table.currency) continue
      this.tablesIn[table.currency] = (this.tablesIn[table.currency] ?? []).filter((t) => t !== table)
      table.currency = currency
      if (table.fixedPositions > 0 && currency !== 0) this.tablesIn[currency]?.push(table)
      moved = true
    }
    if (moved) for (const account of this.accounts) this.refresh(account)
  }

  /** Gives an account its slot in the arrays, with its balance and margin-call state. */
  register(account: A, balance: number, marginCalled = false): void {
    account.slot = this.accounts.length
    this.accounts.push(account)
    const size = this.accounts.length
    this.balance = grow(this.balance, size)
    this.margin = grow(this.margin, size)
    this.profit = grow(this.profit, size)
    this.flags = grow(this.flags, size)
    for (let c = 0; c < this.currencyNames.length; c++) this.growCurrency(c, size)
    this.balance[account.slot] = balance
    this.flags[account.slot] = marginCalled ? MARGIN_CALLED : 0
  }

  setBalance(account: A, value: number): void {
    this.balance[account.slot] = value
  }

  /** Margin used now (hedged, at current prices), in USD. */
  marginOf(account: A): number {
    return this.margin[account.slot] as number
  }

  /** Unrealized profit now, in USD. */
  profitOf(account: A): number {
    return this.profit[account.slot] as number
  }

  /** Balance + unrealized profit - margin used (float). */
  freeMargin(account: A): number {
    const s = account.slot
    return (this.balance[s] as number) + (this.profit[s] as number) - (this.margin[s] as number)
  }

  /** Margin level in percent; Infinity with no margin used. */
  level(account: A): number {
    const s = account.slot
    const margin = this.margin[s] as number
    return margin > 0 ? (((this.balance[s] as number) + (this.profit[s] as number)) / margin) * 100 : Infinity
  }

  /** Below the margin-call level since it was last checked. */
  isMarginCalled(account: A): boolean {
    return ((this.flags[account.slot] as number) & MARGIN_CALLED) !== 0
  }

  setMarginCalled(account: A, called: boolean): void {
    const flags = this.flags[account.slot] as number
    this.flags[account.slot] = called ? flags | MARGIN_CALLED : flags & ~MARGIN_CALLED
  }

  /** Queues an account for a risk check (once until the queue is taken). */
  queue(account: A): void {
    const flags = this.flags[account.slot] as number
    if (flags & QUEUED) return
    this.flags[account.slot] = flags | QUEUED
    this.due.push(account)
  }

  /** The accounts queued so far, in order; each may be queued again from now on. */
  takeQueued(): A[] {
    const due = this.due
    this.due = []
    for (const account of due) this.flags[account.slot] = (this.flags[account.slot] as number) & ~QUEUED
    return due
  }

  /**
   * How much the account's margin would grow if it added `position` at the current quote (0 when it
   * only offsets the larger side of a hedge).
   */
  marginIncrease(account: A, instrumentId: number, position: Omit<BookPosition, 'price'>): number {
    const quote = this.quoteOf(instrumentId)
    const currency = this.currencyOf(instrumentId)
    const rate = currency === undefined ? undefined : this.rateOf(currency)
    if (!quote || rate === undefined) return Infinity
    const row = account.exposures.get(instrumentId)
    const table = this.tables.get(instrumentId)
    const at = (array: 'buyFixed' | 'buyWeight' | 'sellFixed' | 'sellWeight') =>
      row === undefined || !table ? 0 : (table[array][row] as number)
    const sides = [at('buyFixed'), at('buyWeight'), at('sellFixed'), at('sellWeight')]
    const [bidOff, askOff] = this.offsetsOf(account, instrumentId)
    const [bid, ask] = [quote.bid - bidOff, quote.ask + askOff]
    const marginOf = ([buyFixed, buyWeight, sellFixed, sellWeight]: number[]) =>
      Math.max(buyFixed! + buyWeight! * ask * rate, sellFixed! + sellWeight! * bid * rate)
    const added = [...sides]
    const index = (position.side === Side.Buy ? 0 : 2) + (position.fixed ? 0 : 1)
    added[index] = added[index]! + (position.fixed ? position.units : position.units / position.leverage)
    return marginOf(added) - marginOf(sides)
  }

  /** Adds (sign 1) or removes (sign -1) one position. */
  change(account: A, instrumentId: number, position: BookPosition, sign: 1 | -1): void {
    const { side, units, price, fixed } = position
    const table = this.tableOf(instrumentId)
    const weight = fixed ? 0 : units / position.leverage
    const fixedMargin = fixed ? units : 0
    let row = account.exposures.get(instrumentId)
    if (row === undefined) {
      row = table.add(account.slot)
      account.exposures.set(instrumentId, row)
      ;[table.bidOff[row], table.askOff[row]] = this.offsetsOf(account, instrumentId)
    }
    table.positions[row] = (table.positions[row] as number) + sign
    if (fixed) this.countFixed(table, sign)
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
      if (moved >= 0) (this.accounts[moved] as A).exposures.set(instrumentId, row)
    }
    this.refresh(account)
  }

  /**
   * Revalues what a quote of `instrumentId` moves: its holders' rows, then (a conversion pair) the
   * USD totals of every account holding anything quoted in the currency it prices. With `levels`,
   * queues (once) every account whose margin level is below stop-out or has crossed the margin-call
   * level: the only ones worth a closer look.
   */
  revalue(instrumentId: number, levels?: Levels): void {
    const table = this.tables.get(instrumentId)
    const quote = this.quoteOf(instrumentId)
    if (table && quote) this.revalueRows(table, quote, levels)
    for (const currency of this.pricing.get(instrumentId) ?? []) this.rerate(currency, levels)
  }

  /** The account's quotes are wider or narrower now (it moved group, or its group's markups changed). */
  reprice(account: A): void {
    for (const [instrumentId, row] of account.exposures) {
      const table = this.tables.get(instrumentId) as HolderTable
      ;[table.bidOff[row], table.askOff[row]] = this.offsetsOf(account, instrumentId)
    }
    this.refresh(account)
  }

  /** Recomputes an account's marks from scratch (after a change: no float drift builds up). */
  refresh(account: A): void {
    const slot = account.slot
    for (let c = 0; c < this.currencyNames.length; c++) {
      this.rerate(c)
      ;(this.profitIn[c] as Float64Array)[slot] = 0
      ;(this.marginIn[c] as Float64Array)[slot] = 0
    }
    let profit = 0
    let margin = 0
    for (const [instrumentId, row] of account.exposures) {
      const table = this.tables.get(instrumentId) as HolderTable
      const quote = this.quoteOf(instrumentId)
      const c = table.currency
      const rate = this.rates[c] as number
      if (quote) {
        table.profit[row] = table.quoteProfit(row, quote)
        const { fixed, quoted } = table.marginAt(row, quote, rate)
        table.marginFixed[row] = fixed
        table.marginQuoted[row] = quoted
      }
      const profitIn = this.profitIn[c] as Float64Array
      const marginIn = this.marginIn[c] as Float64Array
      profitIn[slot] = profitIn[slot]! + table.profit[row]!
      marginIn[slot] = marginIn[slot]! + table.marginQuoted[row]!
      profit += (table.profit[row] as number) * rate
      margin += (table.marginFixed[row] as number) + (table.marginQuoted[row] as number) * rate
    }
    this.profit[slot] = profit
    this.margin[slot] = margin
  }

  /** The hot loop of a tick: arithmetic over typed arrays, no calls, no objects but the queued. */
  private revalueRows(table: HolderTable, quote: Quote, levels: Levels | undefined): void {
    const { bid, ask } = quote
    const rate = this.rates[table.currency] as number
    const pickRate = rate > 0 ? rate : 1
    const { account, buyUnits, buyCost, sellUnits, sellCost, buyWeight, sellWeight, buyFixed, sellFixed } =
      table
    const { profit: rowProfit, marginFixed, marginQuoted, bidOff, askOff } = table
    const profitIn = this.profitIn[table.currency] as Float64Array
    const marginIn = this.marginIn[table.currency] as Float64Array
    const { balance, profit, margin, flags } = this
    for (let row = 0; row < table.size; row++) {
      const slot = account[row]!
      // The row's own quote: its account's group may pay a markup (HolderTable.bidOff).
      const rowBid = bid - bidOff[row]!
      const rowAsk = ask + askOff[row]!
      const rowValue = rowBid * buyUnits[row]! - buyCost[row]! + sellCost[row]! - rowAsk * sellUnits[row]!
      const profitChange = rowValue - rowProfit[row]!
      rowProfit[row] = rowValue
      profitIn[slot]! += profitChange
      profit[slot]! += profitChange * rate
      // The larger side, as HolderTable.marginAt picks it.
      const buyQuoted = buyWeight[row]! * rowAsk
      const sellQuoted = sellWeight[row]! * rowBid
      const buy = buyFixed[row]! + buyQuoted * pickRate >= sellFixed[row]! + sellQuoted * pickRate
      const fixed = buy ? buyFixed[row]! : sellFixed[row]!
      const quoted = buy ? buyQuoted : sellQuoted
      margin[slot]! += fixed - marginFixed[row]! + (quoted - marginQuoted[row]!) * rate
      marginIn[slot]! += quoted - marginQuoted[row]!
      marginFixed[row] = fixed
      marginQuoted[row] = quoted
      if (levels) this.check(slot, balance, profit, margin, flags, levels)
    }
  }

  /**
   * Brings a currency's USD rate up to date: each account's totals move by its profit and quoted
   * margin in that currency times the change; tables with fixed-margin positions are re-counted
   * (their larger side may change with the rate).
   */
  private rerate(currency: number, levels?: Levels): void {
    const now = this.rateOf(this.currencyNames[currency] as string)
    const before = this.rates[currency] as number
    if (now === undefined || now === before) return
    this.rates[currency] = now
    const change = now - before
    const profitIn = this.profitIn[currency] as Float64Array
    const marginIn = this.marginIn[currency] as Float64Array
    const { balance, profit, margin, flags } = this
    for (let slot = 0; slot < this.accounts.length; slot++) {
      const inProfit = profitIn[slot]!
      const inMargin = marginIn[slot]!
      if (inProfit === 0 && inMargin === 0) continue
      profit[slot] = profit[slot]! + inProfit * change
      margin[slot] = margin[slot]! + inMargin * change
      if (levels) this.check(slot, balance, profit, margin, flags, levels)
    }
    for (const table of this.tablesIn[currency] as HolderTable[]) {
      const quote = this.quoteOf(table.instrumentId)
      if (quote) this.revalueRows(table, quote, levels)
    }
  }

  /** Queues the account of `slot` if below stop-out or across the margin-call level either way. */
  private check(
    slot: number,
    balance: Float64Array,
    profit: Float64Array,
    margin: Float64Array,
    flags: Uint8Array,
    levels: Levels,
  ): void {
    const used = margin[slot]!
    if (used <= 0) return
    const state = flags[slot]!
    if (state & QUEUED) return
    const level = ((balance[slot]! + profit[slot]!) / used) * 100
    if (level < levels.stopOut || level < levels.marginCall !== ((state & MARGIN_CALLED) !== 0)) {
      flags[slot] = state | QUEUED
      this.due.push(this.accounts[slot] as A)
    }
  }

  private tableOf(instrumentId: number): HolderTable {
    let table = this.tables.get(instrumentId)
    if (!table) {
      table = new HolderTable(instrumentId, this.currencyIndex(this.currencyOf(instrumentId) ?? 'USD'))
      this.tables.set(instrumentId, table)
    }
    return table
  }

  /** Tables with fixed-margin positions are listed under their currency (never needed for USD). */
  private countFixed(table: HolderTable, sign: 1 | -1): void {
    table.fixedPositions += sign
    if (table.currency === 0) return
    const listed = this.tablesIn[table.currency] as HolderTable[]
    if (sign === 1 && table.fixedPositions === 1) listed.push(table)
    else if (sign === -1 && table.fixedPositions === 0) listed.splice(listed.indexOf(table), 1)
  }

  private currencyIndex(name: string): number {
    const known = this.currencies.get(name)
    if (known !== undefined) return known
    const index = this.currencyNames.length
    this.currencies.set(name, index)
    this.currencyNames.push(name)
    this.rates.push(this.rateOf(name) ?? 0)
    this.profitIn.push(new Float64Array(0))
    this.marginIn.push(new Float64Array(0))
    this.tablesIn.push([])
    this.growCurrency(index, Math.max(16, this.accounts.length))
    return index
  }

  private growCurrency(currency: number, size: number): void {
    this.profitIn[currency] = grow(this.profitIn[currency] as Float64Array, size)
    this.marginIn[currency] = grow(this.marginIn[currency] as Float64Array, size)
  }
}
