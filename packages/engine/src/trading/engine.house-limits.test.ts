import { OrderStatus, Side, type SideValue } from '@tp/contracts'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TradingEngine } from './engine.ts'
import { ZERO, money, type Money } from './money.ts'
import { EURUSD, T0, buy, cmd, instruments, makeEngine, mustOpen, sell, tick } from './test-fixtures.ts'
import type { EngineEvent, InstrumentTerms } from './types.ts'

/*
 * Issue 13, house limits (B-book risk): per instrument, the most net lots all real clients together
 * may hold, and the most lots one account may hold on one side (positions and pending orders).
 */

const limited = (maxNetLots: string | null, maxAccountLots: string | null = null): InstrumentTerms[] =>
  instruments().map((t) => (t.id === EURUSD ? { ...t, maxNetLots, maxAccountLots } : t))

const accounts = { 1: '100000', 2: '100000', 3: '100000' }

describe('net exposure limit', () => {
  it('refuses what would take the clients past the limit, and always takes what brings them back', () => {
    const engine = makeEngine({ list: limited('2'), accounts })
    mustOpen(engine, buy({ lots: '1.5' }))
    expect(engine.open(buy({ userId: 2, lots: '0.6' }))).toEqual({ ok: false, reason: 'exposure_limit' })
    mustOpen(engine, buy({ userId: 2, lots: '0.5' }))
    expect(engine.netLots(EURUSD).toString()).toBe('2')
    // A sell brings the net back, however large, as long as it ends within the limit either way.
    mustOpen(engine, sell({ userId: 3, lots: '3.5' }))
    expect(engine.netLots(EURUSD).toString()).toBe('-1.5')
    expect(engine.open(sell({ userId: 3, lots: '0.51' }))).toEqual({ ok: false, reason: 'exposure_limit' })
  })

  it('takes a trade across zero only if it ends within the limit, even past one staff lowered', () => {
    const engine = makeEngine({ list: limited('10'), accounts })
    mustOpen(engine, buy({ lots: '9.5' }))
    expect(engine.open(sell({ userId: 2, lots: '20' }))).toEqual({ ok: false, reason: 'exposure_limit' })
    // Staff lower the limit below what clients hold: trades that bring the net back still fit, but
    // none may take it past the limit on the other side.
    engine.setInstruments(limited('5'))
    mustOpen(engine, sell({ userId: 2, lots: '2' }))
    expect(engine.netLots(EURUSD).toString()).toBe('7.5')
    expect(engine.open(sell({ userId: 3, lots: '13' }))).toEqual({ ok: false, reason: 'exposure_limit' })
    mustOpen(engine, sell({ userId: 3, lots: '12.5' }))
    expect(engine.netLots(EURUSD).toString()).toBe('-5')
  })

  it('tells an account that cannot pay for an order nothing of the net', () => {
    const engine = makeEngine({ list: limited('1'), accounts: { ...accounts, 4: '1' } })
    mustOpen(engine, buy({ lots: '1' }))
    // Unfunded, it learns that it cannot afford the order, not whether the house has room.
    expect(engine.open(buy({ userId: 4, lots: '0.5' }))).toEqual({ ok: false, reason: 'insufficient_margin' })
  })

  it('frees room as positions close, whole or in part', () => {
    const engine = makeEngine({ list: limited('1'), accounts })
    const id = mustOpen(engine, buy({ lots: '1' })).id
    expect(engine.open(buy({ userId: 2, lots: '0.4' })).ok).toBe(false)
    expect(engine.close(1, id, T0, 1, '0.4').ok).toBe(true)
    mustOpen(engine, buy({ userId: 2, lots: '0.4' }))
    expect(engine.netLots(EURUSD).toString()).toBe('1')
  })

  it('counts no demo account, and lets none of them block a real client', () => {
    const engine = new TradingEngine(limited('1'), makeEngine().riskSettings())
    engine.grantOrderIds(1, 1000)
    engine.addAccount(1, '100000')
    engine.addAccount(9, '100000', false, '0', true)
    for (const [id, quote] of [[EURUSD, [1.1, 1.1001]]] as const)
      engine.primeQuote(id, { bid: quote[0], ask: quote[1], timeMs: T0 })
    mustOpen(engine, buy({ userId: 9, lots: '5' }))
    expect(engine.netLots(EURUSD).toString()).toBe('0')
    mustOpen(engine, buy({ userId: 1, lots: '1' }))
  })

  it('cancels a pending order whose fill would pass the limit (others filled it meanwhile)', () => {
    const engine = makeEngine({ list: limited('1'), accounts })
    const waiting = mustOpen(engine, buy({ targetPrice: 1.099, lots: '1' })).id
    mustOpen(engine, buy({ userId: 2, lots: '1' }))
    const events: EngineEvent[] = tick(engine, EURUSD, 1.0989, 1.099)
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'order_cancelled',
        reason: 'exposure_limit',
        order: expect.objectContaining({ id: waiting }),
      }),
    )
    expect(engine.order(waiting)).toBeUndefined()
  })

  it('refuses a pending order that would pass the limit if it filled now', () => {
    const engine = makeEngine({ list: limited('1'), accounts })
    mustOpen(engine, buy({ lots: '1' }))
    expect(engine.open(buy({ userId: 2, targetPrice: 1.09, lots: '0.01' }))).toEqual({
      ok: false,
      reason: 'exposure_limit',
    })
  })

  it('is rebuilt from the open positions after a restart', () => {
    const engine = makeEngine({ list: limited('1'), accounts })
    mustOpen(engine, buy({ lots: '0.7' }))
    mustOpen(engine, sell({ userId: 2, lots: '0.2' }))
    const restarted = makeEngine({ list: limited('1'), accounts })
    for (const userId of [1, 2]) for (const order of engine.ordersOf(userId)) restarted.restoreOrder(order)
    expect(restarted.netLots(EURUSD).toString()).toBe('0.5')
    expect(restarted.open(buy({ userId: 3, lots: '0.51' }))).toEqual({ ok: false, reason: 'exposure_limit' })
  })
})

