import { Side, type SideValue } from '@tp/contracts'
import type { Quote } from './types.ts'

/** What the exposure book keeps of an account: float marks, refreshed on every tick that moves them. */
export interface Valued {
  /** The booked balance and held margin as floats (kept in step by the engine). */
  balanceValue: number
  marginValue: number
  /** Unrealized profit of all open positions in USD: the sum of its exposures' `profitUsd`. */
  profitValue: number
  exposures: Map<number, Exposure>
}

/** One account's open positions in one instrument, summed: a mark is then a few multiplications. */
export interface Exposure {
  account: Valued
  instrumentId: number
  positions: number
  buyUnits: number
  buyCost: number
  sellUnits: number
  sellCost: number
  profitUsd: number
  /** Where it sits in its instrument's holder list (for O(1) removal). */
  slot: number
}

/** USD per unit of an instrument's quote currency now, or undefined. */
export type RateOf = (instrumentId: number) => number | undefined

/**
 * Who holds what, by instrument: a tick revalues only the accounts holding that instrument, or an
 * instrument whose profit converts through it, and each in O(1). Marks are floats (ARCHITECTURE.md:
 * risk marks may be); booked money never comes from here.
 */
export class ExposureBook {
  private readonly holders = new Map<number, Exposure[]>()
  /** For a conversion instrument (USDJPY): the instruments quoted in the currency it prices. */
  private convertedVia = new Map<number, number[]>()

  constructor(
    private readonly quoteOf: (instrumentId: number) => Quote | undefined,
    private readonly rateOf: RateOf,
  ) {}

  setConversions(convertedVia: Map<number, number[]>): void {
    this.convertedVia = convertedVia
  }

  /** Adds (sign 1) or removes (sign -1) one position of `units` at `price`. */
  change(
    account: Valued,
    instrumentId: number,
    side: SideValue,
    units: number,
    price: number,
    sign: 1 | -1,
  ): void {
    let exposure = account.exposures.get(instrumentId)
    if (!exposure) {
      const list = this.holders.get(instrumentId) ?? []
      this.holders.set(instrumentId, list)
      exposure = {
        account,
        instrumentId,
        positions: 0,
        buyUnits: 0,
        buyCost: 0,
        sellUnits: 0,
        sellCost: 0,
        profitUsd: 0,
        slot: list.length,
      }
      list.push(exposure)
      account.exposures.set(instrumentId, exposure)
    }
    exposure.positions += sign
    if (side === Side.Buy) {
      exposure.buyUnits += sign * units
      exposure.buyCost += sign * units * price
    } else {
      exposure.sellUnits += sign * units
      exposure.sellCost += sign * units * price
    }
    if (exposure.positions === 0) this.drop(exposure)
    this.refresh(account)
  }

  /**
   * Revalues the exposures a quote of `instrumentId` moves (its holders, and holders of instruments
   * converting through it), calling `visit` after each; `visit` must not open or close positions.
   */
  revalue(instrumentId: number, visit: (account: Valued) => void): void {
    this.revalueHolders(instrumentId, visit)
    for (const converted of this.convertedVia.get(instrumentId) ?? [])
      if (converted !== instrumentId) this.revalueHolders(converted, visit)
  }

  /** Recomputes an account's profit from scratch (after a change, so float drift never builds up). */
  refresh(account: Valued): void {
    let profit = 0
    for (const exposure of account.exposures.values()) {
      const quote = this.quoteOf(exposure.instrumentId)
      const rate = this.rateOf(exposure.instrumentId)
      if (quote && rate !== undefined) exposure.profitUsd = profitOf(exposure, quote) * rate
      profit += exposure.profitUsd
    }
    account.profitValue = profit
  }

  private revalueHolders(instrumentId: number, visit: (account: Valued) => void): void {
    const list = this.holders.get(instrumentId)
    const quote = this.quoteOf(instrumentId)
    const rate = this.rateOf(instrumentId)
    if (!list || !quote || rate === undefined) return
    // `visit` must not change exposures (the engine only queues accounts while this runs).
    for (let i = 0; i < list.length; i++) {
      const exposure = list[i] as Exposure
      const profitUsd = profitOf(exposure, quote) * rate
      exposure.account.profitValue += profitUsd - exposure.profitUsd
      exposure.profitUsd = profitUsd
      visit(exposure.account)
    }
  }

  private drop(exposure: Exposure): void {
    const list = this.holders.get(exposure.instrumentId) as Exposure[]
    const last = list.pop() as Exposure
    if (last !== exposure) {
      list[exposure.slot] = last
      last.slot = exposure.slot
    }
    exposure.account.exposures.delete(exposure.instrumentId)
  }
}

/** Profit in the quote currency: buys marked at the bid, sells at the ask. */
const profitOf = (e: Exposure, quote: Quote) =>
  quote.bid * e.buyUnits - e.buyCost + e.sellCost - quote.ask * e.sellUnits
