import type { Candle, KlineMessage } from '@tp/contracts/light'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { candleOf, chartTime, isKlineMessage, mergeCandle, toChartBars } from './candles.ts'

const candle = (Time: number, Close: number): Candle => ({
  Time,
  Open: Close,
  High: Close,
  Low: Close,
  Close,
  Volume: 1,
  Amount: 0,
  Change: 0,
})

describe('mergeCandle', () => {
  const series = [candle(60_000, 1.1), candle(120_000, 1.2)]

  it('replaces the last bar when the Time is the same', () => {
    const result = mergeCandle(series, candle(120_000, 1.25))
    expect(result.change).toBe('replace')
    expect(result.bars.map((bar) => bar.Close)).toEqual([1.1, 1.25])
  })

  it('appends a bar with a newer Time', () => {
    const result = mergeCandle(series, candle(180_000, 1.3))
    expect(result.change).toBe('append')
    expect(result.bars.map((bar) => bar.Time)).toEqual([60_000, 120_000, 180_000])
  })

  it('ignores an older Time', () => {
    const result = mergeCandle(series, candle(60_000, 9))
    expect(result.change).toBe('ignore')
    expect(result.bars).toEqual(series)
  })

  it('starts an empty series', () => {
    expect(mergeCandle([], candle(60_000, 1))).toEqual({ bars: [candle(60_000, 1)], change: 'append' })
  })

  it('does not change the series it was given', () => {
    mergeCandle(series, candle(120_000, 5))
    mergeCandle(series, candle(180_000, 5))
    expect(series.map((bar) => bar.Close)).toEqual([1.1, 1.2])
  })
})

describe('KLINE frames', () => {
  const message: KlineMessage = {
    type: 'KLINE',
    symbol: 'EURUSD',
    kline: { ...candle(300_000, 1.2), Period: '5min', Change: 0.1, Code: 'EURUSD', ForexId: 1 },
  }

  it('are recognised and read as a candle', () => {
    expect(isKlineMessage({ ...message })).toBe(true)
    expect(isKlineMessage({ type: 'KLINE', symbol: 'EURUSD', kline: { Period: '5min' } })).toBe(false)
    expect(isKlineMessage({ type: 'DAY_MARKET', kline: message.kline })).toBe(false)
    expect(candleOf(message)).toEqual({ ...candle(300_000, 1.2), Change: 0.1 })
  })
})

describe('chart times', () => {
  afterEach(() => vi.restoreAllMocks())

  it('moves intraday candles (4 hours too) by the local offset and leaves days, weeks and months alone', () => {
    // UTC+8: getTimezoneOffset is -480 minutes.
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-480)
    // Candles come in Unix ms; the chart takes seconds.
    expect(chartTime(1_700_000_040_000, '1min')).toBe(1_700_000_040 + 8 * 3600)
    expect(chartTime(1_699_920_000_000, '1day')).toBe(1_699_920_000)
    expect(chartTime(1_699_920_000_000, '4hour')).toBe(1_699_920_000 + 8 * 3600)
    expect(chartTime(1_699_833_600_000, '1week')).toBe(1_699_833_600)
    expect(chartTime(1_698_796_800_000, '1mon')).toBe(1_698_796_800)
  })

  it('keeps bars strictly ascending when clocks go back', () => {
    // An hour that repeats: the second 01:00 local comes out at the same chart time as the first.
    const offsets = [-120, -120, -60]
    let call = 0
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockImplementation(() => offsets[call++] ?? -60)
    const bars = toChartBars([candle(0, 1), candle(3_600_000, 2), candle(7_200_000, 3)], '60min')
    expect(bars.map((bar) => bar.close)).toEqual([1, 2])
    expect(bars.map((bar) => bar.time)).toEqual([7200, 3600 + 7200])
  })
})