describe('per-account limit', () => {
  it('counts an account positions and pending orders on one side, and each side apart', () => {
    const engine = makeEngine({ list: limited(null, '2'), accounts })
    mustOpen(engine, buy({ lots: '1' }))
    mustOpen(engine, buy({ targetPrice: 1.09, lots: '0.5' }))
    expect(engine.open(buy({ lots: '0.6' }))).toEqual({
      ok: false,
      reason: 'account_limit',
      detail: { max: '2', held: '1.5' },
    })
    mustOpen(engine, buy({ lots: '0.5' }))
    // Sells are the other side: the account may hold 2 lots of them too.
    mustOpen(engine, sell({ lots: '2' }))
    // Another account has its own room.
    mustOpen(engine, buy({ userId: 2, lots: '2' }))
  })

  it('holds for demo accounts too', () => {
    const engine = new TradingEngine(limited(null, '1'), makeEngine().riskSettings())
    engine.grantOrderIds(1, 1000)
    engine.addAccount(9, '100000', false, '0', true)
    engine.primeQuote(EURUSD, { bid: 1.1, ask: 1.1001, timeMs: T0 })
    mustOpen(engine, buy({ userId: 9, lots: '1' }))
    expect(engine.open(buy({ userId: 9, lots: '0.01' }))).toMatchObject({ reason: 'account_limit' })
  })
})

/*
 * Issue 22, item 11: an account's own offsetting positions give it no room. Its opening order is
 * checked against the net as if they were closed already (it can close them at any moment).
 */
