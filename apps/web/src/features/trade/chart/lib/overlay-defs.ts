import type { ChartBar } from '../../lib/candles.ts'
import type { IndicatorId } from './chart-prefs.ts'
import type { ChartTheme } from './chart-theme.ts'
import { bollinger, ema, rsi, sma, type Band, type Stepper } from './indicators.ts'
import { macd, stochastic, type MacdValue, type StochasticValue } from './oscillators.ts'

/** One series an indicator draws: a line, or a histogram coloured by the sign of each bar's value. */
export interface OverlaySeries {
  kind: 'line' | 'histogram'
  color(theme: ChartTheme): string
  dashed?: boolean
}

/**
 * How the chart draws one indicator: on the candles (`lower` false) or in a pane of its own under
 * them (an oscillator). `pick` gives each series' value from the indicator's value at a bar;
 * `guides` are dotted levels of an oscillator (70/30, 80/20, 0).
 */
export interface OverlayDef {
  stepper: Stepper<unknown, unknown, unknown>
  input(bar: ChartBar): unknown
  series: OverlaySeries[]
  pick(value: unknown): (number | null | undefined)[]
  lower: boolean
  guides?: number[]
  /** A scale of 0 to 100 (RSI, Stochastic), else prices of the instrument (MACD is a price difference). */
  percent?: boolean
}

const close = (bar: ChartBar) => bar.close
const single = (value: unknown) => [value as number | null]
const line = (color: (t: ChartTheme) => string, dashed = false): OverlaySeries => ({
  kind: 'line',
  color,
  dashed,
})
const on = <S, V, I>(stepper: Stepper<S, V, I>) => stepper as Stepper<unknown, unknown, unknown>

export type OverlayId = Exclude<IndicatorId, 'volume'>

export const OVERLAYS: Record<OverlayId, OverlayDef> = {
  sma20: { stepper: on(sma(20)), input: close, series: [line((t) => t.fast)], pick: single, lower: false },
  sma50: { stepper: on(sma(50)), input: close, series: [line((t) => t.slow)], pick: single, lower: false },
  ema20: {
    stepper: on(ema(20)),
    input: close,
    series: [line((t) => t.fast, true)],
    pick: single,
    lower: false,
  },
  ema50: {
    stepper: on(ema(50)),
    input: close,
    series: [line((t) => t.slow, true)],
    pick: single,
    lower: false,
  },
  bollinger: {
    stepper: on(bollinger(20, 2)),
    input: close,
    series: [line((t) => t.band), line((t) => t.band, true), line((t) => t.band)],
    pick: (value) => {
      const b = value as Band | null
      return [b?.upper, b?.middle, b?.lower]
    },
    lower: false,
  },
  rsi: {
    stepper: on(rsi(14)),
    input: close,
    series: [line((t) => t.oscillator)],
    pick: single,
    lower: true,
    guides: [70, 30],
    percent: true,
  },
  macd: {
    stepper: on(macd(12, 26, 9)),
    input: close,
    // The histogram first, so the lines are drawn over it.
    series: [
      { kind: 'histogram', color: (t) => t.oscillator },
      line((t) => t.oscillator),
      line((t) => t.slow),
    ],
    pick: (value) => {
      const m = value as MacdValue | null
      return [m?.histogram, m?.macd, m?.signal]
    },
    lower: true,
    guides: [0],
  },
  stochastic: {
    stepper: on(stochastic(14, 3, 3)),
    input: (bar) => bar,
    series: [line((t) => t.oscillator), line((t) => t.slow, true)],
    pick: (value) => {
      const s = value as StochasticValue | null
      return [s?.k, s?.d]
    },
    lower: true,
    guides: [80, 20],
    percent: true,
  },
}

/** The oscillators in the order their panes stack under the candles. */
export const LOWER_ORDER: OverlayId[] = ['rsi', 'macd', 'stochastic']
