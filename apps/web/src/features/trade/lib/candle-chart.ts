import type { Candle, Period } from '@tp/contracts/light'
import {
  AreaSeries,
  BarSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type LogicalRange,
  type MouseEventParams,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts'
import type { ChartType, IndicatorId } from '../chart/lib/chart-prefs.ts'
import { withAlpha, type ChartTheme } from '../chart/lib/chart-theme.ts'
import { mergeOlder, nearFirstBar } from '../chart/lib/history.ts'
import { Overlays } from '../chart/lib/overlays.ts'
import { TrendLines, type TrendDrawing } from '../chart/lib/trend-lines.ts'
import type { DrawnPoint } from '../chart/lib/drawings.ts'
import type { OverlayId } from '../chart/lib/overlay-defs.ts'
import type { LineRole, PriceLineSpec } from '../chart/lib/trade-lines.ts'
import {
  chartTime,
  mergeCandle,
  toChartBar,
  toChartBars,
  type CandleChange,
  type ChartBar,
} from './candles.ts'
import { isDatePeriod } from './periods.ts'

export type { ChartTheme }

export interface ChartUpdate {
  change: CandleChange
  /** Bars drawn after the update. */
  bars: number
}

export interface ChartEvents {
  /** The bar under the crosshair, or null when the crosshair left (the legend shows the last). */
  onHover?(bar: ChartBar | null): void
  /** The view reached the first loaded bar: time to load older ones. */
  onNearFirstBar?(): void
}

/** One trader's chart: what the trade screen may do with it. */
export interface CandleChart {
  /** Draws these candles of this period in place of whatever was drawn; returns the bars drawn. */
  show(candles: readonly Candle[], period: Period): number
  /** Older candles of the shown period in front, the view staying where it is; returns bars added. */
  prepend(older: readonly Candle[], period: Period): number
  /** A live candle of some period: drawn when that period is shown, else kept for when it is. */
  update(candle: Candle, period: Period): ChartUpdate
  /** The time of the newest bar drawn, in the chart's seconds (local time as labelled), or null. */
  lastBarTime(): number | null
  /** The oldest candle held (Unix ms), for the next `before`. */
  oldestTime(): number | null
  lastBar(): ChartBar | null
  setType(type: ChartType): void
  setIndicators(ids: readonly IndicatorId[]): void
  setTheme(theme: ChartTheme): void
  /**
   * One group's lines (`quote`: bid and ask, moved on every tick; `orders`: the user's orders and
   * drawn lines): drawn, moved or removed to match, the other group's left as they are.
   */
  setLines(lines: readonly PriceLineSpec[], group: LineGroup): void
  /** Moves one drawn line (while a finger drags it). */
  moveLine(id: string, price: number): void
  /** y in the main pane of a price, or null when off the scale. */
  yOf(price: number): number | null
  priceAt(y: number): number | null
  mainPaneHeight(): number
  /** Off while a line is dragged, so the chart does not scroll under the finger. */
  setScrolling(on: boolean): void
  /** The trader's trend lines: drawn on the candles of whatever period is shown. */
  setTrendLines(lines: readonly TrendDrawing[]): void
  /** Ids of the trend lines drawn in the period and range shown. */
  trendLinesDrawn(): string[]
  /** The candle (its start, Unix ms) and price under a point of the main pane, or null off the candles. */
  pointAt(x: number, y: number): DrawnPoint | null
  destroy(): void
}

/** Lines set together: the live quote's, and the rest (the user's orders and drawings). */
export type LineGroup = 'quote' | 'orders'

/** Live candles of periods not shown yet: one per period at most, so the store is bounded. */
type Pending = Map<Period, Candle>

const timeOf = (bar: ChartBar) => bar.time as UTCTimestamp

/**
 * How each kind of line looks. `tag`: a price tag on the scale; `titled`: its title beside it. One tag
 * a line at most, and not for the ask: it sits a spread above the bid, and two tags that close cover
 * each other (the legend shows both prices). Titles are short (SL, TP, Buy 0.10).
 */
const LINE_STYLE: Record<
  LineRole,
  { color: (t: ChartTheme) => string; style: LineStyle; width: 1 | 2; tag: boolean; titled: boolean }
> = {
  bid: { color: (t) => t.fall, style: LineStyle.Solid, width: 1, tag: true, titled: false },
  ask: { color: (t) => t.rise, style: LineStyle.Solid, width: 1, tag: false, titled: false },
  entry: { color: (t) => t.brand, style: LineStyle.Solid, width: 1, tag: true, titled: true },
  pendingEntry: { color: (t) => t.brand, style: LineStyle.Dashed, width: 1, tag: true, titled: true },
  stopLoss: { color: (t) => t.fall, style: LineStyle.Dashed, width: 2, tag: true, titled: true },
  takeProfit: { color: (t) => t.rise, style: LineStyle.Dashed, width: 2, tag: true, titled: true },
  drawn: { color: (t) => t.slow, style: LineStyle.Solid, width: 1, tag: true, titled: false },
}

/** Makes the chart in `container` (lightweight-charts; this module is only in /trade's lazy chart chunk). */
export function createCandleChart(
  container: HTMLElement,
  precision: number,
  initialTheme: ChartTheme,
  initialType: ChartType,
  events: ChartEvents = {},
): CandleChart {
  let theme = initialTheme
  let type = initialType
  const priceFormat = { type: 'price' as const, precision, minMove: 10 ** -precision }
  const chart: IChartApi = createChart(container, {
    autoSize: true,
    layout: { fontSize: 11, attributionLogo: false },
    // The newest bar sits a few bars in from the price scale, so its time label is never cut off.
    timeScale: { rightOffset: 6, secondsVisible: false, timeVisible: true, shiftVisibleRangeOnNewBar: true },
    // As wide as a 5-decimal price's labels from the start: the plot does not jump narrower when
    // the first candles arrive (a layout shift). Wider prices still widen it.
    rightPriceScale: { minimumWidth: 64 },
    localization: { locale: document.documentElement.lang || 'en' },
  })

  let candles: Candle[] = []
  let bars: ChartBar[] = []
  let period: Period | null = null
  const pending: Pending = new Map()
  let main: ISeriesApi<SeriesType> = addMain()
  let volume: ISeriesApi<'Histogram'> | null = null
  const overlays = new Overlays(chart, priceFormat, theme)
  const trendLines = new TrendLines(chart, priceFormat)
  let trends: readonly TrendDrawing[] = []
  const drawTrends = () => trendLines.set(trends, candles, period, theme)
  const lines = new Map<string, { spec: PriceLineSpec; line: IPriceLine; group: LineGroup }>()

  function mainPoint(bar: ChartBar) {
    return type === 'line' || type === 'area'
      ? { time: timeOf(bar), value: bar.close }
      : { time: timeOf(bar), open: bar.open, high: bar.high, low: bar.low, close: bar.close }
  }
  function volumePoint(bar: ChartBar) {
    const color = withAlpha(bar.close >= bar.open ? theme.rise : theme.fall, 0.35)
    return { time: timeOf(bar), value: bar.volume, color }
  }
  function mainOptions() {
    const common = { priceFormat, lastValueVisible: false, priceLineVisible: false }
    switch (type) {
      case 'bars':
        return { ...common, upColor: theme.rise, downColor: theme.fall, thinBars: false }
      case 'line':
        return { ...common, color: theme.brand, lineWidth: 2 as const }
      case 'area':
        return {
          ...common,
          lineColor: theme.brand,
          topColor: withAlpha(theme.brand, 0.28),
          bottomColor: withAlpha(theme.brand, 0.02),
          lineWidth: 2 as const,
        }
      default:
        return {
          ...common,
          upColor: theme.rise,
          downColor: theme.fall,
          wickUpColor: theme.rise,
          wickDownColor: theme.fall,
          borderVisible: false,
        }
    }
  }
  function addMain(): ISeriesApi<SeriesType> {
    const definition = { candles: CandlestickSeries, bars: BarSeries, line: LineSeries, area: AreaSeries }[
      type
    ]
    return chart.addSeries(
      definition as typeof CandlestickSeries,
      mainOptions() as object,
      0,
    ) as ISeriesApi<SeriesType>
  }
  function mainMargins() {
    main.priceScale().applyOptions({ scaleMargins: { top: 0.14, bottom: volume ? 0.22 : 0.06 } })
  }

  function applyTheme() {
    chart.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: theme.background },
        textColor: theme.text,
        fontFamily: theme.fontFamily,
        panes: { separatorColor: theme.grid, separatorHoverColor: theme.grid },
      },
      grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
      rightPriceScale: { borderColor: theme.grid },
      timeScale: { borderColor: theme.grid },
      crosshair: {
        vertLine: { color: theme.textMuted, labelBackgroundColor: theme.textMuted },
        horzLine: { color: theme.textMuted, labelBackgroundColor: theme.textMuted },
      },
    })
    main.applyOptions(mainOptions() as object)
    volume?.setData(bars.map(volumePoint))
    overlays.setTheme(theme, bars)
    for (const { spec, line } of lines.values()) line.applyOptions(lineOptions(spec))
  }

  function lineOptions(spec: PriceLineSpec) {
    const look = LINE_STYLE[spec.role]
    const color = look.color(theme)
    return {
      price: spec.price,
      title: look.titled ? spec.title : '',
      color,
      lineStyle: look.style,
      lineWidth: look.width,
      axisLabelVisible: look.tag,
      axisLabelColor: color,
      axisLabelTextColor: theme.background,
    }
  }
  function drawLines() {
    for (const entry of lines.values()) entry.line = main.createPriceLine(lineOptions(entry.spec))
  }

  function setAll() {
    main.setData(bars.map(mainPoint))
    volume?.setData(bars.map(volumePoint))
    overlays.reset(bars)
  }

  const onCrosshair = (param: MouseEventParams<Time>) => {
    if (!events.onHover) return
    if (!param.point || param.logical === undefined) return events.onHover(null)
    events.onHover(bars[Math.round(param.logical)] ?? null)
  }
  chart.subscribeCrosshairMove(onCrosshair)
  const onRange = (range: LogicalRange | null) => {
    if (bars.length > 0 && nearFirstBar(range?.from)) events.onNearFirstBar?.()
  }
  chart.timeScale().subscribeVisibleLogicalRangeChange(onRange)

  applyTheme()

  return {
    show(next, shownPeriod) {
      let merged = [...next]
      const early = pending.get(shownPeriod)
      if (early) merged = mergeCandle(merged, early).bars
      pending.delete(shownPeriod)
      candles = merged
      bars = toChartBars(merged, shownPeriod)
      period = shownPeriod
      chart.applyOptions({ timeScale: { timeVisible: !isDatePeriod(shownPeriod) } })
      setAll()
      drawTrends()
      chart.timeScale().scrollToRealTime()
      return bars.length
    },
    prepend(older, olderPeriod) {
      if (olderPeriod !== period || older.length === 0) return 0
      const before = chart.timeScale().getVisibleLogicalRange()
      const count = bars.length
      candles = mergeOlder(older, candles)
      bars = toChartBars(candles, olderPeriod)
      const added = bars.length - count
      if (added <= 0) return 0
      setAll()
      drawTrends()
      // Logical indexes count from the first bar: the same view is now `added` bars further right.
      const after = chart.timeScale().getVisibleLogicalRange()
      if (before && after && Math.abs(after.from - before.from) < 0.5)
        chart.timeScale().setVisibleLogicalRange({ from: before.from + added, to: before.to + added })
      return added
    },
    update(candle, candlePeriod) {
      if (period !== candlePeriod) {
        pending.set(candlePeriod, candle)
        return { change: 'ignore', bars: bars.length }
      }
      const { bars: merged, change } = mergeCandle(candles, candle)
      if (change === 'ignore') return { change, bars: bars.length }
      const bar = toChartBar(candle, candlePeriod)
      const last = bars.at(-1)
      // A bar that would not come after the last one in local time (clocks went back) is not drawn.
      if (change === 'append' && last && bar.time <= last.time) return { change: 'ignore', bars: bars.length }
      candles = merged
      if (change === 'append' || !last) bars = [...bars, bar]
      else bars = [...bars.slice(0, -1), bar]
      main.update(mainPoint(bar))
      volume?.update(volumePoint(bar))
      overlays.update(bar, change)
      return { change, bars: bars.length }
    },
    lastBarTime() {
      return bars.at(-1)?.time ?? null
    },
    oldestTime() {
      return candles[0]?.Time ?? null
    },
    lastBar() {
      return bars.at(-1) ?? null
    },
    setType(next) {
      if (next === type) return
      type = next
      chart.removeSeries(main)
      main = addMain()
      main.setData(bars.map(mainPoint))
      mainMargins()
      drawLines()
    },
    setIndicators(ids) {
      const wantVolume = ids.includes('volume')
      if (wantVolume && !volume) {
        volume = chart.addSeries(
          HistogramSeries,
          {
            priceScaleId: 'volume',
            priceFormat: { type: 'volume' },
            lastValueVisible: false,
            priceLineVisible: false,
          },
          0,
        )
        volume.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } })
        volume.setData(bars.map(volumePoint))
      } else if (!wantVolume && volume) {
        chart.removeSeries(volume)
        volume = null
      }
      mainMargins()
      overlays.set(
        ids.filter((id): id is OverlayId => id !== 'volume'),
        bars,
      )
    },
    setTheme(next) {
      theme = next
      applyTheme()
      drawTrends()
    },
    setLines(specs, group) {
      const wanted = new Map(specs.map((spec) => [spec.id, spec]))
      for (const [id, entry] of lines) {
        if (entry.group === group && !wanted.has(id)) {
          main.removePriceLine(entry.line)
          lines.delete(id)
        }
      }
      for (const spec of specs) {
        const entry = lines.get(spec.id)
        if (!entry) lines.set(spec.id, { spec, group, line: main.createPriceLine(lineOptions(spec)) })
        else if (
          entry.spec.price !== spec.price ||
          entry.spec.title !== spec.title ||
          entry.spec.role !== spec.role
        ) {
          entry.spec = spec
          entry.line.applyOptions(lineOptions(spec))
        }
      }
    },
    moveLine(id, price) {
      const entry = lines.get(id)
      if (!entry) return
      entry.spec = { ...entry.spec, price }
      entry.line.applyOptions({ price })
    },
    yOf(price) {
      return main.priceToCoordinate(price)
    },
    priceAt(y) {
      return main.coordinateToPrice(y)
    },
    mainPaneHeight() {
      return chart.panes()[0]?.getHeight() ?? container.clientHeight
    },
    setScrolling(on) {
      chart.applyOptions({ handleScroll: on, handleScale: on })
    },
    setTrendLines(lines) {
      trends = lines
      drawTrends()
    },
    trendLinesDrawn() {
      return trendLines.ids()
    },
    pointAt(x, y) {
      const price = main.coordinateToPrice(y)
      const logical = chart.timeScale().coordinateToLogical(x)
      if (price === null || logical === null || bars.length === 0) return null
      // Right of the newest candle (the space before the scale) is the newest candle.
      const bar = bars[Math.max(0, Math.min(bars.length - 1, Math.round(logical)))]
      const shown = period
      const candle = bar && shown && candles.find((c) => chartTime(c.Time, shown) === bar.time)
      return candle ? { timeMs: candle.Time, price } : null
    },
    destroy() {
      chart.unsubscribeCrosshairMove(onCrosshair)
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange)
      chart.remove()
    },
  }
}
