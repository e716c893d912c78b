import { ClosedType, LedgerType, OrderStatus } from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import { TradingEngine } from './engine.ts'
import {
  EURUSD,
  GER40,
  T0,
  US500,
  USDJPY,
  XAUUSD,
  bookingRows,
  buy,
  closes,
  instruments,
  makeEngine,
  mustOpen,
  sell,
  tick,
} from './test-fixtures.ts'
import { DEFAULT_RISK, type EngineEvent } from './types.ts'

/*
 * The rules a dealing desk applies (issue 8, docs/decisions/009-dealing-desk-rules.md): negative
 * balance protection per account, automatic closes at live prices only, fills checked against the
 * tick that fills them, margin that follows the market and hedged margin.
 */

const types = (events: readonly EngineEvent[]) => events.map((e) => e.type)
const str = (value: { toString(): string } | string) => value.toString()
const writeOffs = (events: readonly EngineEvent[]) =>
  bookingRows(events).filter((b) => b.type === LedgerType.WRITE_OFF)

describe('negative balance protection is per account', () => {
  it('a hedge closed loser first: the loss is booked in full, the winner pays it back, nothing is written off', () => {
    const engine = makeEngine({ accounts: { 1: '100' } })
    const long = mustOpen(engine, buy({ lots: '0.1', leverage: 500 })).id // at 1.1001
    const short = mustOpen(engine, sell({ lots: '0.1', leverage: 500 })).id // at 1.1000
    tick(engine, EURUSD, 1.08, 1.0801, T0 + 1000)
    // long (1.08 - 1.1001) x 10 000 = -201; short (1.1 - 1.0801) x 10 000 = +199: equity 98.
    const first = engine.close(1, long, T0 + 1500)
    expect(first.ok && bookingRows(first.events)).toEqual([
      {
        userId: 1,
        type: LedgerType.TRADE_PROFIT,
        amount: '-201',
        balanceAfter: '-101',
        ref: `order:${long}`,
      },
    ])
    const second = engine.close(1, short, T0 + 1600)
    expect(second.ok && bookingRows(second.events)).toEqual([
      { userId: 1, type: LedgerType.TRADE_PROFIT, amount: '199', balanceAfter: '98', ref: `order:${short}` },
    ])
    expect(str(engine.balance(1) ?? '')).toBe('98')
  })

  it('a stop-loss that leaves a winner open writes nothing off: the winner still answers for the loss', () => {
    const engine = makeEngine({ accounts: { 1: '100' } })
    mustOpen(engine, buy({ lots: '0.1', leverage: 500, stopLoss: 1.095 }))
    // The winner: a US500 short that gains while the EURUSD long gaps through its stop.
    const winner = mustOpen(engine, sell({ instrumentId: US500, lots: '1', leverage: 500 })).id // at 5000
    tick(engine, US500, 4700, 4700.5, T0 + 500) // short +299.5
    const events = tick(engine, EURUSD, 1.08, 1.0801, T0 + 1000)
    expect(bookingRows(events)).toEqual([
      expect.objectContaining({ type: LedgerType.TRADE_PROFIT, amount: '-201', balanceAfter: '-101' }),
    ])
    expect(writeOffs(events)).toEqual([])
    expect(engine.order(winner)?.status).toBe(OrderStatus.Holding)
    // Closing the winner settles the account above zero: the house paid nothing.
    const closed = engine.close(1, winner, T0 + 1100)
    expect(closed.ok && bookingRows(closed.events).map((b) => [b.amount, b.balanceAfter])).toEqual([
      ['299.5', '198.5'],
    ])
  })

  it('a stop-out that ends flat writes off the negative equity once, after the last close', () => {
    const engine = makeEngine({ accounts: { 1: '100' } })
    mustOpen(engine, buy({ lots: '0.1', leverage: 500 }))
    mustOpen(engine, buy({ instrumentId: US500, lots: '1', leverage: 500 })) // at 5000.5, -0.5 at the bid
    const events = tick(engine, EURUSD, 1.07, 1.0701, T0 + 1000)
    // EURUSD -301 takes equity to -201.5: both close, worst first; flat at -201.5, written off last.
    expect(types(events).at(-1)).toBe('booked')
    expect(writeOffs(events)).toHaveLength(1)
    const last = bookingRows(events).at(-1)
    expect(last).toMatchObject({ type: LedgerType.WRITE_OFF, amount: '201.5', balanceAfter: '0' })
    expect(engine.ordersOf(1)).toEqual([])
  })
})

