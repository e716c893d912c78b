import { describe, expect, it } from 'vitest'
import {
  figuresByInstrument,
  profitCurve,
  rankOrder,
  traderFigures,
  windowDates,
  type TradeBucket,
} from './statistics.ts'

const bucket = (fields: Partial<TradeBucket>): TradeBucket => ({
  code: 'BTCUSD',
  leverage: 10,
  recent: true,
  trades: 1,
  wins: 0,
  net: '0',
  margin: '0',
  ...fields,
})

describe('trader figures', () => {
  it('computes the three-week figures from the window only and totals from everything', () => {
    const figures = traderFigures([
      bucket({ code: 'BTCUSD', leverage: 10, trades: 2, wins: 1, net: '20.005', margin: '200' }),
      bucket({ code: 'EURUSD', leverage: 50, trades: 1, wins: 0, net: '-5', margin: '100' }),
      bucket({ code: 'ETHUSD', leverage: 5, recent: false, trades: 4, wins: 4, net: '100', margin: '100' }),
    ])
    expect(figures).toEqual({
      multiple: 10,
      // 15.005 / 300 × 100 = 5.00166… → 5.00
      three_week_rate: 5,
      // 1 of 3
      three_week_win: 33.33,
      three_week_profit: 15.01,
      // 115.005 / 400 × 100 = 28.75125 → 28.75
      total_rate: 28.75,
      total_trade_num: 7,
      code: 'BTCUSD',
      varieties: 2,
      followers: 0,
      recentTrades: 3,
    })
  })

  it('is exact with decimals that binary floats get wrong', () => {
    const figures = traderFigures([
      bucket({ net: '0.1', margin: '0.3' }),
      bucket({ code: 'EURUSD', net: '0.2', margin: '0.3' }),
    ])
    expect(figures.three_week_profit).toBe(0.3)
    expect(figures.three_week_rate).toBe(50)
  })

  it('rounds half up to 2 decimals, losses too', () => {
    expect(traderFigures([bucket({ net: '1.005', margin: '1' })]).three_week_profit).toBe(1.01)
    expect(traderFigures([bucket({ net: '-1.005', margin: '1' })]).three_week_profit).toBe(-1.01)
  })

  it('breaks ties of leverage toward the lower one and of instruments toward the first code', () => {
    const figures = traderFigures([
      bucket({ code: 'ETHUSD', leverage: 20, trades: 2 }),
      bucket({ code: 'BTCUSD', leverage: 5, trades: 2 }),
      bucket({ code: 'BTCUSD', leverage: 100, trades: 1 }),
      bucket({ code: 'ETHUSD', leverage: 100, trades: 1 }),
    ])
    // Leverage 100 has 2 trades, 20 has 2, 5 has 2: the lowest wins.
    expect(figures.multiple).toBe(5)
    expect(figures.code).toBe('BTCUSD')
  })

  it('takes the most used leverage over a lower one', () => {
    const figures = traderFigures([bucket({ leverage: 5, trades: 1 }), bucket({ leverage: 20, trades: 3 })])
    expect(figures.multiple).toBe(20)
  })

  it('answers zeros without trades in the window and without margin', () => {
    expect(traderFigures([bucket({ recent: false, trades: 2, net: '3', margin: '0' })])).toEqual({
      multiple: 0,
      three_week_rate: 0,
      three_week_win: 0,
      three_week_profit: 0,
      total_rate: 0,
      total_trade_num: 2,
      code: '',
      varieties: 0,
      followers: 0,
      recentTrades: 0,
    })
  })
})

describe('trades by instrument', () => {
  it('sums the window per code, most trades first', () => {
    expect(
      figuresByInstrument([
        bucket({ code: 'EURUSD', trades: 1, net: '-2.5' }),
        bucket({ code: 'BTCUSD', leverage: 5, trades: 1, net: '1' }),
        bucket({ code: 'BTCUSD', leverage: 10, trades: 2, net: '2.255' }),
        bucket({ code: 'ETHUSD', recent: false, trades: 9, net: '9' }),
      ]),
    ).toEqual([
      { code: 'BTCUSD', trades: 3, profit: 3.26 },
      { code: 'EURUSD', trades: 1, profit: -2.5 },
    ])
  })
})

describe('ranking order', () => {
  it('goes by three-week rate, then profit, then uid', () => {
    const entries = [
      { id: '3', three_week_rate: 5, three_week_profit: 10 },
      { id: '2', three_week_rate: 5, three_week_profit: 10 },
      { id: '1', three_week_rate: 5, three_week_profit: 20 },
      { id: '4', three_week_rate: 7, three_week_profit: -1 },
    ]
    expect(entries.sort(rankOrder).map((e) => e.id)).toEqual(['4', '1', '2', '3'])
  })
})

describe('profit curve', () => {
  it('lists the days that end today, oldest first', () => {
    const dates = windowDates(Date.UTC(2026, 2, 2, 10), 3)
    expect(dates).toEqual(['2026-02-28', '2026-03-01', '2026-03-02'])
  })

  it('adds up the net of each day from 0, exactly, and carries it over quiet days', () => {
    const dailyNet = new Map([
      ['2026-03-01', '20.105'],
      ['2026-03-03', '-0.1'],
    ])
    expect(profitCurve(['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03'], dailyNet)).toEqual([
      { date: '2026-02-28', profit: 0 },
      { date: '2026-03-01', profit: 20.11 },
      { date: '2026-03-02', profit: 20.11 },
      { date: '2026-03-03', profit: 20.01 },
    ])
  })
})
