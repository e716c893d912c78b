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
   *
   * `opposite` is the account's own open positions on the other side: they give it no room (issue 22).
   * The order is checked against the net as if they were closed already, since the account can close
   * them at any moment (closes are always taken): with a limit of 10, an account short 10 that buys 10
   * is checked from a net of 0 to 10 (taken), and one more lot is refused, where counting its own
   * short as room let "sell 10, buy 10, close the sell" end 10 past the limit, round after round.
   */
  check(
    terms: Pick<InstrumentTerms, 'id' | 'maxNetLots' | 'maxAccountLots'>,
    account: { demo: boolean },
    held: Money,
    side: SideValue,
    lots: Money,
    opposite: Money,
    netOnly = false,
  ): { reason: Rejection; detail?: RejectionDetail } | undefined {
    if (!netOnly && terms.maxAccountLots !== null && held.plus(lots).greaterThan(terms.maxAccountLots))
      return {
        reason: 'account_limit',
        detail: { max: money(terms.maxAccountLots).toString(), held: held.toString() },
      }
    if (account.demo || terms.maxNetLots === null) return undefined
    // The net without this account's opposite positions (a buy's: its sells, which count negative).
    const now = this.netOf(terms.id).plus(side === Side.Buy ? opposite : opposite.negated())
    const next = now.plus(side === Side.Buy ? lots : lots.negated())
    const crossesZero = (now.gt(0) && next.lt(0)) || (now.lt(0) && next.gt(0))
    if (next.abs().greaterThan(terms.maxNetLots) && (next.abs().greaterThan(now.abs()) || crossesZero))
      // The house's position is its own business: the refusal says no figure.
      return { reason: 'exposure_limit' }
    return undefined
  }
}
