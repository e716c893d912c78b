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
import {
  bollinger,
  ema,
  rsi,
  RunningIndicator,
  sma,
  type Band,
  type Stepper,
} from '../chart/lib/indicators.ts'
import type { LineRole, PriceLineSpec } from '../chart/lib/trade-lines.ts'
import { mergeCandle, toChartBar, toChartBars, type CandleChange, type ChartBar } from './candles.ts'
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
  /** Bid, ask and order lines: drawn, moved or removed to match. */
  setLines(lines: readonly PriceLineSpec[]): void
  /** Moves one drawn line (while a finger drags it). */
  moveLine(id: string, price: number): void
  /** y in the main pane of a price, or null when off the scale. */
  yOf(price: number): number | null
  priceAt(y: number): number | null
  mainPaneHeight(): number
  /** Off while a line is dragged, so the chart does not scroll under the finger. */
  setScrolling(on: boolean): void
  destroy(): void
}

/** Live candles of periods not shown yet: one per period at most, so the store is bounded. */
type Pending = Map<Period, Candle>

const timeOf = (bar: ChartBar) => bar.time as UTCTimestamp

interface Overlay {
  running: RunningIndicator<unknown, unknown>
  lines: ISeriesApi<'Line'>[]
  /** The value of each line from the indicator's value at one bar. */
  pick(value: unknown): (number | null | undefined)[]
  pane: number
  colors(theme: ChartTheme): string[]
  guides?: IPriceLine[]
}

interface OverlayDef {
  stepper: Stepper<unknown, unknown>
  lines: number
  pick(value: unknown): (number | null | undefined)[]
  pane: number
  colors(theme: ChartTheme): string[]
  dashed?: number[]
}

const single = (value: unknown) => [value as number | null]
const band = (value: unknown) => {
  const b = value as Band | null
  return [b?.upper, b?.middle, b?.lower]
}

const OVERLAYS: Record<Exclude<IndicatorId, 'volume'>, OverlayDef> = {
  sma20: {
    stepper: sma(20) as Stepper<unknown, unknown>,
    lines: 1,
    pick: single,
    pane: 0,
    colors: (t) => [t.fast],
  },
  sma50: {
    stepper: sma(50) as Stepper<unknown, unknown>,
    lines: 1,
    pick: single,
    pane: 0,
    colors: (t) => [t.slow],
  },
  ema20: {
    stepper: ema(20) as Stepper<unknown, unknown>,
    lines: 1,
    pick: single,
    pane: 0,
    colors: (t) => [t.fast],
    dashed: [0],
  },
  ema50: {
    stepper: ema(50) as Stepper<unknown, unknown>,
    lines: 1,
    pick: single,
    pane: 0,
    colors: (t) => [t.slow],
    dashed: [0],
  },
  bollinger: {
    stepper: bollinger(20, 2) as Stepper<unknown, unknown>,
    lines: 3,
    pick: band,
    pane: 0,
    colors: (t) => [t.band, t.band, t.band],
    dashed: [1],
  },
  rsi: {
    stepper: rsi(14) as Stepper<unknown, unknown>,
    lines: 1,
    pick: single,
    pane: 1,
    colors: (t) => [t.oscillator],
  },
}

