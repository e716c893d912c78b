import {
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts'
import type { ChartBar } from '../../lib/candles.ts'
import { withAlpha, type ChartTheme } from './chart-theme.ts'
import { RunningIndicator } from './indicators.ts'
import { LOWER_ORDER, OVERLAYS, type OverlayDef, type OverlayId } from './overlay-defs.ts'

interface Drawn {
  def: OverlayDef
  running: RunningIndicator<unknown, unknown, unknown>
  series: ISeriesApi<'Line' | 'Histogram'>[]
  guides: IPriceLine[]
}

const PERCENT_FORMAT = { type: 'price' as const, precision: 0, minMove: 1 }

/**
 * The indicators drawn on one chart: lines on the candles, and each oscillator (RSI, MACD,
 * Stochastic) in a pane of its own under them, in LOWER_ORDER. No indicator shows a value tag on
 * the price scale (its last value is in its line): the scale's tags are the bid, the ask and the
 * user's lines, which would otherwise sit under each other.
 */
export class Overlays {
  private readonly drawn = new Map<OverlayId, Drawn>()

  constructor(
    private readonly chart: IChartApi,
    private readonly priceFormat: { type: 'price'; precision: number; minMove: number },
    private theme: ChartTheme,
  ) {}

  ids(): OverlayId[] {
    return [...this.drawn.keys()]
  }

  /** Draws exactly `ids` over `bars`. Oscillator panes are rebuilt when the set of oscillators changes. */
  set(ids: readonly OverlayId[], bars: readonly ChartBar[]): void {
    const wanted = new Set(ids)
    const lowerNow = LOWER_ORDER.filter((id) => this.drawn.has(id))
    const lowerNext = LOWER_ORDER.filter((id) => wanted.has(id))
    const lowerChanged = lowerNow.join() !== lowerNext.join()
    for (const id of [...this.drawn.keys()]) {
      if (!wanted.has(id) || (lowerChanged && OVERLAYS[id].lower)) this.remove(id)
    }
    if (lowerChanged) this.removeEmptyPanes()
    let added = false
    for (const id of ids) {
      if (this.drawn.has(id) || OVERLAYS[id].lower) continue
      this.add(id, 0)
      added = true
    }
    lowerNext.forEach((id, i) => {
      if (this.drawn.has(id)) return
      this.add(id, i + 1)
      added = true
    })
    if (lowerNext.length > 0) {
      // The candles keep most of the height however many oscillators there are.
      this.chart.panes()[0]?.setStretchFactor(2 + lowerNext.length)
      for (let i = 1; i <= lowerNext.length; i++) this.chart.panes()[i]?.setStretchFactor(1)
    }
    if (added) this.reset(bars)
  }

  /** Recomputes every indicator over all bars. */
  reset(bars: readonly ChartBar[]): void {
    for (const overlay of this.drawn.values()) {
      const values = overlay.running.reset(bars.map(overlay.def.input))
      overlay.series.forEach((series, i) =>
        series.setData(bars.map((bar, k) => this.point(overlay, i, bar, values[k]))),
      )
    }
  }

  /** The forming bar changed (`replace`) or a new one came (`append`). */
  update(bar: ChartBar, change: 'replace' | 'append'): void {
    for (const overlay of this.drawn.values()) {
      const input = overlay.def.input(bar)
      const value = change === 'append' ? overlay.running.append(input) : overlay.running.replaceLast(input)
      overlay.series.forEach((series, i) => series.update(this.point(overlay, i, bar, value)))
    }
  }

  setTheme(theme: ChartTheme, bars: readonly ChartBar[]): void {
    this.theme = theme
    for (const overlay of this.drawn.values()) {
      overlay.def.series.forEach((look, i) => overlay.series[i]?.applyOptions({ color: look.color(theme) }))
      for (const guide of overlay.guides)
        guide.applyOptions({ color: theme.textMuted, axisLabelColor: theme.textMuted })
    }
    if (this.drawn.size > 0) this.reset(bars)
  }

  private point(overlay: Drawn, index: number, bar: ChartBar, value: unknown) {
    const time = bar.time as UTCTimestamp
    const v = overlay.def.pick(value)[index]
    if (typeof v !== 'number') return { time }
    if (overlay.def.series[index]?.kind !== 'histogram') return { time, value: v }
    return { time, value: v, color: withAlpha(v >= 0 ? this.theme.rise : this.theme.fall, 0.5) }
  }

  private add(id: OverlayId, pane: number): void {
    const def = OVERLAYS[id]
    const common = {
      priceLineVisible: false,
      lastValueVisible: false,
      priceFormat: def.percent ? PERCENT_FORMAT : this.priceFormat,
    }
    const series = def.series.map((look) =>
      look.kind === 'histogram'
        ? this.chart.addSeries(HistogramSeries, { ...common, color: look.color(this.theme) }, pane)
        : this.chart.addSeries(
            LineSeries,
            {
              ...common,
              color: look.color(this.theme),
              lineWidth: 1,
              lineStyle: look.dashed ? LineStyle.Dashed : LineStyle.Solid,
              crosshairMarkerVisible: false,
            },
            pane,
          ),
    )
    const first = series[0]
    if (def.lower && first) first.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.1 } })
    const guides = (def.guides ?? []).map((price) =>
      (series.at(-1) ?? first)!.createPriceLine({
        price,
        color: this.theme.textMuted,
        lineStyle: LineStyle.Dotted,
        lineWidth: 1,
        axisLabelVisible: false,
      }),
    )
    this.drawn.set(id, { def, running: new RunningIndicator(def.stepper), series, guides })
  }

  private remove(id: OverlayId): void {
    const overlay = this.drawn.get(id)
    if (!overlay) return
    for (const series of overlay.series) this.chart.removeSeries(series)
    this.drawn.delete(id)
  }

  /** Panes under the candles left without series (the library may already have removed them). */
  private removeEmptyPanes(): void {
    const panes = this.chart.panes()
    for (let i = panes.length - 1; i >= 1; i--) {
      if (panes[i]?.getSeries().length) continue
      try {
        this.chart.removePane(i)
      } catch {
        // Already gone.
      }
    }
  }
}
