// Engine scenarios: margin modes, fees and rounding, quote currency conversion.
import { LedgerType, Side } from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import { money } from './money.ts'
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
  terms,
  tick,
} from './test-fixtures.ts'
import type { EngineEvent } from './types.ts'
import { types, str } from './scenario-helpers.ts'

/*
 * Hand-computed scenarios. Unless a test says otherwise: EURUSD (contract 100 000, precision 5) is at
 * bid 1.10000 / ask 1.10010, USDJPY at 159.995 / 160.005 (mid 160), GER40 (EUR, contract 1) at
 * 18000.0 / 18000.5; fees are 0; user 1 has 10 000 USD; every quote is stamped T0 (a Wednesday noon).
 */

describe('margin modes, fees and rounding', () => {
  it('fixed margin mode: margin = lots x contract size, whatever the price and leverage', () => {
    const engine = makeEngine()
    for (const leverage of [1, 100, 500]) {
      const { events } = mustOpen(engine, buy({ instrumentId: XAUUSD, lots: '0.5', leverage }))
      // 0.5 x 100 = 50
      expect(str((events[0] as Extract<EngineEvent, { type: 'position_opened' }>).order.margin)).toBe('50')
    }
    expect([...engine.accountTotals()][0]?.usedMargin).toBeCloseTo(150, 6)
    const id = engine.ordersOf(1)[0]?.id as number
    tick(engine, XAUUSD, 2010, 2010.5)
    const result = engine.close(1, id, T0 + 2000)
    // (2010 - 2000.5) x 0.5 x 100 = 475
    expect(result.ok && str(closes(result.events)[0]?.profit ?? '')).toBe('475')
  })

  it.each([
    // [fee per lot?, instrument, lots, fee rate, expected fee, arithmetic]
    [true, EURUSD, '0.35', '7', '2.45', '0.35 x 7'],
    [true, EURUSD, '0.05', '2.5', '0.13', '0.05 x 2.5 = 0.125, up'],
    [
      true,
      EURUSD,
      '0.01',
      '2.25',
      '0.03',
      '0.01 x 2.25 = 0.0225, up (issue 22: a charge never rounds below what is due)',
    ],
    [false, EURUSD, '1', '0.001', '1.11', 'margin 1100.1 x 0.001 = 1.1001, up'],
    [false, EURUSD, '0.25', '0.01', '2.76', 'margin 275.025 x 0.01 = 2.75025, up'],
    [false, XAUUSD, '0.5', '0.0025', '0.13', 'fixed margin 50 x 0.0025 = 0.125, up'],
  ] as const)(
    'fee (per lot %s) on %i, %s lots at rate %s: %s (%s)',
    (feePerLot, instrumentId, lots, rate, fee, _arithmetic) => {
      const engine = makeEngine({ risk: { feePerLot }, fee: { [instrumentId]: rate } })
      const { id, events } = mustOpen(engine, buy({ instrumentId, lots }))
      expect(str(engine.order(id)?.fee ?? '')).toBe(fee)
      expect(bookingRows(events)).toEqual([
        {
          userId: 1,
          type: LedgerType.TRADE_FEE,
          amount: `-${fee}`,
          balanceAfter: money(10000).minus(fee).toString(),
          ref: `order:${id}`,
        },
      ])
    },
  )

  it('a zero fee books nothing', () => {
    const engine = makeEngine()
    expect(types(mustOpen(engine, buy()).events)).toEqual(['position_opened'])
  })

  it.each([
    // US500: contract 1, precision 1: profit = 0.1 point x lots, often half a cent.
    [Side.Buy, '0.25', 5000.6, 5001.1, '0.02', '(5000.6 - 5000.5) x 0.25 = 0.025 -> 0.02 (half even)'],
    [Side.Buy, '0.35', 5000.6, 5001.1, '0.04', '0.1 x 0.35 = 0.035 -> 0.04'],
    [Side.Sell, '0.25', 4999.6, 5000.1, '-0.02', '(5000.0 - 5000.1) x 0.25 = -0.025 -> -0.02'],
    [Side.Sell, '0.15', 4999.6, 5000.1, '-0.02', '-0.1 x 0.15 = -0.015 -> -0.02'],
  ] as const)(
    'profit rounds to the cent half even: side %i, %s lots (%f / %f) -> %s: %s',
    (side, lots, bid, ask, profit, _arithmetic) => {
      const engine = makeEngine()
      const { id } = mustOpen(engine, { ...buy({ instrumentId: US500, lots }), side })
      tick(engine, US500, bid, ask)
      const result = engine.close(1, id, T0 + 2000)
      expect(result.ok && str(closes(result.events)[0]?.profit ?? '')).toBe(profit)
    },
  )

  it('margin is rounded to six decimals (USDJPY at mid 150: 1 JPY = 1/150 USD)', () => {
    const engine = makeEngine({ quotes: { [USDJPY]: [149.995, 150.005] } })
    const { id } = mustOpen(engine, buy({ instrumentId: USDJPY, lots: '0.01' }))
    // 1000 x 150.005 / 100 = 1500.05 JPY / 150 = 10.0003333... -> 10.000333
    expect(str(engine.order(id)?.margin ?? '')).toBe('10.000333')
  })
})