describe('automatic closes use live prices only', () => {
  it('stop-out skips a position whose quote is stale and closes it at its first fresh quote', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    const eur = mustOpen(engine, buy({ leverage: 500 })).id // margin 220.02
    const index = mustOpen(engine, buy({ instrumentId: US500, lots: '1', leverage: 20 })).id // at 5000.5
    tick(engine, EURUSD, 1.095, 1.0951, T0 + 1000) // EURUSD -510: equity 490
    // A minute later EURUSD has not ticked (stale); US500 falls 250: equity 239.5 on 456.5, 52 %...
    const later = T0 + 61_000
    expect(closes(tick(engine, US500, 4750, 4750.5, later))).toEqual([])
    // ...and 100 more: equity 139.5, level 31 %: stop-out, but only US500 is live. EURUSD (the worse
    // loss) is not closed at its minute-old price; without US500 the level is 64 %.
    const events = tick(engine, US500, 4650, 4650.5, later + 1000)
    expect(closes(events).map((o) => [o.id, o.closePrice])).toEqual([[index, 4650]])
    expect(engine.order(eur)?.status).toBe(OrderStatus.Holding)
    // EURUSD's first fresh quote is the one it may close at: at 1.093 (-710) equity is -60.5.
    const fresh = tick(engine, EURUSD, 1.093, 1.0931, later + 2000)
    expect(closes(fresh).map((o) => [o.id, o.closedType, o.closePrice])).toEqual([
      [eur, ClosedType.StopOut, 1.093],
    ])
    expect(writeOffs(fresh).map((b) => b.amount)).toEqual(['60.5'])
  })

  it("at a session open, the first instrument to gap is not liquidated at another one's Friday price", () => {
    const friday = Date.parse('2026-11-27T21:59:00.000Z')
    const monday = Date.parse('2026-11-29T22:00:05.000Z') // forex reopens Sunday 22:00 UTC
    const engine = new TradingEngine(instruments(), DEFAULT_RISK)
    engine.grantOrderIds(1, 1000)
    engine.addAccount(1, '1000')
    engine.primeQuote(EURUSD, { bid: 1.1, ask: 1.1001, timeMs: friday })
    engine.primeQuote(USDJPY, { bid: 159.995, ask: 160.005, timeMs: friday })
    const eur = mustOpen(engine, buy({ leverage: 500, nowMs: friday })).id
    const jpy = mustOpen(engine, buy({ instrumentId: USDJPY, lots: '0.5', leverage: 500, nowMs: friday })).id
    // EURUSD drifts down before the close (still Friday, live).
    tick(engine, EURUSD, 1.097, 1.0971, friday + 30_000)
    // Monday: USDJPY opens with a gap; EURUSD has not ticked yet (its quote is from Friday).
    const events = tick(engine, USDJPY, 154.995, 155.005, monday)
    const closed = closes(events)
    expect(closed.map((o) => o.id)).toEqual([jpy])
    expect(closed[0]?.closePrice).toBe(154.995)
    expect(engine.order(eur)?.status).toBe(OrderStatus.Holding)
  })

  it('ticks outside the session fire no stop; the first tick inside fires it at its own price', () => {
    const saturday = Date.parse('2026-11-28T12:00:00.000Z')
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ stopLoss: 1.095 }))
    expect(tick(engine, EURUSD, 1.09, 1.0901, saturday)).toEqual([])
    const sunday = Date.parse('2026-11-29T22:00:01.000Z')
    expect(closes(tick(engine, EURUSD, 1.0905, 1.0906, sunday))).toMatchObject([{ id, closePrice: 1.0905 }])
  })

  it('stops cannot be changed on a closed market or a stale quote', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy())
    expect(engine.setStops(1, id, 1.09, 0, T0 + 60_000)).toEqual({ ok: false, reason: 'quote_stale' })
    const saturday = Date.parse('2026-11-28T12:00:00.000Z')
    expect(engine.setStops(1, id, 1.09, 0, saturday)).toEqual({ ok: false, reason: 'market_closed' })
    expect(engine.order(id)?.stopLoss).toBe(0)
  })

  it('a demo reset closes nothing at a stale price: it is refused until the market is live', () => {
    const engine = makeEngine()
    mustOpen(engine, buy())
    const before = JSON.stringify(engine.ordersOf(1))
    expect(engine.resetAccount(1, '10000', LedgerType.DEMO_RESET, T0 + 60_000)).toEqual({
      ok: false,
      reason: 'quote_stale',
    })
    expect(JSON.stringify(engine.ordersOf(1))).toBe(before)
    tick(engine, EURUSD, 1.1, 1.1001, T0 + 60_000)
    expect(engine.resetAccount(1, '10000', LedgerType.DEMO_RESET, T0 + 60_500).ok).toBe(true)
  })
})

