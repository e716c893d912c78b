// The property tests' runner: drives an engine through random steps and tracks what it expects.
import { ClosedType, LedgerType, OrderStatus, Side } from '@tp/contracts'
import { TradingEngine } from './engine.ts'
import { money, type Money } from './money.ts'
import { EURJPY, EURUSD, GER40, T0, USDJPY, asJson, instruments } from './test-fixtures.ts'
import {
  DEFAULT_RISK,
  type CommandResult,
  type EngineEvent,
  type InstrumentTerms,
  type Quote,
} from './types.ts'
import {
  ID_BLOCK,
  USERS,
  DEMO_USER,
  STEP_MS,
  MARKETS,
  LIMITS,
  SWAPS,
  type Market,
  type Step,
  type Setup,
  type Record_,
} from './engine.properties.model.ts'

/** What the runner knows besides the engine: prices in points and where each pending order waits. */
export class Runner {
  engine: TradingEngine
  readonly terms: InstrumentTerms[]
  readonly bid = new Map<number, number>()
  readonly ask = new Map<number, number>()
  /** Pending order id -> whether it waits for its price to rise ('up') or fall ('down'). */
  readonly waits = new Map<number, 'up' | 'down'>()
  now = T0
  /** The first order id granted to the current engine (each gets a block of ID_BLOCK). */
  firstOrderId = 1
  /** How many live orders the last restart restored. */
  restored = 0
  /** Each user's open positions before the step being checked. */
  holdingBefore = new Map<number, number>()
  /** Each live order's stop-loss before the step. */
  stopsBefore = new Map<number, number>()
  /** Trailing stops a tick moved (checked forward by the invariants). */
  trailed = 0
  /** All the house wrote off so far. */
  writtenOff = money(0)
  /** Each user's frozen balance, carried along from the bookings. */
  readonly frozen = new Map<number, Money>()
  /** How often a position was seen whose market was closed or its quote stale. */
  staleHoldings = 0
  /** The engine's net lots per instrument before the step being checked. */
  netBefore = new Map<number, Money>()
  /** Live order ids before the step being checked. */
  liveBefore = new Set<number>()
  /** Users in the vip group, and vip's markup per instrument in points (pricing steps). */
  readonly vips = new Set<number>()
  readonly vipMarkups = new Map<number, number>()

  constructor(readonly setup: Setup) {
    const fees = setup.feePerLot
      ? { [EURUSD]: '3.5', [USDJPY]: '2', [EURJPY]: '4.25', [GER40]: '0.5' }
      : { [EURUSD]: '0.0015', [USDJPY]: '0.001', [EURJPY]: '0.0025', [GER40]: '0.0005' }
    this.terms = instruments(fees)
      .filter((t) => MARKETS.some((m) => m.id === t.id))
      .map((t) => ({ ...t, ...LIMITS[t.id], swap: SWAPS[t.id] ?? t.swap }))
    this.engine = new TradingEngine(this.terms, this.risk())
    this.engine.grantOrderIds(1, ID_BLOCK)
    USERS.forEach((u, i) => this.engine.addAccount(u, String(setup.balances[i]), false, '0', u === DEMO_USER))
    for (const m of MARKETS) this.quote(m, m.bid, m.bid + m.spread)
  }

  risk() {
    return { ...DEFAULT_RISK, feePerLot: this.setup.feePerLot }
  }

  /** A restart: a new engine rebuilt the way the server does (quotes, then accounts, then live orders). */
  restart(): void {
    const old = this.engine
    const engine = new TradingEngine(this.terms, this.risk())
    // Past every id handed out (orders and partial closes), as the server's database would know it.
    this.firstOrderId += ID_BLOCK - old.orderIdsLeft()
    engine.grantOrderIds(this.firstOrderId, ID_BLOCK)
    for (const m of MARKETS) engine.primeQuote(m.id, old.quote(m.id) as Quote)
    for (const t of old.accountTotals())
      engine.addAccount(t.userId, t.balance.toString(), t.marginCalled, t.frozen.toString(), t.demo)
    // Client groups first: a restored order is indexed at its account's price; follows before the
    // orders, as the server restores them, so that each copy is listed again.
    this.applyPricing(engine)
    for (const u of USERS) for (const f of old.followsOf(u)) engine.restoreFollow(f)
    const live = USERS.flatMap((u) => old.ordersOf(u)).sort((a, b) => a.id - b.id)
    // Copies, as if read back from the database.
    for (const order of live) engine.restoreOrder({ ...order })
    this.restored = live.length
    this.engine = engine
  }

