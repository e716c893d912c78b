import { ClosedType, OrderStatus } from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import {
  EURUSD,
  SATURDAY,
  T0,
  asJson,
  buy,
  closes,
  instruments,
  makeEngine,
  mustOpen,
  sell,
  terms,
  tick,
} from './test-fixtures.ts'
import { MIN_TRAILING_POINTS, TRAIL_SHOWN_EVERY_MS, type TradingEngine } from './engine.ts'
import type { EngineEvent, Order } from './types.ts'

/*
 * Issue 13, trailing stop: a distance in points on a position; the stop-loss follows the price the
 * position closes at as it moves in the user's favour, never back, and survives a restart.
 * EURUSD here has 5 decimals: 1 point = 0.00001.
 */

/** The stops set (by a command) or trailed (listed by the clock) in some events. */
const stopMoves = (events: readonly EngineEvent[]): number[] =>
  events.flatMap((e) =>
    e.type === 'stops_changed' ? [e.order.stopLoss] : e.type === 'stop_trailed' ? [e.stopLoss] : [],
  )

/**
 * A tick (which itself says nothing of trailed stops: they move in the engine), then the trailed
 * stops the desk's clock lists at the tick's time (a second after the last listing in these tests).
 */
const movedBy = (engine: TradingEngine, instrumentId: number, bid: number, ask: number, timeMs: number) => {
  expect(stopMoves(tick(engine, instrumentId, bid, ask, timeMs))).toEqual([])
  return stopMoves(engine.trailedStops(timeMs))
}