describe('a fill is checked against the marks of the tick that fills it', () => {
  it('a pending order whose fill the same tick makes unaffordable is cancelled, not filled', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    mustOpen(engine, buy({ leverage: 500 })) // 1 lot at 1.1001, margin 220.02
    const pending = mustOpen(engine, buy({ lots: '0.5', leverage: 500, targetPrice: 1.0925 })).id
    // At the last marks (bid 1.1) the fill would fit (free ~770). This tick takes the open position
    // to (1.0924 - 1.1001) x 100 000 = -770: equity 230, margin 218.5 + 109.25: not affordable.
    const events = tick(engine, EURUSD, 1.0924, 1.0925, T0 + 1000)
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'order_cancelled',
        reason: 'no_margin',
        order: expect.objectContaining({ id: pending }),
      }),
    )
    expect(types(events)).not.toContain('position_opened')
  })
})

describe('margin follows the market, and hedged positions hold their larger side', () => {
  it('the margin of a leveraged position is revalued at the current price', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy()) // 100 000 x 1.1001 / 100 = 1100.1
    expect(str(engine.order(id)?.margin ?? '')).toBe('1100.1')
    tick(engine, EURUSD, 1.2, 1.2001, T0 + 1000)
    expect(engine.accountView(1)?.usedMargin).toBeCloseTo(1200.1, 6)
    expect(engine.markOf(engine.order(id) as never).margin).toBeCloseTo(1200.1, 6)
    // What was booked at open does not move.
    expect(str(engine.order(id)?.margin ?? '')).toBe('1100.1')
  })

  it('fixed margin mode does not move with the price', () => {
    const engine = makeEngine()
    mustOpen(engine, buy({ instrumentId: XAUUSD, lots: '0.5' }))
    tick(engine, XAUUSD, 2500, 2500.5, T0 + 1000)
    expect(engine.accountView(1)?.usedMargin).toBeCloseTo(50, 9)
  })

  it('opposite positions hold the margin of the larger side; the offsetting side adds none', () => {
    const engine = makeEngine()
    mustOpen(engine, buy()) // 1 lot: 1100.1 at the ask
    expect(engine.accountView(1)?.usedMargin).toBeCloseTo(1100.1, 6)
    mustOpen(engine, sell({ lots: '0.5' })) // sells weigh at the bid: 550 < 1100.1
    expect(engine.accountView(1)?.usedMargin).toBeCloseTo(1100.1, 6)
    mustOpen(engine, sell({ lots: '1' })) // 1.5 lots short: 1650 at the bid, now the larger side
    expect(engine.accountView(1)?.usedMargin).toBeCloseTo(1650, 6)
  })

  it('a fully hedged account may add the offsetting side with little free margin', () => {
    const engine = makeEngine({ accounts: { 1: '1200' } })
    mustOpen(engine, buy()) // margin 1100.1, free 99.9 minus the spread
    expect(engine.open(buy({ lots: '0.5' }))).toEqual({ ok: false, reason: 'insufficient_margin' })
    expect(engine.open(sell({ lots: '1' })).ok).toBe(true)
  })

  it('closing one leg of a hedge raises the margin of the other and is checked at once', () => {
    const engine = makeEngine({ accounts: { 1: '300' } })
    const long = mustOpen(engine, buy({ leverage: 500 })).id // 220.02
    const short = mustOpen(engine, sell({ leverage: 500 })).id
    tick(engine, EURUSD, 1.0989, 1.099, T0 + 1000) // long -120 (bid), short +100 (ask): equity 279
    // Closing the winner leaves the long alone: equity 300 + 100 - 120 = 280 vs margin 219.8: fine.
    const result = engine.close(1, short, T0 + 1100)
    expect(result.ok && closes(result.events).map((o) => o.id)).toEqual([short])
    expect(engine.order(long)?.status).toBe(OrderStatus.Holding)
    expect(engine.accountView(1)?.usedMargin).toBeCloseTo(219.8, 6)
  })

  it("a pending order's margin is the estimate at its target and reserves nothing", () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ targetPrice: 1.05 }))
    // 100 000 x 1.05 / 100 = 1050
    expect(str(engine.order(id)?.margin ?? '')).toBe('1050')
    expect(engine.accountView(1)?.usedMargin).toBe(0)
  })
})