  precision(id: number) {
    return (this.terms.find((t) => t.id === id) as InstrumentTerms).precision
  }

  /** USD per unit of an instrument's quote currency at the current mid (USDJPY inverted, EURUSD as is). */
  rate(terms: InstrumentTerms): number {
    const mid = (id: number) => {
      const q = this.engine.quote(id) as Quote
      return (q.bid + q.ask) / 2
    }
    if (terms.quoteCurrency === 'USD') return 1
    return terms.quoteCurrency === 'JPY' ? 1 / mid(USDJPY) : mid(EURUSD)
  }

  /** The runner's client groups and markups, given to an engine. */
  applyPricing(engine: TradingEngine): number[] {
    const groups = new Map([...this.vips].map((u) => [u, 'vip']))
    const markups = [...this.vipMarkups].map(([instrumentId, points]) => ({
      group: 'vip',
      instrumentId,
      points,
    }))
    return engine.setPricing(groups, markups)
  }

  /**
   * A user's bid and ask in points, as the runner works them out: the house's, with half of vip's
   * markup (rounded down) off the bid and the rest on the ask for a vip.
   */
  userQuote(userId: number, id: number): [bid: number, ask: number] {
    const points = this.vips.has(userId) ? (this.vipMarkups.get(id) ?? 0) : 0
    const below = Math.floor(points / 2)
    return [(this.bid.get(id) as number) - below, (this.ask.get(id) as number) + points - below]
  }

  /** Points to a price: one correctly rounded division, so the same double as the decimal string. */
  price(id: number, points: number) {
    return points / 10 ** this.precision(id)
  }

  quote(m: Market, bid: number, ask: number): EngineEvent[] {
    this.bid.set(m.id, bid)
    this.ask.set(m.id, ask)
    return this.engine.applyTick(m.id, {
      bid: this.price(m.id, bid),
      ask: this.price(m.id, ask),
      timeMs: this.now,
    })
  }

  /** A live order of `userId` (or, `foreign`, of someone else) of the given status, by pick; else a bogus id. */
  pickOrder(userId: number, pick: number, foreign: boolean, status: number): number {
    const owners = foreign ? USERS.filter((u) => u !== userId) : [userId]
    const candidates = owners.flatMap((u) => this.engine.ordersOf(u)).filter((o) => o.status === status)
    return candidates.length > 0 ? (candidates[pick % candidates.length]?.id as number) : 10_000 + pick
  }

  /**
   * The two positions of a close by: with an even `by`, one of the user's pairs of opposite positions
   * of one instrument when there is one; otherwise any two (refused unless they happen to fit).
   */
  pickPair(step: Extract<Step, { kind: 'close_by' }>): [number, number] {
    const held = this.engine.ordersOf(step.user).filter((o) => o.status === OrderStatus.Holding)
    const pairs = held.flatMap((o) =>
      held.filter((p) => p.instrumentId === o.instrumentId && p.side !== o.side).map((p) => [o.id, p.id]),
    )
    const pair = pairs[step.pick % Math.max(1, pairs.length)]
    if (step.by % 2 === 0 && !step.foreign && pair) return [pair[0]!, pair[1]!]
    return [
      this.pickOrder(step.user, step.pick, false, OrderStatus.Holding),
      this.pickOrder(step.user, step.by, step.foreign, OrderStatus.Holding),
    ]
  }