const LINE_STYLE: Record<LineRole, { color: (t: ChartTheme) => string; style: LineStyle; width: 1 | 2 }> = {
  bid: { color: (t) => t.fall, style: LineStyle.Solid, width: 1 },
  ask: { color: (t) => t.rise, style: LineStyle.Solid, width: 1 },
  entry: { color: (t) => t.brand, style: LineStyle.Solid, width: 1 },
  pendingEntry: { color: (t) => t.brand, style: LineStyle.Dashed, width: 1 },
  stopLoss: { color: (t) => t.fall, style: LineStyle.Dashed, width: 2 },
  takeProfit: { color: (t) => t.rise, style: LineStyle.Dashed, width: 2 },
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
  const overlays = new Map<string, Overlay>()
  const lines = new Map<string, { spec: PriceLineSpec; line: IPriceLine }>()

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
    for (const overlay of overlays.values()) {
      const colors = overlay.colors(theme)
      overlay.lines.forEach((line, i) => line.applyOptions({ color: colors[i] }))
      overlay.guides?.forEach((guide) =>
        guide.applyOptions({ color: theme.textMuted, axisLabelColor: theme.textMuted }),
      )
    }
    for (const { spec, line } of lines.values()) line.applyOptions(lineOptions(spec))
  }

  function lineOptions(spec: PriceLineSpec) {
    const look = LINE_STYLE[spec.role]
    const color = look.color(theme)
    return {
      price: spec.price,
      title: spec.title,
      color,
      lineStyle: look.style,
      lineWidth: look.width,
      axisLabelVisible: true,
      axisLabelColor: color,
      axisLabelTextColor: theme.background,
    }
  }
  function drawLines() {
    for (const entry of lines.values()) entry.line = main.createPriceLine(lineOptions(entry.spec))
  }

  function setAllOverlays() {
    const closes = bars.map((bar) => bar.close)
    for (const overlay of overlays.values()) {
      const values = overlay.running.reset(closes)
      overlay.lines.forEach((line, i) =>
        line.setData(
          bars.map((bar, k) => {
            const value = overlay.pick(values[k])[i]
            return typeof value === 'number' ? { time: timeOf(bar), value } : { time: timeOf(bar) }
          }),
        ),
      )
    }
  }
  function setAll() {
    main.setData(bars.map(mainPoint))
    volume?.setData(bars.map(volumePoint))
    setAllOverlays()
  }

  function addOverlay(id: Exclude<IndicatorId, 'volume'>) {
    const def = OVERLAYS[id]
    const colors = def.colors(theme)
    const made: ISeriesApi<'Line'>[] = []
    for (let i = 0; i < def.lines; i++) {
      made.push(
        chart.addSeries(
          LineSeries,
          {
            color: colors[i],
            lineWidth: 1,
            lineStyle: def.dashed?.includes(i) ? LineStyle.Dashed : LineStyle.Solid,
            priceLineVisible: false,
            lastValueVisible: def.pane > 0,
            crosshairMarkerVisible: false,
            priceFormat: def.pane > 0 ? { type: 'price', precision: 1, minMove: 0.1 } : priceFormat,
          },
          def.pane,
        ),
      )
    }
    const overlay: Overlay = {
      running: new RunningIndicator(def.stepper),
      lines: made,
      pick: def.pick,
      pane: def.pane,
      colors: def.colors,
    }
    if (def.pane > 0) {
      const rsiLine = made[0] as ISeriesApi<'Line'>
      rsiLine.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.1 } })
      overlay.guides = [70, 30].map((price) =>
        rsiLine.createPriceLine({
          price,
          color: theme.textMuted,
          lineStyle: LineStyle.Dotted,
          lineWidth: 1,
          axisLabelVisible: false,
        }),
      )
      chart.panes()[0]?.setStretchFactor(3)
      chart.panes()[def.pane]?.setStretchFactor(1)
    }
    overlays.set(id, overlay)
  }
  function removeOverlay(id: string) {
    const overlay = overlays.get(id)
    if (!overlay) return
    for (const line of overlay.lines) chart.removeSeries(line)
    overlays.delete(id)
    if (overlay.pane > 0 && chart.panes().length > 1) {
      try {
        chart.removePane(overlay.pane)
      } catch {
        // The library removed the empty pane itself.
      }
    }
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
      for (const overlay of overlays.values()) {
        const value =
          change === 'append' ? overlay.running.append(bar.close) : overlay.running.replaceLast(bar.close)
        overlay.lines.forEach((line, i) => {
          const v = overlay.pick(value)[i]
          line.update(typeof v === 'number' ? { time: timeOf(bar), value: v } : { time: timeOf(bar) })
        })
      }
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
      for (const id of [...overlays.keys()]) if (!ids.includes(id as IndicatorId)) removeOverlay(id)
      let added = false
      for (const id of ids) {
        if (id === 'volume' || overlays.has(id)) continue
        addOverlay(id)
        added = true
      }
      if (added) setAllOverlays()
    },
    setTheme(next) {
      theme = next
      applyTheme()
    },
    setLines(specs) {
      const wanted = new Map(specs.map((spec) => [spec.id, spec]))
      for (const [id, entry] of lines) {
        if (!wanted.has(id)) {
          main.removePriceLine(entry.line)
          lines.delete(id)
        }
      }
      for (const spec of specs) {
        const entry = lines.get(spec.id)
        if (!entry) lines.set(spec.id, { spec, line: main.createPriceLine(lineOptions(spec)) })
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
    destroy() {
      chart.unsubscribeCrosshairMove(onCrosshair)
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange)
      chart.remove()
    },
  }
}