describe('bounds that keep one client from costing the house or stalling the desk', () => {
  it('refuses the 201st live order of an account (pending and open together)', () => {
    const engine = makeEngine({ accounts: { 1: '1000000' } })
    for (let i = 0; i < 100; i++) mustOpen(engine, buy({ lots: '0.01' }))
    for (let i = 0; i < 100; i++) mustOpen(engine, buy({ lots: '0.01', targetPrice: 1.05 }))
    expect(engine.open(buy({ lots: '0.01' }))).toEqual({ ok: false, reason: 'too_many_orders' })
    const first = engine.ordersOf(1)[0] as { id: number }
    expect(engine.close(1, first.id, T0 + 500).ok).toBe(true)
    expect(engine.open(buy({ lots: '0.01', nowMs: T0 + 500 })).ok).toBe(true)
  })

  it('a pending order at 0 is an invalid price, not a market order', () => {
    const engine = makeEngine()
    expect(engine.open(buy({ targetPrice: 0 }))).toEqual({ ok: false, reason: 'price_invalid' })
  })

  it('a fee that is due is never rounded down to nothing', () => {
    // A share of margin: 0.01 lot at 1:500 holds 1000 x 1.1001 / 500 = 2.2002; x 0.001 = 0.0022.
    const engine = makeEngine({ risk: { feePerLot: false }, fee: { [EURUSD]: '0.001' } })
    const { id } = mustOpen(engine, buy({ lots: '0.01', leverage: 500 }))
    expect(engine.order(id)?.fee.toString()).toBe('0.01')
  })
})

