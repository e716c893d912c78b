// Swap booking: one ledger row per position and rollover, triple days, modes, restarts.
import { ClosedType, LedgerType } from '@tp/contracts'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EURUSD, US500, USDJPY, buy, closes, makeEngine, mustOpen, sell } from './test-fixtures.ts'
import { MAX_ROLLOVER_ROWS } from './engine.ts'
import type { Order } from './types.ts'
import { at, WED_ROLLOVER, THU_ROLLOVER, withSwaps, primeAt, swapRows } from './swap-fixtures.ts'

/*
 * Issue 13, swaps: at each daily rollover an open position is charged (or credited) its
 * instrument's rate for a night, three on the triple-swap weekday, through the ledger, one row per
 * position and rollover; nothing twice, nothing missed, through a restart.
 * T0 is Wednesday 2026-11-25 12:00 UTC; forex rolls over at 22:00 UTC, Monday to Friday.
 */

describe('swaps', () => {
  it('charges a buy and credits a sell for one night, exactly, in points', () => {
    const engine = makeEngine({ list: withSwaps() })
    // Opened just after Wednesday's rollover: their first is Thursday's, a normal night.
    primeAt(engine, WED_ROLLOVER + 1)
    const long = mustOpen(engine, buy({ nowMs: WED_ROLLOVER + 1 })).id
    const short = mustOpen(engine, sell({ lots: '2', nowMs: WED_ROLLOVER + 1 })).id
    expect(engine.rolloverDue(THU_ROLLOVER - 1)).toEqual([])
    const events = engine.rolloverDue(THU_ROLLOVER)
    // -7.1 points x 0.00001 x 100,000 = -7.10 a lot; +2.3 points x 2 lots = +4.60.
    expect(swapRows(events)).toEqual([
      { userId: 1, type: LedgerType.SWAP, amount: '-7.1', balanceAfter: '9992.9', ref: `order:${long}` },
      { userId: 1, type: LedgerType.SWAP, amount: '4.6', balanceAfter: '9997.5', ref: `order:${short}` },
    ])
    // Paid through the end of Thursday (UTC) and 12 hours on: no rollover of that night charges again.
    expect(engine.order(long)).toMatchObject({ swapThroughMs: at('2026-11-27T10:00:00Z') })
    expect(engine.order(long)?.swap.toString()).toBe('-7.1')
    expect(engine.order(short)?.swap.toString()).toBe('4.6')
    expect(engine.balance(1)?.toString()).toBe('9997.5')
    // Charged once: the same rollover again books nothing.
    expect(engine.rolloverDue(THU_ROLLOVER + 1000)).toEqual([])
  })

  it('charges three nights on the triple-swap weekday', () => {
    const engine = makeEngine({ list: withSwaps() })
    const long = mustOpen(engine, buy()).id
    const short = mustOpen(engine, sell()).id
    const events = engine.rolloverDue(WED_ROLLOVER)
    expect(swapRows(events).map((r) => [r.ref, r.amount])).toEqual([
      [`order:${long}`, '-21.3'],
      [`order:${short}`, '6.9'],
    ])
  })

  it('converts a swap in the quote currency to USD (USDJPY at 160)', () => {
    const engine = makeEngine({ list: withSwaps() })
    primeAt(engine, WED_ROLLOVER + 1)
    const { id } = mustOpen(engine, buy({ instrumentId: USDJPY, nowMs: WED_ROLLOVER + 1 }))
    // 14.5 points x 0.001 x 100,000 = 1,450 JPY = 9.0625 USD: 9.06 to the cent.
    expect(swapRows(engine.rolloverDue(THU_ROLLOVER))).toMatchObject([{ ref: `order:${id}`, amount: '9.06' }])
  })

  it('charges an annual percentage of the value at the closing price, every day for a market always open', () => {
    const engine = makeEngine({ list: withSwaps() })
    const { id } = mustOpen(engine, buy({ instrumentId: US500, lots: '2' }))
    // 2 x 5,000 (the bid) x -6.8 % / 360 = -1.8888…: -1.89. No triple day.
    expect(swapRows(engine.rolloverDue(WED_ROLLOVER))).toMatchObject([
      { ref: `order:${id}`, amount: '-1.89' },
    ])
    // Saturday's rollover too.
    const weekend = engine.rolloverDue(at('2026-11-28T22:00:00Z'))
    expect(swapRows(weekend).map((r) => r.amount)).toEqual(['-1.89', '-1.89', '-1.89'])
  })

  it('does not charge a position opened at the rollover or after it, and charges one opened just before', () => {
    const engine = makeEngine({ list: withSwaps() })
    primeAt(engine, WED_ROLLOVER - 1)
    const before = mustOpen(engine, buy({ nowMs: WED_ROLLOVER - 1 })).id
    const onTime = mustOpen(engine, buy({ nowMs: WED_ROLLOVER })).id
    const events = engine.rolloverDue(WED_ROLLOVER + 250)
    expect(swapRows(events).map((r) => r.ref)).toEqual([`order:${before}`])
    expect(engine.order(onTime)?.swap.toString()).toBe('0')
  })

  it('catches up after days away: one row per missed rollover, the weekend skipped', () => {
    const engine = makeEngine({ list: withSwaps() })
    const { id } = mustOpen(engine, buy())
    const events = engine.rolloverDue(at('2026-12-01T23:00:00Z'))
    expect(swapRows(events).map((r) => r.amount)).toEqual(['-21.3', '-7.1', '-7.1', '-7.1', '-7.1'])
    expect(engine.order(id)?.swap.toString()).toBe('-49.7')
    expect(engine.balance(1)?.toString()).toBe('9950.3')
  })

  it('charges nothing twice and misses nothing through a restart at the rollover', () => {
    const engine = makeEngine({ list: withSwaps() })
    const { id } = mustOpen(engine, buy())
    const beforeRollover = { ...(engine.order(id) as Order) }
    engine.rolloverDue(WED_ROLLOVER)
    const charged = engine.order(id) as Order

    // Restarted after the rollover's commit: the stored order says it paid, so nothing is booked.
    const after = makeEngine({ list: withSwaps(), accounts: { 1: '9978.7' } })
    after.restoreOrder(charged)
    expect(after.rolloverDue(WED_ROLLOVER + 5000)).toEqual([])
    expect(after.order(id)?.swap.toString()).toBe('-21.3')

    // Restarted before it was committed: the stored order has not paid, so the rollover books it once.
    const before = makeEngine({ list: withSwaps() })
    before.restoreOrder(beforeRollover)
    expect(swapRows(before.rolloverDue(WED_ROLLOVER + 5000)).map((r) => r.amount)).toEqual(['-21.3'])
    expect(before.rolloverDue(WED_ROLLOVER + 10_000)).toEqual([])
  })

  it('a swap that takes the account below the stop-out level closes its position at the live price', () => {
    const list = withSwaps({ [EURUSD]: { long: '-900', tripleDay: null } })
    const engine = makeEngine({ list, accounts: { 1: '100' } })
    const { id } = mustOpen(engine, buy({ lots: '0.1', leverage: 500 }))
    engine.primeQuote(EURUSD, { bid: 1.1, ask: 1.1001, timeMs: WED_ROLLOVER - 1000 })
    // -900 points x 0.1 lot = -90: equity 100 - 90 - 1 (the spread) = 9, under 50 % of the 22.002 margin.
    const events = engine.rolloverDue(WED_ROLLOVER)
    expect(swapRows(events).map((r) => r.amount)).toEqual(['-90'])
    expect(events.some((e) => e.type === 'stop_out')).toBe(true)
    expect(closes(events)).toMatchObject([{ id, closedType: ClosedType.StopOut, closePrice: 1.1 }])
    expect(closes(events)[0]?.swap.toString()).toBe('-90')
    expect(engine.balance(1)?.toString()).toBe('9')
  })

  it('splits the swap booked so far between a partial close and the rest', () => {
    const engine = makeEngine({ list: withSwaps() })
    const { id } = mustOpen(engine, buy())
    engine.rolloverDue(WED_ROLLOVER)
    engine.primeQuote(EURUSD, { bid: 1.1, ask: 1.1001, timeMs: WED_ROLLOVER + 1000 })
    const result = engine.close(1, id, WED_ROLLOVER + 1000, ClosedType.User, '0.4')
    expect(result.ok).toBe(true)
    const [part] = closes(result.ok ? result.events : [])
    expect(part?.swap.toString()).toBe('-8.52')
    expect(engine.order(id)?.swap.toString()).toBe('-12.78')
    // The rest pays for its own lots from the next rollover on.
    expect(swapRows(engine.rolloverDue(THU_ROLLOVER)).map((r) => r.amount)).toEqual(['-4.26'])
  })

  it('charges at most MAX_ROLLOVER_ROWS positions a call; the next calls take the rest', () => {
    // 200 live orders an account at most: 26 accounts.
    const users = Array.from({ length: 26 }, (_, i) => i + 1)
    const engine = makeEngine({
      list: withSwaps(),
      accounts: Object.fromEntries(users.map((u) => [u, '1000'])),
    })
    const count = MAX_ROLLOVER_ROWS + 10
    for (let n = 0; n < count; n++)
      mustOpen(engine, buy({ userId: users[n % 26], lots: '0.01', leverage: 500 }))
    const first = swapRows(engine.rolloverDue(WED_ROLLOVER))
    expect(first).toHaveLength(MAX_ROLLOVER_ROWS)
    expect(swapRows(engine.rolloverDue(WED_ROLLOVER + 250))).toHaveLength(10)
    expect(engine.rolloverDue(WED_ROLLOVER + 500)).toEqual([])
    // Every one paid Wednesday's three nights once: 0.01 lots x -21.3 = -0.213, a charge: -0.22.
    const total = users.reduce((sum, u) => sum + 1000 - Number(engine.balance(u)), 0)
    expect(total.toFixed(2)).toBe((count * 0.22).toFixed(2))
  })

  it('books each position in a crowd the swap it is booked alone (one call works shared parts out once)', () => {
    const position = fc.record({
      instrumentId: fc.constantFrom(EURUSD, USDJPY, US500),
      buys: fc.boolean(),
      lots: fc.constantFrom('0.01', '0.1', '0.25', '1', '1.3'),
    })
    fc.assert(
      fc.property(fc.array(position, { minLength: 1, maxLength: 12 }), (positions) => {
        const open = (engine: ReturnType<typeof makeEngine>, p: (typeof positions)[number]) => {
          const order = { instrumentId: p.instrumentId, lots: p.lots }
          return mustOpen(engine, p.buys ? buy(order) : sell(order)).id
        }
        const crowd = makeEngine({ list: withSwaps(), accounts: { 1: '10000000' } })
        const ids = positions.map((p) => open(crowd, p))
        const together = swapRows(crowd.rolloverDue(WED_ROLLOVER))
        positions.forEach((p, n) => {
          const alone = makeEngine({ list: withSwaps(), accounts: { 1: '10000000' } })
          open(alone, p)
          const own = swapRows(alone.rolloverDue(WED_ROLLOVER)).map((row) => row.amount)
          expect(together.filter((row) => row.ref === `order:${ids[n]}`).map((row) => row.amount)).toEqual(
            own,
          )
        })
      }),
      { numRuns: 50 },
    )
  })

  it('rounds a charge away from zero and a credit toward it: no number of tiny positions gains', () => {
    const engine = makeEngine({
      list: withSwaps({ [EURUSD]: { long: '-0.4', short: '0.4', tripleDay: null } }),
    })
    const long = mustOpen(engine, buy({ lots: '0.01' })).id
    mustOpen(engine, sell({ lots: '0.01' }))
    // 0.4 points x 0.00001 x 1,000 = 0.004 USD: the charge is a cent, the credit nothing.
    expect(swapRows(engine.rolloverDue(WED_ROLLOVER))).toMatchObject([
      { ref: `order:${long}`, amount: '-0.01' },
    ])
  })

  it('never charges a day twice when staff move the rollover later in the day', () => {
    const list = withSwaps()
    const engine = makeEngine({ list })
    mustOpen(engine, buy())
    expect(swapRows(engine.rolloverDue(WED_ROLLOVER)).map((r) => r.amount)).toEqual(['-21.3'])
    engine.setInstruments(
      list.map((t) => (t.id === EURUSD ? { ...t, swap: { ...t.swap, rolloverMinute: 23 * 60 } } : t)),
    )
    expect(engine.rolloverDue(at('2026-11-25T23:00:00Z'))).toEqual([])
    expect(swapRows(engine.rolloverDue(at('2026-11-26T23:00:00Z'))).map((r) => r.amount)).toEqual(['-7.1'])
  })

  it('books the rollovers a position held over before it closes, when the clock has not yet', () => {
    const engine = makeEngine({ list: withSwaps() })
    const { id } = mustOpen(engine, buy())
    engine.primeQuote(EURUSD, { bid: 1.1, ask: 1.1001, timeMs: WED_ROLLOVER + 100 })
    const result = engine.close(1, id, WED_ROLLOVER + 100)
    expect(result.ok && swapRows(result.events).map((r) => r.amount)).toEqual(['-21.3'])
    expect(result.ok && closes(result.events)[0]?.swap.toString()).toBe('-21.3')
    expect(engine.rolloverDue(WED_ROLLOVER + 250)).toEqual([])
  })

  it('records the rollover on a position of a zero rate, booking nothing', () => {
    const engine = makeEngine({ list: withSwaps({ [EURUSD]: { long: '0' } }) })
    const { id } = mustOpen(engine, buy())
    const events = engine.rolloverDue(WED_ROLLOVER)
    expect(swapRows(events)).toEqual([])
    expect(events).toMatchObject([
      { type: 'swap_charged', order: { id, swapThroughMs: at('2026-11-26T10:00:00Z') } },
    ])
  })
})
