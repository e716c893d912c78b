import type { HedgeMode } from './hedge-rules.ts'

/**
 * The house's position against its clients and against its providers, per instrument and per way
 * of hedging (decision 051), and what to order to bring the hedge where the rules want it. No IO:
 * the hedger (apps/server/src/hedging) tells it what happened.
 *
 * Quantities are whole lot units (a ten-thousandth of a lot, the finest lot step there is), signed:
 * positive is long. A client's position counts on the client's side (a client long 1 lot is +10,000:
 * the house is short that much); a hedge counts on the house's side at the provider (a buy is +).
 */
export const LOT_UNITS = 10_000

/** Lots (up to four places) as whole lot units. */
export const toLotUnits = (lots: number): number => Math.round(lots * LOT_UNITS)

/** Whole lot units as lots. */
export const fromLotUnits = (units: number): number => units / LOT_UNITS

/** The ways of hedging that order anything. */
export type HedgedMode = Exclude<HedgeMode, 'b_book'>

interface Tracked {
  instrumentId: number
  mode: HedgeMode
  units: number
}

interface Net {
  /** The clients' open positions under this mode. */
  client: number
  /** The house's hedge: filled, and ordered but not yet known to be unfilled. */
  hedge: number
}

export class HedgeBook {
  private readonly positions = new Map<number, Tracked>()
  private readonly nets = new Map<string, Net>()

  /** A client position opened (or was found open at start), under the mode its rule gives now. */
  opened(orderId: number, instrumentId: number, mode: HedgeMode, clientUnits: number): void {
    this.closed(orderId)
    this.positions.set(orderId, { instrumentId, mode, units: clientUnits })
    this.at(instrumentId, mode).client += clientUnits
  }

  /** Part of a position was closed: `clientUnits` is what is left. Unknown positions are ignored. */
  resized(orderId: number, clientUnits: number): void {
    const tracked = this.positions.get(orderId)
    if (!tracked) return
    this.at(tracked.instrumentId, tracked.mode).client += clientUnits - tracked.units
    tracked.units = clientUnits
  }

  /** A position closed in full. Unknown positions (a partial close's own record) are ignored. */
  closed(orderId: number): void {
    const tracked = this.positions.get(orderId)
    if (!tracked) return
    this.positions.delete(orderId)
    this.at(tracked.instrumentId, tracked.mode).client -= tracked.units
  }

  /** Forgets every client position (the rules changed: the caller opens them again under the new ones). The hedge stays. */
  clearClients(): void {
    this.positions.clear()
    for (const net of this.nets.values()) net.client = 0
  }

  /**
   * The hedge changed by `units`: an order sent (its whole size while it works), or the part of one
   * that will not fill (a reject, a cancelled remainder) taken back.
   */
  hedged(instrumentId: number, mode: HedgedMode, units: number): void {
    this.at(instrumentId, mode).hedge += units
  }

  /**
   * What to order now (signed units: positive buys at the provider; 0: nothing). `a_book` hedges the
   * clients' whole position; `hybrid` leaves the house at most `thresholdUnits` on either side and
   * passes the rest on.
   */
  need(instrumentId: number, mode: HedgedMode, thresholdUnits = 0): number {
    const net = this.nets.get(key(instrumentId, mode))
    if (!net) return 0
    if (mode === 'a_book') return net.client - net.hedge
    // The house is on the clients' other side: its net is its hedge less the clients' position.
    const house = net.hedge - net.client
    const keep = Math.max(0, thresholdUnits)
    if (Math.abs(house) <= keep) return 0
    return -(house - Math.sign(house) * keep)
  }

  /** The clients' position and the hedge of an instrument under a mode (a copy: zeros when it has none). */
  netOf(instrumentId: number, mode: HedgeMode): Net {
    const net = this.nets.get(key(instrumentId, mode))
    return { client: net?.client ?? 0, hedge: net?.hedge ?? 0 }
  }

  private at(instrumentId: number, mode: HedgeMode): Net {
    const k = key(instrumentId, mode)
    let net = this.nets.get(k)
    if (!net) {
      net = { client: 0, hedge: 0 }
      this.nets.set(k, net)
    }
    return net
  }

  /** Every instrument and mode with a client position or a hedge. */
  *entries(): Iterable<{ instrumentId: number; mode: HedgeMode; client: number; hedge: number }> {
    for (const [k, net] of this.nets) {
      if (net.client === 0 && net.hedge === 0) continue
      const [id, mode] = k.split(':')
      yield { instrumentId: Number(id), mode: mode as HedgeMode, ...net }
    }
  }
}

const key = (instrumentId: number, mode: HedgeMode) => `${instrumentId}:${mode}`
