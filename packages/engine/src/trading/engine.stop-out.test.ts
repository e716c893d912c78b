// Engine scenarios: stop-out, negative balance protection and margin call.
import { ClosedType, LedgerType } from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import {
  EURUSD,
  GER40,
  T0,
  US500,
  USDJPY,
  bookingRows,
  buy,
  closes,
  makeEngine,
  mustOpen,
  tick,
} from './test-fixtures.ts'
import type { EngineEvent } from './types.ts'
import { types, str } from './scenario-helpers.ts'

/*
 * Hand-computed scenarios. Unless a test says otherwise: EURUSD (contract 100 000, precision 5) is at
 * bid 1.10000 / ask 1.10010, USDJPY at 159.995 / 160.005 (mid 160), GER40 (EUR, contract 1) at
 * 18000.0 / 18000.5; fees are 0; user 1 has 10 000 USD; every quote is stamped T0 (a Wednesday noon).
 */

describe('stop-out and negative balance protection', () => {
  it('closes the most losing position first and stops once the level is back at the stop-out level', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    const o1 = mustOpen(engine, buy({ lots: '0.1' })).id // at 1.10010, margin 10 000 x 1.1001 / 100 = 110.01
    tick(engine, EURUSD, 1.105, 1.1051, T0 + 1000)
    const o2 = mustOpen(engine, buy({ lots: '0.1', nowMs: T0 + 1000 })).id // at 1.10510, margin 110.51
    tick(engine, EURUSD, 1.102, 1.1021, T0 + 2000)
    const o3 = mustOpen(engine, buy({ lots: '0.2', nowMs: T0 + 2000 })).id // at 1.10210, margin 220.42
    // Margin follows the market: 0.4 lot at the ask 1.1021 is 40 000 x 1.1021 / 100 = 440.84.
    expect([...engine.accountTotals()][0]?.usedMargin).toBeCloseTo(440.84, 6)

    // At bid 1.07935: o1 (1.07935 - 1.10010) x 10 000 = -207.5; o2 (1.07935 - 1.10510) x 10 000 = -257.5;
    // o3 (1.07935 - 1.10210) x 20 000 = -455. Equity 1000 - 920 = 80; margin at the ask 1.07945:
    // 40 000 x 1.07945 / 100 = 431.78; level 18.5 %.
    const events = tick(engine, EURUSD, 1.07935, 1.07945, T0 + 3000)
    // Left at 74 %, below the margin-call level: the owner is warned too.
    expect(types(events)).toEqual([
      'stop_out',
      'position_closed',
      'booked',
      'position_closed',
      'booked',
      'margin_call',
    ])
    expect(events[0]).toMatchObject({ type: 'stop_out', userId: 1 })
    expect((events[0] as { level: number }).level).toBeCloseTo((80 / 431.78) * 100, 6)
    // o3 first (-455): level 80 / 215.89 = 37.1 % < 50; then o2 (-257.5): 80 / 107.945 = 74.1 % >= 50, stop.
    expect(closes(events).map((o) => [o.id, o.closedType, o.closePrice, str(o.profit)])).toEqual([
      [o3, ClosedType.StopOut, 1.07935, '-455'],
      [o2, ClosedType.StopOut, 1.07935, '-257.5'],
    ])
    expect(bookingRows(events).map((b) => [b.amount, b.balanceAfter])).toEqual([
      ['-455', '545'],
      ['-257.5', '287.5'],
    ])
    expect(engine.ordersOf(1).map((o) => o.id)).toEqual([o1])
    expect([...engine.accountTotals()][0]?.usedMargin).toBeCloseTo(107.945, 6)
    expect(engine.accountView(1)?.marginLevel).toBeCloseTo((80 / 107.945) * 100, 6)
  })

  it('ranks losses in USD across instruments (a JPY loss converted at 1/mid)', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    // EURUSD 0.1 lot at 1.10010: margin 110.01.
    const eur = mustOpen(engine, buy({ lots: '0.1' })).id
    // USDJPY 0.1 lot at 160.005, 1:100: margin 10 000 x 160.005 / 100 / 160 = 100.003125.
    const jpy = mustOpen(engine, buy({ instrumentId: USDJPY, lots: '0.1' })).id
    // EURUSD falls to 1.07010: (1.0701 - 1.1001) x 10 000 = -300 USD.
    tick(engine, EURUSD, 1.0701, 1.0702, T0 + 1000)
    // USDJPY falls to 127.995 / 128.005 (mid 128, 1 JPY = 0.0078125 USD):
    // (127.995 - 160.005) x 10 000 = -320 100 JPY = -2500.78125 USD: equity below zero, stop-out.
    const events = tick(engine, USDJPY, 127.995, 128.005, T0 + 2000)
    const closed = closes(events)
    expect(closed[0]?.id).toBe(jpy)
    // -2500.78125 to the cent, half even: -2500.78.
    expect(str(closed[0]?.profit ?? '')).toBe('-2500.78')
    // The loss is booked in full (the balance dips to -1500.78 while EURUSD is still open); the
    // EURUSD position closes next, and only then, flat, is the shortfall written off.
    expect(bookingRows(events).map((b) => [b.type, b.amount, b.balanceAfter])).toEqual([
      [LedgerType.TRADE_PROFIT, '-2500.78', '-1500.78'],
      [LedgerType.TRADE_PROFIT, '-300', '-1800.78'],
      [LedgerType.WRITE_OFF, '1800.78', '0'],
    ])
    expect(closed.map((o) => o.id)).toEqual([jpy, eur])
  })

  it('checks an account whose stop just closed its last position in the ticked instrument (others remain)', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    // EURUSD 1 lot 1:500 at 1.10010: margin 100 000 x 1.1001 / 500 = 220.02, no stops.
    const eur = mustOpen(engine, buy({ leverage: 500 })).id
    // US500 1 lot (contract 1) 1:10 at 5000.5: margin 500.05, stop 4500.
    const index = mustOpen(engine, buy({ instrumentId: US500, leverage: 10, stopLoss: 4500 })).id
    // US500 gaps to 4100: the stop closes at 4100: (4100 - 5000.5) x 1 = -900.5; balance 99.5.
    // The EURUSD position (-10 at the bid) is left with equity 89.5 on margin 220.02: 40.7 % < 50 %.
    const events = tick(engine, US500, 4100, 4100.5)
    expect(types(events)).toEqual(['position_closed', 'booked', 'stop_out', 'position_closed', 'booked'])
    expect(events[2]).toMatchObject({ userId: 1, level: expect.closeTo((89.5 / 220.02) * 100, 6) })
    expect(closes(events).map((o) => [o.id, o.closedType, o.closePrice, str(o.profit)])).toEqual([
      [index, ClosedType.StopLoss, 4100, '-900.5'],
      [eur, ClosedType.StopOut, 1.1, '-10'],
    ])
    expect(str(engine.balance(1) ?? '')).toBe('89.5')
  })

  it('books a gap loss in full, then, flat, writes off what the account is short, ending at 0', () => {
    const engine = makeEngine({ accounts: { 1: '100' } })
    // 0.1 lot at 1.10010, 1:500: margin 10 000 x 1.1001 / 500 = 22.002.
    const { id } = mustOpen(engine, buy({ lots: '0.1', leverage: 500, stopLoss: 1.095 }))
    // The bid gaps from 1.10000 to 1.08000: the stop closes at 1.08000:
    // (1.08 - 1.1001) x 10 000 = -201; the balance 100 covers 100, the house 101.
    const events = tick(engine, EURUSD, 1.08, 1.0801)
    expect(types(events)).toEqual(['position_closed', 'booked', 'booked'])
    expect(closes(events)[0]).toMatchObject({ closePrice: 1.08, closedType: ClosedType.StopLoss })
    expect(bookingRows(events)).toEqual([
      { userId: 1, type: LedgerType.TRADE_PROFIT, amount: '-201', balanceAfter: '-101', ref: `order:${id}` },
      { userId: 1, type: LedgerType.WRITE_OFF, amount: '101', balanceAfter: '0', ref: `order:${id}` },
    ])
    expect(str(engine.balance(1) ?? '')).toBe('0')
  })

  it('a loss exactly equal to the balance needs no write-off', () => {
    const engine = makeEngine({ accounts: { 1: '110' } })
    mustOpen(engine, buy({ lots: '0.1', leverage: 500, stopLoss: 1.095 }))
    // (1.0891 - 1.1001) x 10 000 = -110
    const events = tick(engine, EURUSD, 1.0891, 1.0892)
    expect(bookingRows(events).map((b) => [b.type, b.amount, b.balanceAfter])).toEqual([
      [LedgerType.TRADE_PROFIT, '-110', '0'],
    ])
  })
})