describe('quote currency conversion', () => {
  it('USDJPY: margin and profit in JPY converted at 1 / mid of USDJPY', () => {
    const engine = makeEngine()
    const b = mustOpen(engine, buy({ instrumentId: USDJPY })).id
    const s = mustOpen(engine, sell({ instrumentId: USDJPY })).id
    // buy at 160.005: 100 000 x 160.005 / 100 x 1/160 (0.00625) = 1000.03125;
    // sell at 159.995: 159 995 x 0.00625 = 999.96875.
    expect(str(engine.order(b)?.margin ?? '')).toBe('1000.03125')
    expect(str(engine.order(s)?.margin ?? '')).toBe('999.96875')
    // USDJPY to 156.245 / 156.255: mid 156.25, 1 JPY = 0.0064 USD.
    tick(engine, USDJPY, 156.245, 156.255)
    const closedBuy = engine.close(1, b, T0 + 2000)
    const closedSell = engine.close(1, s, T0 + 2000)
    // buy: (156.245 - 160.005) x 100 000 = -376 000 JPY x 0.0064 = -2406.4 USD
    expect(closedBuy.ok && str(closes(closedBuy.events)[0]?.profit ?? '')).toBe('-2406.4')
    // sell: (159.995 - 156.255) x 100 000 = 374 000 JPY x 0.0064 = 2393.6 USD
    expect(closedSell.ok && str(closes(closedSell.events)[0]?.profit ?? '')).toBe('2393.6')
    // 10 000 - 2406.4 + 2393.6
    expect(str(engine.balance(1) ?? '')).toBe('9987.2')
  })

  it('GER40 in EUR: margin and profit converted at the EURUSD mid of the moment', () => {
    const engine = makeEngine({ quotes: { [EURUSD]: [1.24995, 1.25005] } })
    const a = mustOpen(engine, buy({ instrumentId: GER40, leverage: 20 })).id
    const b = mustOpen(engine, buy({ instrumentId: GER40, leverage: 20 })).id
    tick(engine, GER40, 18100.2, 18100.7, T0 + 1000)
    const first = engine.close(1, a, T0 + 1000)
    // (18100.2 - 18000.5) x 1 x 1.25 = 99.7 x 1.25 = 124.625 -> 124.62 (half even)
    expect(first.ok && str(closes(first.events)[0]?.profit ?? '')).toBe('124.62')
    tick(engine, EURUSD, 1.49995, 1.50005, T0 + 2000)
    const second = engine.close(1, b, T0 + 2000)
    // 99.7 x 1.5 = 149.55
    expect(second.ok && str(closes(second.events)[0]?.profit ?? '')).toBe('149.55')
  })

  it('converts at the exact decimal mid: a half-cent tie rounds half even, not by float noise', () => {
    // EURUSD 1.00000 / 1.00010: the mid is 1.00005 (as a float sum it is 1.0000499999999999).
    const engine = makeEngine({ quotes: { [EURUSD]: [1.0, 1.0001] } })
    const { id } = mustOpen(engine, buy({ instrumentId: GER40, leverage: 20 }))
    // margin 18000.5 / 20 x 1.00005 = 900.025 x 1.00005 = 900.07000125 -> 900.070001
    expect(str(engine.order(id)?.margin ?? '')).toBe('900.070001')
    tick(engine, GER40, 18300.5, 18301)
    const result = engine.close(1, id, T0 + 2000)
    // (18300.5 - 18000.5) x 1.00005 = 300.015: a tie, half even -> 300.02 (the float rate gave 300.01).
    expect(result.ok && str(closes(result.events)[0]?.profit ?? '')).toBe('300.02')
  })

  it('refuses an instrument whose quote currency has no USD rate', () => {
    const list = [...instruments(), terms({ id: 50, code: 'EURCHF', quoteCurrency: 'CHF' })]
    const engine = makeEngine({ list, quotes: { 50: [0.93, 0.9301] } })
    expect(engine.open(buy({ instrumentId: 50 }))).toEqual({ ok: false, reason: 'no_conversion_rate' })
  })
})
