import type { Candle, KlineMessage, Period } from '@tp/contracts/light'
import type { ServerMessage } from '../../../common/socket-client.ts'
import { isDatePeriod } from './periods.ts'

export type CandleChange = 'replace' | 'append' | 'ignore'

export interface MergeResult {
  bars: Candle[]
  change: CandleChange
}

/**
 * A live candle into a series ascending by Time: the same Time as the last bar replaces it (the
 * current period moved on), a newer Time appends a bar, an older one (a late frame) is ignored.
 */
export function mergeCandle(bars: readonly Candle[], candle: Candle): MergeResult {
  const last = bars.at(-1)
  if (!last || candle.Time > last.Time) return { bars: [...bars, candle], change: 'append' }
  if (candle.Time === last.Time) return { bars: [...bars.slice(0, -1), candle], change: 'replace' }
  return { bars: [...bars], change: 'ignore' }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** A socket frame is a candle update when its `kline` has a period, a time and a close (docs/wire.md). */
export function isKlineMessage(message: ServerMessage): message is ServerMessage & KlineMessage {
  const kline = message.kline
  return (
    message.type === 'KLINE' &&
    isObject(kline) &&
    typeof kline.Period === 'string' &&
    typeof kline.Time === 'number' &&
    typeof kline.Close === 'number'
  )
}

export function candleOf({ kline }: KlineMessage): Candle {
  return {
    Time: kline.Time,
    Open: kline.Open,
    High: kline.High,
    Low: kline.Low,
    Close: kline.Close,
    Volume: kline.Volume,
    Amount: kline.Amount,
    Change: kline.Change,
  }
}

/**
 * A bar as the chart takes it: `time` in seconds as the chart should label it. Candles come in Unix
 * milliseconds (docs/wire.md "Candles"); lightweight-charts counts whole seconds, so this is the one
 * place that converts.
 */
export interface ChartBar {
  time: number
  open: number
  high: number
  low: number
  close: number
  /** Tick volume of the period. */
  volume: number
}

/**
 * The chart labels its times as UTC, so an intraday candle is moved by the phone's offset from UTC
 * at that moment (daylight saving included) to show local time. A day, week or month candle is a
 * date, not a moment, and stays as it is.
 */
export function chartTime(utcMs: number, period: Period): number {
  const utcSeconds = Math.floor(utcMs / 1000)
  if (isDatePeriod(period)) return utcSeconds
  return utcSeconds - new Date(utcMs).getTimezoneOffset() * 60
}

export function toChartBar(candle: Candle, period: Period): ChartBar {
  return {
    time: chartTime(candle.Time, period),
    open: candle.Open,
    high: candle.High,
    low: candle.Low,
    close: candle.Close,
    volume: Number.isFinite(candle.Volume) ? candle.Volume : 0,
  }
}

/**
 * Bars strictly ascending by chart time, as the chart requires. When clocks go back, the repeated
 * local hour would come out earlier than the bars before it; those few bars are left out.
 */
export function toChartBars(candles: readonly Candle[], period: Period): ChartBar[] {
  const bars: ChartBar[] = []
  for (const candle of candles) {
    const bar = toChartBar(candle, period)
    const previous = bars.at(-1)
    if (!previous || bar.time > previous.time) bars.push(bar)
  }
  return bars
}