  run(step: Step): Record_ {
    this.now += STEP_MS
    const done = (result: CommandResult): Record_ =>
      result.ok ? { step, events: result.events } : { step, events: [], refused: result.reason }
    switch (step.kind) {
      case 'tick': {
        const m = MARKETS[step.market] as Market
        const bid = Math.max(1000, (this.bid.get(m.id) as number) + step.move * m.step)
        return { step, events: this.quote(m, bid, bid + m.spread * step.spread) }
      }
      case 'open': {
        const m = MARKETS[step.market] as Market
        const [bid, ask] = this.userQuote(step.user, m.id)
        const buy = step.side === Side.Buy
        const target = step.pending === 0 ? 0 : (buy ? ask : bid) + step.pending * m.step
        // Stops count from the price the position would close at: now, or at the target.
        const exit = target !== 0 ? target : buy ? bid : ask
        const away = buy ? -1 : 1
        const level = (offset: number, sign: number) =>
          offset === 0 ? 0 : this.price(m.id, exit + sign * offset * m.step)
        const result = this.engine.open({
          userId: step.user,
          instrumentId: m.id,
          side: step.side,
          lots: (step.lots / 100).toFixed(2),
          leverage: step.leverage,
          stopLoss: level(step.sl, away),
          takeProfit: level(step.tp, -away),
          targetPrice: target === 0 ? undefined : this.price(m.id, target),
          // 0 stands for a refused expiry here: the engine's own 0 means none.
          expiresAtMs: step.expiry === 0 ? 0 : this.now + (step.expiry > 0 ? step.expiry : step.expiry - 1),
          ...(step.seen === null
            ? {}
            : {
                seenPrice: this.price(m.id, (buy ? ask : bid) + step.seen),
                maxDeviationPoints: step.deviation,
              }),
          nowMs: this.now,
        })
        if (result.ok && target !== 0)
          this.waits.set(
            result.orderId as number,
            buy ? (target <= ask ? 'down' : 'up') : target >= bid ? 'up' : 'down',
          )
        return done(result)
      }
      case 'cancel':
        return done(
          this.engine.cancel(
            step.user,
            this.pickOrder(step.user, step.pick, step.foreign, OrderStatus.Pending),
            this.now,
          ),
        )
      case 'close':
        return done(
          this.engine.close(
            step.user,
            this.pickOrder(step.user, step.pick, step.foreign, OrderStatus.Holding),
            this.now,
            ClosedType.User,
            step.part === 0 ? undefined : (step.part / 100).toFixed(2),
          ),
        )
      case 'close_by': {
        const [id, byId] = this.pickPair(step)
        return done(this.engine.closeBy(step.user, id, byId, this.now))
      }
      case 'modify': {
        const id = this.pickOrder(step.user, step.pick, step.foreign, OrderStatus.Pending)
        const order = this.engine.order(id)
        const m = MARKETS.find((x) => x.id === order?.instrumentId) ?? (MARKETS[0] as Market)
        const buy = order?.side === Side.Buy
        const [bid, ask] = this.userQuote(step.user, m.id)
        const target = (buy ? ask : bid) + step.pending * m.step
        const away = buy ? -1 : 1
        const level = (offset: number, sign: number) =>
          offset === 0 ? 0 : this.price(m.id, target + sign * offset * m.step)
        const result = this.engine.modifyPending(
          step.user,
          id,
          {
            targetPrice: this.price(m.id, target),
            stopLoss: level(step.sl, away),
            takeProfit: level(step.tp, -away),
            expiresAtMs: step.expiry === 0 ? 0 : this.now + (step.expiry > 0 ? step.expiry : step.expiry - 1),
          },
          this.now,
        )
        if (result.ok)
          this.waits.set(id, buy ? (target <= ask ? 'down' : 'up') : target >= bid ? 'up' : 'down')
        return done(result)
      }
      case 'stops': {
        const id = this.pickOrder(step.user, step.pick, step.foreign, OrderStatus.Holding)
        const order = this.engine.order(id)
        if (!order) return done(this.engine.setStops(step.user, id, 0, 0, this.now))
        const m = MARKETS.find((x) => x.id === order.instrumentId) as Market
        const buy = order.side === Side.Buy
        const exit = (buy ? this.bid : this.ask).get(m.id) as number
        const away = buy ? -1 : 1
        const level = (offset: number, sign: number) =>
          offset === 0 ? 0 : this.price(m.id, exit + sign * offset * m.step)
        return done(
          this.engine.setStops(step.user, id, level(step.sl, away), level(step.tp, -away), this.now),
        )
      }
      case 'trail':
        return done(
          this.engine.setTrailing(
            step.user,
            this.pickOrder(step.user, step.pick, step.foreign, OrderStatus.Holding),
            step.points,
            this.now,
          ),
        )
      case 'adjust':
        return done(
          this.engine.adjustBalance(
            step.user,
            (step.cents / 100).toFixed(2),
            LedgerType.STAFF_ADJUSTMENT,
            'p',
          ),
        )
      case 'reset':
        return done(
          this.engine.resetAccount(step.user, (step.cents / 100).toFixed(2), LedgerType.DEMO_RESET, this.now),
        )
      case 'wait':
        // The server's timer expires pending orders and books swaps as time passes.
        this.now += step.ms
        return { step, events: [...this.engine.expireDue(this.now), ...this.engine.rolloverDue(this.now)] }
      case 'freeze':
        return done(this.engine.freeze(step.user, (step.cents / 100).toFixed(2), 'w'))
      case 'release':
        return done(this.engine.release(step.user, (step.cents / 100).toFixed(2), 'w'))
      case 'pay_out':
        return done(this.engine.payOut(step.user, (step.cents / 100).toFixed(2), 'w'))
      case 'pricing': {
        // Demo accounts stay in the default group (the server refuses to move one).
        if (step.vip && step.user !== DEMO_USER) this.vips.add(step.user)
        else this.vips.delete(step.user)
        const id = (MARKETS[step.market] as Market).id
        if (step.points > 0) this.vipMarkups.set(id, step.points)
        else this.vipMarkups.delete(id)
        this.applyPricing(this.engine)
        return { step, events: [] }
      }
      case 'follow':
        return done(
          this.engine.follow({
            followerId: step.user,
            leaderId: step.leader,
            allocation: step.allocation,
            copyStopLossPercent: step.stop,
            profitSharePercent: step.share,
            copyOpen: step.copyOpen,
            nowMs: this.now,
          }),
        )
      case 'pause':
        return done(
          this.engine.changeFollow(step.user, this.followId(step), { paused: step.paused }, this.now),
        )
      case 'unfollow':
        return done(this.engine.unfollow(step.user, this.followId(step), step.close, this.now))
      case 'copy_clock':
        return {
          step,
          events: [...this.engine.checkCopyStops(this.now), ...this.engine.settleProfitShares(this.now)],
        }
    }
  }

