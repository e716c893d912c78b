import { describe, expect, it } from 'vitest'
import { EURUSD, T0, buy, instruments, makeEngine, mustOpen, sell, tick } from './test-fixtures.ts'
import type { InstrumentTerms } from './types.ts'

/*
 * Issue 13, price protection: a market order carries the price the user saw and the deviation
 * allowed (beyond it: a requote with the new price); the stops level keeps stops, targets and pending
 * prices off the market; the freeze level stops changes to what is about to fire.
 * EURUSD is quoted 1.10000 / 1.10010 (5 decimals: a point is 0.00001).
 */

/** The fixtures with EURUSD's stops and freeze levels set. */
const levels = (stopsLevel: number, freezeLevel = 0): InstrumentTerms[] =>
  instruments().map((t) => (t.id === EURUSD ? { ...t, stopsLevel, freezeLevel } : t))

describe('deviation and requotes', () => {
  it.each([
    ['the price seen', 1.1001, 0, true],
    ['3 points off, 3 allowed', 1.10007, 3, true],
    ['3 points better, 3 allowed', 1.10013, 3, true],
    ['4 points off, 3 allowed', 1.10006, 3, false],
    ['1 point off, none allowed', 1.10011, undefined, false],
  ])('a buy at %s: filled %s', (_, seenPrice, maxDeviationPoints, filled) => {
    const engine = makeEngine()
    const result = engine.open(
      buy({ seenPrice, ...(maxDeviationPoints === undefined ? {} : { maxDeviationPoints }) }),
    )
    if (filled) expect(result.ok).toBe(true)
    else
      expect(result).toEqual({
        ok: false,
        reason: 'requote',
        detail: { price: 1.1001, bid: 1.1, ask: 1.1001 },
      })
  })

  it('compares a sell with the bid, and the requoted price can be taken at once', () => {
    const engine = makeEngine()
    const refused = engine.open(sell({ seenPrice: 1.10005, maxDeviationPoints: 2 }))
    expect(refused).toMatchObject({ ok: false, reason: 'requote', detail: { price: 1.1 } })
    const price = (refused as unknown as { detail: { price: number } }).detail.price
    const { events } = mustOpen(engine, sell({ seenPrice: price, maxDeviationPoints: 2 }))
    expect(events[0]).toMatchObject({ type: 'position_opened', order: { price: 1.1 } })
    // Nothing was booked by the refused one.
    expect(engine.ordersOf(1)).toHaveLength(1)
  })

  it('refuses a seen price off the grid or a bad deviation, and ignores both on a pending order', () => {
    const engine = makeEngine()
    expect(engine.open(buy({ seenPrice: 1.100011 }))).toEqual({ ok: false, reason: 'price_invalid' })
    expect(engine.open(buy({ seenPrice: 1.1001, maxDeviationPoints: -1 }))).toEqual({
      ok: false,
      reason: 'price_invalid',
    })
    expect(engine.open(buy({ targetPrice: 1.09, seenPrice: 1.2 })).ok).toBe(true)
  })
})

describe('stops level', () => {
  it.each([
    // A buy closes at the bid 1.10000: 20 points is the nearest stop or target.
    ['stop-loss 20 points away', 1.0998, 0, true],
    ['stop-loss 19 points away', 1.09981, 0, false],
    ['take-profit 20 points away', 0, 1.1002, true],
    ['take-profit 19 points away', 0, 1.10019, false],
  ])('a market buy with a %s: placed %s', (_, stopLoss, takeProfit, placed) => {
    const engine = makeEngine({ list: levels(20) })
    const result = engine.open(buy({ stopLoss, takeProfit }))
    if (placed) expect(result.ok).toBe(true)
    else expect(result).toEqual({ ok: false, reason: 'stops_too_close', detail: { points: 20 } })
  })

  it('keeps a pending price off the market, and its stops off its own price', () => {
    const engine = makeEngine({ list: levels(20) })
    // A buy fills at the ask 1.10010: a limit 19 points under it is too near.
    expect(engine.open(buy({ targetPrice: 1.09991 }))).toEqual({
      ok: false,
      reason: 'price_too_close',
      detail: { points: 20 },
    })
    expect(engine.open(buy({ targetPrice: 1.0999 })).ok).toBe(true)
    expect(engine.open(buy({ targetPrice: 1.0999, stopLoss: 1.09971 }))).toMatchObject({
      reason: 'stops_too_close',
    })
    const order = mustOpen(engine, buy({ targetPrice: 1.09, stopLoss: 1.0898 })).id
    const change = { targetPrice: 1.1002, stopLoss: 0, takeProfit: 0, expiresAtMs: 0 }
    expect(engine.modifyPending(1, order, change, T0)).toMatchObject({ reason: 'price_too_close' })
    expect(engine.modifyPending(1, order, { ...change, targetPrice: 1.1003 }, T0).ok).toBe(true)
  })

  it('holds for stops set on a position and for a trailing stop', () => {
    const engine = makeEngine({ list: levels(30) })
    const id = mustOpen(engine, buy()).id
    expect(engine.setStops(1, id, 1.09975, 0, T0)).toMatchObject({ reason: 'stops_too_close' })
    expect(engine.setStops(1, id, 1.0997, 0, T0).ok).toBe(true)
    expect(engine.setTrailing(1, id, 29, T0)).toMatchObject({ reason: 'stops_too_close' })
    expect(engine.setTrailing(1, id, 30, T0).ok).toBe(true)
  })
})

describe('freeze level', () => {
  it('a pending order near its price can be neither cancelled nor changed, until the market moves off', () => {
    const engine = makeEngine({ list: levels(0, 10) })
    const order = mustOpen(engine, buy({ targetPrice: 1.0995 })).id
    // The ask comes to 1.09958: 8 points from the order's price.
    tick(engine, EURUSD, 1.09948, 1.09958, T0 + 1000)
    const change = { targetPrice: 1.099, stopLoss: 0, takeProfit: 0, expiresAtMs: 0 }
    expect(engine.cancel(1, order, T0 + 1000)).toEqual({ ok: false, reason: 'order_frozen' })
    expect(engine.modifyPending(1, order, change, T0 + 1000)).toEqual({ ok: false, reason: 'order_frozen' })
    tick(engine, EURUSD, 1.0996, 1.0997, T0 + 2000)
    expect(engine.cancel(1, order, T0 + 2000).ok).toBe(true)
  })

  it('a position whose stop is about to fire keeps its stops, but can always be closed', () => {
    const engine = makeEngine({ list: levels(0, 10) })
    const id = mustOpen(engine, buy({ stopLoss: 1.099 })).id
    tick(engine, EURUSD, 1.09905, 1.09915, T0 + 1000)
    expect(engine.setStops(1, id, 1.098, 0, T0 + 1000)).toEqual({ ok: false, reason: 'order_frozen' })
    expect(engine.setTrailing(1, id, 50, T0 + 1000)).toEqual({ ok: false, reason: 'order_frozen' })
    expect(engine.close(1, id, T0 + 1000).ok).toBe(true)
  })

  it('freezes nothing while the market is closed or its quote stale (nothing can fire then)', () => {
    const engine = makeEngine({ list: levels(0, 10) })
    const order = mustOpen(engine, buy({ targetPrice: 1.0995 })).id
    tick(engine, EURUSD, 1.09948, 1.09958, T0 + 1000)
    expect(engine.cancel(1, order, T0 + 60_000).ok).toBe(true)
  })
})