describe('net exposure limit against an account hedging itself', () => {
  /** The lots an account holds open on one side of EURUSD. */
  const held = (engine: TradingEngine, userId: number, side: SideValue): Money =>
    engine
      .ordersOf(userId)
      .filter((o) => o.status === OrderStatus.Holding && o.instrumentId === EURUSD && o.side === side)
      .reduce((sum, o) => sum.plus(o.lots), ZERO)

  it('refuses the buy that a sell of its own made room for (sell 10, buy 10, close the sell)', () => {
    const engine = makeEngine({ list: limited('10'), accounts: { 1: '1000000', 2: '1000000' } })
    mustOpen(engine, buy({ userId: 2, lots: '8.99' }))
    const short = mustOpen(engine, sell({ lots: '10' })).id
    expect(engine.netLots(EURUSD).toString()).toBe('-1.01')
    // Before: taken (the net went back to 8.99), and closing the sell left the house 18.99 long.
    expect(engine.open(buy({ lots: '10' }))).toEqual({ ok: false, reason: 'exposure_limit' })
    // What fits without its own short: 1.01 lots, up to the limit.
    expect(engine.open(buy({ lots: '1.02' }))).toEqual({ ok: false, reason: 'exposure_limit' })
    mustOpen(engine, buy({ lots: '1.01' }))
    expect(engine.close(1, short, T0).ok).toBe(true)
    expect(engine.netLots(EURUSD).toString()).toBe('10')
  })

  it('gives no further room round after round, whatever the lots', () => {
    const engine = makeEngine({ list: limited('10'), accounts: { 1: '10000000', 2: '1000000' } })
    mustOpen(engine, buy({ userId: 2, lots: '8.99' }))
    for (let round = 0; round < 10; round++) {
      // The attacker opens a short, then the largest long it is given, then closes the short.
      const short = mustOpen(engine, sell({ lots: '10' })).id
      for (const lots of ['10', '5', '2', '1', '0.5', '0.1', '0.01']) while (engine.open(buy({ lots })).ok);
      expect(engine.close(1, short, T0).ok).toBe(true)
      expect(engine.netLots(EURUSD).lte(10)).toBe(true)
    }
    expect(engine.netLots(EURUSD).toString()).toBe('10')
  })

  it('keeps ten accounts together within the limit', () => {
    const accounts = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i + 1, '10000000']))
    const engine = makeEngine({ list: limited('500'), accounts })
    for (let round = 0; round < 3; round++)
      for (let userId = 1; userId <= 10; userId++) {
        const short = mustOpen(engine, sell({ userId, lots: '100' })).id
        for (const lots of ['100', '10', '1', '0.1', '0.01']) while (engine.open(buy({ userId, lots })).ok);
        expect(engine.close(userId, short, T0).ok).toBe(true)
      }
    expect(engine.netLots(EURUSD).toString()).toBe('500')
  })

  it('checks a pending order at its fill the same way', () => {
    const engine = makeEngine({ list: limited('10'), accounts: { 1: '1000000', 2: '1000000' } })
    mustOpen(engine, buy({ userId: 2, lots: '5' }))
    // Placed while the account held no short: it fits (5 + 5).
    const waiting = mustOpen(engine, buy({ targetPrice: 1.099, lots: '5' })).id
    // Then a short of its own (net 0) and another client's long (net 5): the fill would take the
    // net to 10, but to 15 once the account closes its short, so the short gives it no room.
    mustOpen(engine, sell({ lots: '5' }))
    mustOpen(engine, buy({ userId: 2, lots: '5' }))
    expect(engine.netLots(EURUSD).toString()).toBe('5')
    const events = tick(engine, EURUSD, 1.0989, 1.099)
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'order_cancelled',
        reason: 'exposure_limit',
        order: expect.objectContaining({ id: waiting }),
      }),
    )
  })

  it("property: an accepted opening never leaves the net, without the account's own opposite positions, further past the limit", () => {
    const limit = money('10')
    const step = fc.record({
      userId: fc.integer({ min: 1, max: 4 }),
      open: fc.oneof(fc.constant(true), fc.boolean()),
      side: fc.constantFrom<SideValue>(Side.Buy, Side.Sell),
      // Whole lots often (rounds that reach the limit exactly), any hundredth sometimes.
      lots: fc.oneof(
        fc.constantFrom('10', '5', '2.5', '1'),
        fc.integer({ min: 1, max: 1200 }).map((n) => (n / 100).toString()),
      ),
      pick: fc.nat(),
    })
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), fc.boolean(), (steps, alone) => {
        const engine = makeEngine({
          list: limited(limit.toString()),
          accounts: { 1: '100000000', 2: '100000000', 3: '100000000', 4: '100000000' },
        })
        /** The net if the account closed every position it holds on the side opposite `side`. */
        const without = (userId: number, side: SideValue) => {
          const other = held(engine, userId, side === Side.Buy ? Side.Sell : Side.Buy)
          return engine.netLots(EURUSD).plus(side === Side.Buy ? other : other.negated())
        }
        for (const s of steps) {
          const userId = alone ? 1 : s.userId
          if (!s.open) {
            const live = engine.ordersOf(userId).filter((o) => o.status === OrderStatus.Holding)
            if (live.length)
              expect(engine.close(userId, (live[s.pick % live.length] as { id: number }).id, T0).ok).toBe(
                true,
              )
          } else {
            const before = without(userId, s.side)
            const result = engine.open(cmd({ userId, side: s.side, lots: s.lots }))
            if (result.ok) {
              const after = without(userId, s.side)
              // Within the limit, or nearer zero on the same side than before.
              const fits = after.abs().lte(limit) || (after.abs().lte(before.abs()) && after.s === before.s)
              expect(fits).toBe(true)
            }
          }
          // One account alone can never take the house past the limit, closes and all.
          if (alone) expect(engine.netLots(EURUSD).abs().lte(limit)).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  })
})