describe('trailing stop', () => {
  it("puts a buy's stop-loss the distance below the bid, then follows rises and ignores falls", () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy())
    // Bid 1.1 at T0: 50 points below is 1.0995.
    const set = engine.setTrailing(1, id, 50, T0 + 100)
    expect(set.ok && stopMoves(set.events)).toEqual([1.0995])
    expect(engine.order(id)).toMatchObject({ stopLoss: 1.0995, trailingPoints: 50 })

    // Up by less than a point past the distance: nothing. Up by 3 points: the stop follows.
    expect(tick(engine, EURUSD, 1.1, 1.1001, T0 + 1000)).toEqual([])
    expect(movedBy(engine, EURUSD, 1.10003, 1.10013, T0 + 2000)).toEqual([1.09953])
    // Down: the stop stays.
    expect(tick(engine, EURUSD, 1.0999, 1.1, T0 + 3000)).toEqual([])
    expect(engine.order(id)?.stopLoss).toBe(1.09953)
    // Up past the old high: it follows again, from the new high.
    expect(movedBy(engine, EURUSD, 1.1002, 1.1003, T0 + 4000)).toEqual([1.0997])
    // Down to the stop: the position closes at the bid as a stop-loss.
    const closed = closes(tick(engine, EURUSD, 1.0997, 1.0998, T0 + 5000))
    expect(closed).toMatchObject([{ id, closedType: ClosedType.StopLoss, closePrice: 1.0997 }])
  })

  it("follows a sell's ask down, and closes through a gap at the first price past the stop", () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, sell())
    // Ask 1.1001 at T0: 100 points above is 1.1011.
    expect(engine.setTrailing(1, id, 100, T0).ok).toBe(true)
    expect(movedBy(engine, EURUSD, 1.099, 1.0991, T0 + 1000)).toEqual([1.1001])
    // A gap up far past the stop: it closes at the gap's ask, not at the stop.
    const closed = closes(tick(engine, EURUSD, 1.105, 1.1051, T0 + 2000))
    expect(closed).toMatchObject([{ id, closedType: ClosedType.StopLoss, closePrice: 1.1051 }])
  })

  it('keeps a nearer stop-loss the user set; moves only once the trail passes it', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ stopLoss: 1.0998 }))
    const set = engine.setTrailing(1, id, 50, T0)
    expect(set.ok && stopMoves(set.events)).toEqual([1.0998])
    expect(tick(engine, EURUSD, 1.1002, 1.1003, T0 + 1000)).toEqual([])
    expect(movedBy(engine, EURUSD, 1.10031, 1.10041, T0 + 2000)).toEqual([1.09981])
  })

  it('a gap in favour moves the stop once, to the distance behind the new price', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy())
    engine.setTrailing(1, id, 20, T0)
    expect(movedBy(engine, EURUSD, 1.11, 1.1101, T0 + 1000)).toEqual([1.1098])
    expect(engine.order(id)?.stopLoss).toBe(1.1098)
  })

  it('is removed with 0, or when the user removes the stop-loss; the stop then stays put', () => {
    const engine = makeEngine()
    const a = mustOpen(engine, buy()).id
    const b = mustOpen(engine, buy()).id
    engine.setTrailing(1, a, 50, T0)
    engine.setTrailing(1, b, 50, T0)
    expect(engine.setTrailing(1, a, 0, T0).ok).toBe(true)
    expect(engine.setStops(1, b, 0, 0, T0).ok).toBe(true)
    expect(engine.order(a)).toMatchObject({ stopLoss: 1.0995, trailingPoints: 0 })
    expect(engine.order(b)).toMatchObject({ stopLoss: 0, trailingPoints: 0 })
    expect(tick(engine, EURUSD, 1.101, 1.1011, T0 + 1000)).toEqual([])
  })

  it('refuses, changing nothing: another user, a pending order, bad points, a dead market', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    const { id } = mustOpen(engine, buy())
    const pending = mustOpen(engine, buy({ targetPrice: 1.099 })).id
    const before = asJson(engine.order(id))
    expect(engine.setTrailing(2, id, 50, T0)).toEqual({ ok: false, reason: 'order_not_found' })
    expect(engine.setTrailing(1, pending, 50, T0)).toEqual({ ok: false, reason: 'order_not_found' })
    for (const points of [-1, 1.5, Number.NaN, 10_000_001])
      expect(engine.setTrailing(1, id, points, T0)).toEqual({ ok: false, reason: 'trailing_invalid' })
    // Further than the price itself: the stop would be at or below zero.
    expect(engine.setTrailing(1, id, 110_000, T0)).toEqual({ ok: false, reason: 'trailing_invalid' })
    expect(engine.setTrailing(1, id, 50, T0 + 60_000)).toEqual({ ok: false, reason: 'quote_stale' })
    expect(engine.setTrailing(1, id, 50, SATURDAY)).toEqual({ ok: false, reason: 'market_closed' })
    expect(asJson(engine.order(id))).toBe(before)
  })

  it('is never nearer than the minimum or the spread, nor past exact whole points', () => {
    const engine = makeEngine({ quotes: { [EURUSD]: [1.1, 1.1003] } })
    const { id } = mustOpen(engine, buy())
    expect(engine.setTrailing(1, id, MIN_TRAILING_POINTS - 1, T0)).toEqual({
      ok: false,
      reason: 'trailing_invalid',
    })
    // The spread is 30 points here.
    expect(engine.setTrailing(1, id, 29, T0)).toEqual({ ok: false, reason: 'trailing_invalid' })
    expect(engine.setTrailing(1, id, 30, T0).ok).toBe(true)

    // 10 decimals and a price of ten million: 10^17 points, past what a double holds exactly.
    const huge = terms({
      id: 99,
      code: 'HUGEUSD',
      precision: 10,
      contractSize: '1',
      calendar: instruments()[0]!.calendar,
    })
    const wide = makeEngine({ list: [...instruments(), huge], quotes: { 99: [10_000_000, 10_000_001] } })
    const position = mustOpen(wide, buy({ instrumentId: 99, lots: '0.01', leverage: 500, userId: 1 })).id
    expect(wide.setTrailing(1, position, 100_000, T0)).toEqual({ ok: false, reason: 'trailing_invalid' })
  })

  it('moves only the stop-loss on a trail; the take-profit stays armed', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ takeProfit: 1.101 }))
    engine.setTrailing(1, id, 50, T0)
    const version = engine.order(id)?.stopsVersion
    expect(movedBy(engine, EURUSD, 1.1005, 1.1006, T0 + 1000)).toEqual([1.1])
    expect(engine.order(id)?.stopsVersion).toBe(version)
    expect(closes(tick(engine, EURUSD, 1.101, 1.1011, T0 + 2000))).toMatchObject([
      { id, closedType: ClosedType.TakeProfit, closePrice: 1.101 },
    ])
  })

  it('survives a restart: a restored position trails from its stored stop', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy())
    engine.setTrailing(1, id, 50, T0)
    tick(engine, EURUSD, 1.1005, 1.1006, T0 + 1000)
    const rebuilt = makeEngine({ quotes: { [EURUSD]: [1.1005, 1.1006] } })
    rebuilt.restoreOrder(engine.order(id) as Order)
    expect(rebuilt.order(id)).toMatchObject({
      stopLoss: 1.1,
      trailingPoints: 50,
      status: OrderStatus.Holding,
    })
    expect(movedBy(rebuilt, EURUSD, 1.1008, 1.1009, T0 + 2000)).toEqual([1.1003])
  })

  it('the rest of a partial close keeps trailing', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy())
    engine.setTrailing(1, id, 50, T0)
    expect(engine.close(1, id, T0 + 100, ClosedType.User, '0.4').ok).toBe(true)
    expect(engine.order(id)).toMatchObject({ trailingPoints: 50 })
    expect(movedBy(engine, EURUSD, 1.1003, 1.1004, T0 + 1000)).toEqual([1.0998])
  })

  it('lists a trailed stop at most once a second, as it is then; triggers on the exact level meanwhile', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy())
    engine.setTrailing(1, id, 50, T0)
    expect(movedBy(engine, EURUSD, 1.1001, 1.1002, T0 + 1000)).toEqual([1.0996])
    // Two more moves within the second: the engine has them, the listing waits.
    expect(movedBy(engine, EURUSD, 1.1003, 1.1004, T0 + 1200)).toEqual([])
    expect(movedBy(engine, EURUSD, 1.1004, 1.1005, T0 + 1400)).toEqual([])
    expect(engine.order(id)?.stopLoss).toBe(1.0999)
    // A second after the last listing: the stop as it is then, once.
    expect(stopMoves(engine.trailedStops(T0 + 1000 + TRAIL_SHOWN_EVERY_MS))).toEqual([1.0999])
    expect(engine.trailedStops(T0 + 5000)).toEqual([])
    // Down to the exact trailed level, never listed: it closes there.
    expect(closes(tick(engine, EURUSD, 1.0999, 1.1, T0 + 5100))).toMatchObject([
      { id, closedType: ClosedType.StopLoss, closePrice: 1.0999, stopLoss: 1.0999 },
    ])
  })

  it('lists whole groups up to the limit a call; the groups left wait for the next call', () => {
    const engine = makeEngine()
    const bought = mustOpen(engine, buy()).id
    const sold = mustOpen(engine, sell()).id
    engine.setTrailing(1, bought, 50, T0)
    engine.setTrailing(1, sold, 50, T0)
    // Up moves the buy's group, then down the sell's (not as far as the buy's stop): two groups.
    tick(engine, EURUSD, 1.1001, 1.1002, T0 + 500)
    tick(engine, EURUSD, 1.0997, 1.0998, T0 + 600)
    const first = engine.trailedStops(T0 + 1000, 1)
    const second = engine.trailedStops(T0 + 1000, 1)
    expect([first.length, second.length]).toEqual([1, 1])
    expect([...first, ...second]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ orderId: bought, stopLoss: 1.0996 }),
        expect.objectContaining({ orderId: sold, stopLoss: 1.1003 }),
      ]),
    )
    expect(engine.trailedStops(T0 + 1000, 1)).toEqual([])
  })

  it('moves a thousand stops of different distances on one quote, and fires each at its own level', () => {
    // Five accounts of 200 positions (the most live orders an account may hold).
    const owner = (n: number) => 1 + Math.floor(n / 200)
    const engine = makeEngine({
      accounts: { 1: '1000000', 2: '1000000', 3: '1000000', 4: '1000000', 5: '1000000' },
    })
    const ids = Array.from(
      { length: 1000 },
      (_, n) => mustOpen(engine, buy({ lots: '0.01', userId: owner(n) })).id,
    )
    ids.forEach((id, n) => expect(engine.setTrailing(owner(n), id, 50 + n, T0).ok).toBe(true))
    // Bid 1.1 at T0; up 100 points: every stop is its distance below 1.101.
    movedBy(engine, EURUSD, 1.101, 1.1011, T0 + 1000)
    ids.forEach((id, n) =>
      expect(engine.order(id)?.stopLoss).toBe(Number((1.101 - (50 + n) / 1e5).toFixed(5))),
    )
    // Down 100 points: the stops of distance 50 to 100 are reached, each closes at the bid.
    const closed = closes(tick(engine, EURUSD, 1.1, 1.1001, T0 + 2000))
    expect(closed.map((o) => o.id)).toEqual(ids.slice(0, 51))
    expect(closed.every((o) => o.closePrice === 1.1 && o.closedType === ClosedType.StopLoss)).toBe(true)
    expect(engine.order(ids[51] as number)?.stopLoss).toBe(1.09999)
  })
})
