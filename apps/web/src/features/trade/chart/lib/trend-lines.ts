import { LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts'
import type { Candle, Period } from '@tp/contracts/light'
import { chartTime } from '../../lib/candles.ts'
import type { ChartTheme } from './chart-theme.ts'
import { candleIndexAt, type Drawing } from './drawings.ts'

export type TrendDrawing = Extract<Drawing, { kind: 'trend' }>

/**
 * The trader's trend lines: each a two-point line series on the candles' own times (a point is put
 * on the candle that holds its instant in the period shown), so no line adds a time to the scale.
 * A line whose points fall on one candle of this period, or before the candles loaded, is not
 * drawn here; it is on the periods and ranges where it has two candles.
 */
export class TrendLines {
  private readonly drawn = new Map<string, ISeriesApi<'Line'>>()

  constructor(
    private readonly chart: IChartApi,
    private readonly priceFormat: { type: 'price'; precision: number; minMove: number },
  ) {}

  /** The ids of the lines drawn now (for the screen's test attributes). */
  ids(): string[] {
    return [...this.drawn.keys()]
  }

  set(lines: readonly TrendDrawing[], candles: readonly Candle[], period: Period | null, theme: ChartTheme) {
    for (const series of this.drawn.values()) this.chart.removeSeries(series)
    this.drawn.clear()
    if (!period) return
    const times = candles.map((candle) => candle.Time)
    for (const line of lines) {
      const a = candleIndexAt(times, Math.min(line.from.timeMs, line.to.timeMs))
      const b = candleIndexAt(times, Math.max(line.from.timeMs, line.to.timeMs))
      if (a === null || b === null || a === b) continue
      const [first, second] = line.from.timeMs <= line.to.timeMs ? [line.from, line.to] : [line.to, line.from]
      const series = this.chart.addSeries(
        LineSeries,
        {
          color: theme.slow,
          lineWidth: 2,
          priceLineVisible: false,
          lastValueVisible: false,
          crosshairMarkerVisible: false,
          pointMarkersVisible: true,
          priceFormat: this.priceFormat,
        },
        0,
      )
      series.setData([
        { time: chartTime(times[a] as number, period) as UTCTimestamp, value: first.price },
        { time: chartTime(times[b] as number, period) as UTCTimestamp, value: second.price },
      ])
      this.drawn.set(line.id, series)
    }
  }
}
