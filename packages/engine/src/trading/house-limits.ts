import { Side, type SideValue } from '@tp/contracts'
import { ZERO, money, type Money } from './money.ts'
import type { InstrumentTerms, Rejection, RejectionDetail } from './types.ts'

/**
 * The house's limits on what clients hold (a B-book broker is the other side of every position):
 * per instrument, the net lots of all real clients together (buys less sells), and the lots one
 * account may hold on one side. Demo accounts hold no house money: they count in no net limit.
 */
export class HouseLimits {
  private readonly net = new Map<number, Money>()

  /** Adds lots to an instrument's net (a buy's positive, a sell's negative; a close passes them negated). */
  add(instrumentId: number, side: SideValue, lots: Money): void {
    const signed = side === Side.Buy ? lots : lots.negated()
    this.net.set(instrumentId, this.netOf(instrumentId).plus(signed))
  }

  netOf(instrumentId: number): Money {
    return this.net.get(instrumentId) ?? ZERO
  }

  /**
   * Whether `lots` more on `side` fit the limits: the account's own (with `held` lots on that side
   * already, positions and pending orders) and, for a real account, the net one. A trade that brings
   * the net nearer zero on the same side always fits (even past a limit staff lowered); one that takes
   * it across zero must end within the limit. `netOnly` checks the net limit alone (a pending order's
   * fill). Example: with a net limit of 10 and clients net long 9.5, a buy of 1 and a sell of 20 are
   * 'exposure_limit' (net 10.5 long, 10.5 short), and a sell of 19 fits (9.5 short).
   */
  check(
    terms: Pick<InstrumentTerms, 'id' | 'maxNetLots' | 'maxAccountLots'>,
    account: { demo: boolean },
    held: Money,
    side: SideValue,
    lots: Money,
    netOnly = false,
  ): { reason: Rejection; detail?: RejectionDetail } | undefined {
    if (!netOnly && terms.maxAccountLots !== null && held.plus(lots).greaterThan(terms.maxAccountLots))
      return {
        reason: 'account_limit',
        detail: { max: money(terms.maxAccountLots).toString(), held: held.toString() },
      }
    if (account.demo || terms.maxNetLots === null) return undefined
    const now = this.netOf(terms.id)
    const next = now.plus(side === Side.Buy ? lots : lots.negated())
    const crossesZero = (now.gt(0) && next.lt(0)) || (now.lt(0) && next.gt(0))
    if (next.abs().greaterThan(terms.maxNetLots) && (next.abs().greaterThan(now.abs()) || crossesZero))
      // The house's position is its own business: the refusal says no figure.
      return { reason: 'exposure_limit' }
    return undefined
  }
}