describe('the margin-call state and the catalogue survive a rebuild', () => {
  it('an account restored as margin-called is not warned again; its recovery is recorded', () => {
    const engine = makeEngine({ accounts: {} })
    engine.addAccount(1, '1000', true)
    expect([...engine.accountTotals()][0]?.marginCalled).toBe(true)
    mustOpen(engine, buy({ leverage: 200 }))
    expect(tick(engine, EURUSD, 1.095, 1.0951, T0 + 1000)).toEqual([])
    expect(tick(engine, EURUSD, 1.1, 1.1001, T0 + 2000)).toEqual([{ type: 'margin_call_ended', userId: 1 }])
  })

  it('a disabled instrument keeps its positions closable but opens nothing new', () => {
    const list = instruments().map((t) => (t.id === GER40 ? { ...t, enabled: false } : t))
    const engine = makeEngine({ list })
    expect(engine.open(buy({ instrumentId: GER40 }))).toEqual({ ok: false, reason: 'instrument_not_found' })
    const enabled = makeEngine()
    const { id } = mustOpen(enabled, buy({ instrumentId: GER40, leverage: 20, lots: '0.1' }))
    enabled.setInstruments(list)
    expect(enabled.close(1, id, T0 + 500).ok).toBe(true)
  })

  it('a pending order reaching its price on a disabled instrument is cancelled, not filled; stops still close', () => {
    const engine = makeEngine()
    const pending = mustOpen(engine, buy({ targetPrice: 1.099 })).id
    const held = mustOpen(engine, buy({ stopLoss: 1.098 })).id
    engine.setInstruments(instruments().map((t) => (t.id === EURUSD ? { ...t, enabled: false } : t)))
    const reached = tick(engine, EURUSD, 1.0989, 1.099, T0 + 1000)
    expect(types(reached)).toEqual(['order_cancelled'])
    expect(reached[0]).toMatchObject({
      order: { id: pending, status: OrderStatus.Cancelled },
      reason: 'instrument_disabled',
    })
    expect(engine.ordersOf(1).map((o) => o.id)).toEqual([held])
    expect(types(tick(engine, EURUSD, 1.0979, 1.098, T0 + 2000))).toEqual(['position_closed', 'booked'])
    expect(engine.ordersOf(1)).toEqual([])
  })

  it('a pending order whose leverage is no longer offered is cancelled when its price comes, not filled above the limit', () => {
    const engine = makeEngine()
    const kept = mustOpen(engine, buy({ targetPrice: 1.099, leverage: 20 })).id
    const cut = mustOpen(engine, buy({ targetPrice: 1.099, leverage: 500 })).id
    engine.setInstruments(instruments().map((t) => (t.id === EURUSD ? { ...t, leverage: [1, 10, 20] } : t)))
    const reached = tick(engine, EURUSD, 1.0989, 1.099, T0 + 1000)
    expect(reached).toContainEqual(
      expect.objectContaining({
        type: 'order_cancelled',
        order: expect.objectContaining({ id: cut }),
        reason: 'leverage_withdrawn',
      }),
    )
    expect(reached).toContainEqual(
      expect.objectContaining({
        type: 'position_opened',
        order: expect.objectContaining({ id: kept, leverage: 20 }),
      }),
    )
    expect(engine.ordersOf(1).map((o) => o.id)).toEqual([kept])
  })

  it('a catalogue edit does not reprice open positions: they keep the contract size and margin mode they opened with', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy()) // 1 lot of 100 000 at 1.1001
    tick(engine, EURUSD, 1.095, 1.0951, T0 + 1000)
    engine.setInstruments(
      instruments().map((t) =>
        t.id === EURUSD ? { ...t, contractSize: '1000', marginMode: 1 as const } : t,
      ),
    )
    expect(engine.accountView(1)?.usedMargin).toBeCloseTo(1095.1, 6)
    const closed = engine.close(1, id, T0 + 1500)
    // (1.095 - 1.1001) x 100 000 = -510, not x 1 000.
    expect(closed.ok && closes(closed.events)[0]?.profit.toString()).toBe('-510')
    // A new position takes the new terms: 1 lot of 1 000 in fixed mode holds 1 000.
    mustOpen(engine, buy({ nowMs: T0 + 1500 }))
    expect(engine.accountView(1)?.usedMargin).toBeCloseTo(1000, 6)
  })

  it('order ids come only from granted blocks', () => {
    const engine = new TradingEngine(instruments(), DEFAULT_RISK)
    engine.addAccount(1, '10000')
    engine.primeQuote(EURUSD, { bid: 1.1, ask: 1.1001, timeMs: T0 })
    expect(() => engine.open(buy())).toThrow(/no order ids/)
    engine.grantOrderIds(5001, 2)
    engine.grantOrderIds(9001, 1000)
    const ids = [1, 2, 3].map(() => mustOpen(engine, buy({ lots: '0.01' })).id)
    expect(ids).toEqual([5001, 5002, 9001])
    expect(engine.orderIdsLeft()).toBe(999)
  })
})
