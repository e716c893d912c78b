/**
 * How the price of an instrument is made from several liquidity providers (decision 050): each
 * provider's last quote per instrument, which of them are live, and the price chosen from the live
 * ones. No IO and no clock of its own: the caller says what time it is.
 */

/** `priority`: the live provider ranked first quotes alone. `best`: the highest bid and the lowest ask of the live ones. */
export type ProviderChoice = 'priority' | 'best'

export interface ProviderTerms {
  name: string
  /** Lower ranks first (1 before 2); ties go to the order providers were given in. */
  priority: number
  /** No market data at all from the provider for this long: it is quiet, and dropped from every price. */
  quietMs: number
  /** Its quote of one instrument older than this: dropped from that instrument's price. */
  staleMs: number
}

export interface ChosenPrice {
  bid: number
  ask: number
  /** The provider whose quote the price is (under `best`, the one of the bid when both sides differ). */
  provider: string
  /** The provider of each side. */
  bidProvider: string
  askProvider: string
}

/** A provider as the dealing desk sees it: counting or not, how long since its last market data, how many instruments it quotes. */
export interface ProviderStatus {
  name: string
  live: boolean
  quietForMs: number
  instruments: number
}

interface Side {
  bid: number
  ask: number
  receivedMs: number
}

interface ProviderState {
  terms: ProviderTerms
  rank: number
  /** Logged on and subscribed: quotes are taken only while it is. */
  up: boolean
  lastDataMs: number
  quotes: Map<string, Side>
}

export class ProviderBook {
  private readonly providers: ProviderState[]
  private readonly byName = new Map<string, ProviderState>()

  constructor(
    providers: readonly ProviderTerms[],
    private readonly choice: ProviderChoice,
  ) {
    this.providers = providers
      .map((terms, index) => ({ terms, rank: index, up: false, lastDataMs: -Infinity, quotes: new Map() }))
      .sort((a, b) => a.terms.priority - b.terms.priority || a.rank - b.rank)
    for (const p of this.providers) {
      if (this.byName.has(p.terms.name)) throw new Error(`provider ${p.terms.name} named twice`)
      this.byName.set(p.terms.name, p)
    }
  }

  /** The provider logged on (its quotes count from its next one: none it sent before is kept). */
  connected(provider: string, nowMs: number): void {
    const p = this.provider(provider)
    p.up = true
    p.lastDataMs = nowMs
    p.quotes.clear()
  }

  /** The provider logged out or its connection ended: none of its quotes counts any more. */
  disconnected(provider: string): void {
    const p = this.provider(provider)
    p.up = false
    p.quotes.clear()
  }

  /** A market data message arrived from the provider (even one that changed no price: it is not quiet). */
  heard(provider: string, nowMs: number): void {
    this.provider(provider).lastDataMs = nowMs
  }

  /** The provider's quote of an instrument, already checked (finite, 0 < bid <= ask, on the grid). */
  quote(provider: string, code: string, bid: number, ask: number, nowMs: number): void {
    const p = this.provider(provider)
    if (!p.up) return
    p.lastDataMs = nowMs
    p.quotes.set(code, { bid, ask, receivedMs: nowMs })
  }

  /** The provider withdrew an instrument (its subscription refused, or the entries deleted). */
  withdraw(provider: string, code: string): void {
    this.provider(provider).quotes.delete(code)
  }

  /** Whether the provider counts at `nowMs`: logged on and not quiet. */
  isLive(provider: string, nowMs: number): boolean {
    const p = this.provider(provider)
    return p.up && nowMs - p.lastDataMs <= p.terms.quietMs
  }

  /** The instrument's price from the providers live at `nowMs`; undefined when none is. */
  price(code: string, nowMs: number): ChosenPrice | undefined {
    let first: { side: Side; name: string } | undefined
    let bid: { side: Side; name: string } | undefined
    let ask: { side: Side; name: string } | undefined
    for (const p of this.providers) {
      const side = p.quotes.get(code)
      if (!side || !this.isLive(p.terms.name, nowMs) || nowMs - side.receivedMs > p.terms.staleMs) continue
      const name = p.terms.name
      first ??= { side, name }
      if (this.choice === 'priority') break
      if (!bid || side.bid > bid.side.bid) bid = { side, name }
      if (!ask || side.ask < ask.side.ask) ask = { side, name }
    }
    if (!first) return undefined
    // Two providers' sides that cross (a bid above another's ask) would be a free trade: the first
    // provider's own quote is taken instead.
    if (this.choice === 'priority' || !bid || !ask || bid.side.bid > ask.side.ask)
      return {
        bid: first.side.bid,
        ask: first.side.ask,
        provider: first.name,
        bidProvider: first.name,
        askProvider: first.name,
      }
    return {
      bid: bid.side.bid,
      ask: ask.side.ask,
      provider: bid.name,
      bidProvider: bid.name,
      askProvider: ask.name,
    }
  }

  /** Every provider's state, for the back office and the logs. */
  status(nowMs: number): ProviderStatus[] {
    return this.providers.map((p) => ({
      name: p.terms.name,
      live: this.isLive(p.terms.name, nowMs),
      quietForMs: Math.max(0, nowMs - p.lastDataMs),
      instruments: p.quotes.size,
    }))
  }

  private provider(name: string): ProviderState {
    const p = this.byName.get(name)
    if (!p) throw new Error(`no provider ${name}`)
    return p
  }
}
