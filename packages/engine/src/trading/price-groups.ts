import { DEFAULT_CLIENT_GROUP } from '@tp/contracts'
import { markedQuote, markupSplit } from '../market/markup.ts'
import { fromPoints } from './order-rules.ts'
import type { Quote } from './types.ts'

/** A spread markup of one client group on one instrument, in points (decision 052). */
export interface GroupMarkup {
  group: string
  instrumentId: number
  points: number
}

/**
 * Who pays which extra spread (issue 28, decision 052): each client's group, and each group's markup
 * per instrument on top of the house's price (the provider's, widened by the instrument's markup).
 * A client of a group with no markup on an instrument trades at the house's price. Immutable: the
 * engine swaps in a new one (`TradingEngine.setPricing`) and re-keys only the accounts it moves.
 */
export class PriceGroups {
  /** Users outside the default group. */
  private readonly groups: ReadonlyMap<number, string>
  /** Per group: instrument id to points (above 0 only). */
  private readonly markups = new Map<string, Map<number, number>>()

  constructor(groups: ReadonlyMap<number, string> = new Map(), markups: readonly GroupMarkup[] = []) {
    this.groups = new Map([...groups].filter(([, group]) => group !== DEFAULT_CLIENT_GROUP))
    for (const { group, instrumentId, points } of markups) {
      if (!(Number.isSafeInteger(points) && points > 0)) continue
      let byInstrument = this.markups.get(group)
      if (!byInstrument) this.markups.set(group, (byInstrument = new Map()))
      byInstrument.set(instrumentId, points)
    }
  }

  groupOf(userId: number): string {
    return this.groups.get(userId) ?? DEFAULT_CLIENT_GROUP
  }

  /** The extra points a user's quotes of an instrument are wider by (0: the house's price). */
  pointsOf(userId: number, instrumentId: number): number {
    return this.markups.get(this.groupOf(userId))?.get(instrumentId) ?? 0
  }

  /** The markups of one group, by instrument id (empty: it trades at the house's prices). */
  markupsOf(group: string): ReadonlyMap<number, number> {
    return this.markups.get(group) ?? NONE
  }

  /**
   * The keys of `accounts` (user ids) whose points on some instrument differ between this and
   * `next`: a user moved between groups with different markups, or in a group whose markups changed.
   * Walks every account only when a group's markups changed.
   */
  *differing(next: PriceGroups, accounts: ReadonlyMap<number, unknown>): Generator<number> {
    const changed = new Set<string>()
    for (const group of new Set([...this.markups.keys(), ...next.markups.keys()]))
      if (!sameMarkups(this.markupsOf(group), next.markupsOf(group))) changed.add(group)
    // Whether a user in `before` here and `after` in next sees other points, once per pair of groups.
    const pairs = new Map<string, boolean>()
    const differs = (userId: number) => {
      const [before, after] = [this.groupOf(userId), next.groupOf(userId)]
      const key = `${before}\n${after}`
      let result = pairs.get(key)
      if (result === undefined)
        pairs.set(key, (result = !sameMarkups(this.markupsOf(before), next.markupsOf(after))))
      return result
    }
    if (changed.size > 0) {
      // A group's markups changed: any account may be in it (the default group holds most).
      for (const userId of accounts.keys()) if (differs(userId)) yield userId
      return
    }
    for (const userId of new Set([...this.groups.keys(), ...next.groups.keys()]))
      if (accounts.has(userId) && differs(userId)) yield userId
  }

  /** `quote` as a user sees and trades it: widened by the user's group's markup. */
  quoteFor<Q extends Quote>(userId: number, instrumentId: number, quote: Q, precision: number): Q {
    const points = this.pointsOf(userId, instrumentId)
    return points > 0 ? markedQuote(quote, points, precision) : quote
  }
}

const NONE: ReadonlyMap<number, number> = new Map()

const sameMarkups = (a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>): boolean =>
  a.size === b.size && [...a].every(([id, points]) => b.get(id) === points)

/**
 * How far a markup of `points` moves each side of a quote, in price: what markedQuote takes off the
 * bid and adds to the ask (an odd point on the ask). Example: markupOffsets(3, 5) is [0.00001, 0.00002].
 */
export function markupOffsets(points: number, precision: number): [bid: number, ask: number] {
  if (points <= 0) return [0, 0]
  const [below, above] = markupSplit(points)
  return [fromPoints(below, precision), fromPoints(above, precision)]
}