  /** The running follow of a step's user after its leader, or a bogus id. */
  followId(step: { user: number; leader: number }): number {
    return this.engine.followsOf(step.user).find((f) => f.leaderId === step.leader)?.id ?? 99_999
  }

  /** Everything observable of the engine's state, as JSON. */
  snapshot(): string {
    return asJson({
      orders: USERS.map((u) => this.engine.ordersOf(u)),
      follows: USERS.map((u) => this.engine.followsOf(u)),
      // Margin is a float sum: after a restart its terms add up in another order.
      totals: [...this.engine.accountTotals()].map((t) => ({ ...t, usedMargin: t.usedMargin.toFixed(6) })),
    })
  }

  /** What a command can change (balances, margins, orders and their stops), cheaply: checked every step. */
  fingerprint(): string {
    const parts: (string | number)[] = []
    for (const t of this.engine.accountTotals())
      parts.push(t.userId, t.balance.toString(), t.usedMargin.toString())
    for (const u of USERS) for (const f of this.engine.followsOf(u)) parts.push(asJson(f))
    for (const u of USERS)
      for (const o of this.engine.ordersOf(u))
        parts.push(
          o.id,
          o.status,
          o.stopLoss,
          o.takeProfit,
          o.stopsVersion,
          o.originPrice,
          o.expiresAtMs,
          o.trailingPoints,
          o.swap.toString(),
          o.swapThroughMs,
        )
    return parts.join(' ')
  }
}