describe('margin call', () => {
  it('is raised once per fall below the level and again after a recovery', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    // 1 lot at 1.10010, 1:200: margin 100 000 x 1.1001 / 200 = 550.05; it follows the ask.
    mustOpen(engine, buy({ leverage: 200 }))
    const levelAt = (bid: number, ask: number) =>
      ((1000 + (bid - 1.1001) * 100_000) / ((ask * 100_000) / 200)) * 100
    // bid 1.095: equity 1000 - 510 = 490 on 547.55, level 89.5 %: a margin call.
    const first = tick(engine, EURUSD, 1.095, 1.0951, T0 + 1000)
    expect(first).toEqual([
      { type: 'margin_call', userId: 1, level: expect.closeTo(levelAt(1.095, 1.0951), 6) },
    ])
    // bid 1.094: 390 / 547.05 = 71.3 %: still called, no new event.
    expect(tick(engine, EURUSD, 1.094, 1.0941, T0 + 2000)).toEqual([])
    // bid 1.099: 890 / 549.55 = 162 %: recovered, which is recorded (it survives a restart).
    expect(tick(engine, EURUSD, 1.099, 1.0991, T0 + 3000)).toEqual([{ type: 'margin_call_ended', userId: 1 }])
    expect(types(tick(engine, EURUSD, 1.095, 1.0951, T0 + 4000))).toEqual(['margin_call'])
  })

  it('is raised by a tick of the conversion rate alone (GER40 in EUR via EURUSD)', () => {
    const engine = makeEngine({ accounts: { 1: '2500' }, quotes: { [EURUSD]: [1.24995, 1.25005] } })
    // 1 lot GER40 at 18000.5, 1:20, EURUSD mid 1.25: margin 18000.5 / 20 x 1.25 = 1125.03125.
    const { events } = mustOpen(engine, buy({ instrumentId: GER40, leverage: 20 }))
    expect(str((events[0] as Extract<EngineEvent, { type: 'position_opened' }>).order.margin)).toBe(
      '1125.03125',
    )
    // GER40 bid 17000: (17000 - 18000.5) x 1.25 = -1250.625; equity 1249.375; margin follows the
    // ask: 17000.5 / 20 x 1.25 = 1062.53125; level 117.6 %.
    expect(tick(engine, GER40, 17000, 17000.5, T0 + 1000)).toEqual([])
    // EURUSD mid 1.5: the same -1000.5 EUR is -1500.75 USD, equity 999.25; the margin converts at
    // 1.5 too: 850.025 x 1.5 = 1275.0375; level 78.4 %.
    const events2 = tick(engine, EURUSD, 1.49995, 1.50005, T0 + 2000)
    expect(events2).toEqual([
      { type: 'margin_call', userId: 1, level: expect.closeTo((999.25 / 1275.0375) * 100, 6) },
    ])
  })
})
