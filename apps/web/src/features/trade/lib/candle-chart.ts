import type { Candle, Period } from '@tp/contracts'
import type { CandlestickData, UTCTimestamp } from 'lightweight-charts'
import { mergeCandle, toChartBar, toChartBars, type CandleChange, type ChartBar } from './candles.ts'

/** Colours of the app's theme (CSS variables), read once when the chart is made. */
export interface ChartTheme {
  background: string
  text: string
  grid: string
  rise: string
  fall: string
  fontFamily: string
}

export interface ChartUpdate {
  change: CandleChange
  /** Bars drawn after the update. */
  bars: number
}

/** One candlestick chart: what the trade screen may do with it. */
export interface CandleChart {
  /** Draws these candles of this period in place of whatever was drawn; returns the bars drawn. */
  show(candles: readonly Candle[], period: Period): number
  /** A live candle of some period: drawn when that period is shown, else kept for when it is. */
  update(candle: Candle, period: Period): ChartUpdate
  /** The time of the newest bar drawn, in the chart's seconds (local time as labelled), or null. */
  lastBarTime(): number | null
  destroy(): void
}

/** Live candles of periods not shown yet: one per period at most, so the store is bounded. */
type Pending = Map<Period, Candle>

const toSeriesBar = (bar: ChartBar): CandlestickData => ({ ...bar, time: bar.time as UTCTimestamp })

/**
 * Makes the chart in `container`. lightweight-charts is imported here, dynamically, so it is its
 * own chunk that only /trade downloads; the home screen's first load never carries it.
 */
export async function createCandleChart(
  container: HTMLElement,
  precision: number,
  theme: ChartTheme,
): Promise<CandleChart> {
  const { CandlestickSeries, ColorType, createChart } = await import('lightweight-charts')
  const chart = createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: theme.background },
      textColor: theme.text,
      fontFamily: theme.fontFamily,
      fontSize: 11,
    },
    grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
    rightPriceScale: { borderColor: theme.grid },
    timeScale: { borderColor: theme.grid, timeVisible: true, secondsVisible: false },
    localization: { locale: document.documentElement.lang || 'en' },
  })
  const series = chart.addSeries(CandlestickSeries, {
    upColor: theme.rise,
    downColor: theme.fall,
    wickUpColor: theme.rise,
    wickDownColor: theme.fall,
    borderVisible: false,
    priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
  })

  let shown: { period: Period; candles: Candle[]; bars: number } | null = null
  const pending: Pending = new Map()

  return {
    show(candles, period) {
      let merged = [...candles]
      const early = pending.get(period)
      if (early) merged = mergeCandle(merged, early).bars
      pending.delete(period)
      const bars = toChartBars(merged, period)
      chart.applyOptions({ timeScale: { timeVisible: period !== '1day' } })
      series.setData(bars.map(toSeriesBar))
      chart.timeScale().scrollToRealTime()
      shown = { period, candles: merged, bars: bars.length }
      return bars.length
    },
    update(candle, period) {
      if (!shown || shown.period !== period) {
        pending.set(period, candle)
        return { change: 'ignore', bars: shown?.bars ?? 0 }
      }
      const { bars: candles, change } = mergeCandle(shown.candles, candle)
      if (change === 'ignore') return { change, bars: shown.bars }
      const bar = toChartBar(candle, period)
      const lastTime = toChartBar(shown.candles.at(-1) ?? candle, period).time
      // A bar that would not come after the last one in local time (clocks went back) is not drawn.
      if (change === 'append' && shown.candles.length > 0 && bar.time <= lastTime)
        return { change: 'ignore', bars: shown.bars }
      series.update(toSeriesBar(bar))
      shown = { period, candles, bars: shown.bars + (change === 'append' ? 1 : 0) }
      return { change, bars: shown.bars }
    },
    lastBarTime() {
      const last = series.data().at(-1)
      return last ? Number(last.time) : null
    },
    destroy() {
      chart.remove()
    },
  }
}
