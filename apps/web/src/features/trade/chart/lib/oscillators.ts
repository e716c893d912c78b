import { ema, sma, type Stepper } from './indicators.ts'

/** MACD at one bar: the line, its signal and their difference (null until the signal has warmed up). */
export interface MacdValue {
  macd: number
  signal: number | null
  histogram: number | null
}

type EmaStepper = ReturnType<typeof ema>
type EmaState = ReturnType<EmaStepper['start']>

interface MacdState {
  fast: EmaState
  slow: EmaState
  signal: EmaState
}

/**
 * Gerald Appel's MACD: EMA(fast) − EMA(slow) of the closes, its signal line the EMA(signal) of that
 * difference, and the histogram the line minus its signal (as most platforms draw it; MetaTrader's
 * own MACD smooths the signal with an SMA and draws the line as the histogram). Each EMA is seeded
 * with the SMA of its first values (indicators.ts `ema`).
 */
export function macd(fast: number, slow: number, signal: number): Stepper<MacdState, MacdValue> {
  const fastEma = ema(fast)
  const slowEma = ema(slow)
  const signalEma = ema(signal)
  return {
    start: () => ({ fast: fastEma.start(), slow: slowEma.start(), signal: signalEma.start() }),
    step(state, close) {
      const f = fastEma.step(state.fast, close)
      const s = slowEma.step(state.slow, close)
      if (f.value === null || s.value === null)
        return { state: { ...state, fast: f.state, slow: s.state }, value: null }
      const line = f.value - s.value
      const g = signalEma.step(state.signal, line)
      const value = {
        macd: line,
        signal: g.value,
        histogram: g.value === null ? null : line - g.value,
      }
      return { state: { fast: f.state, slow: s.state, signal: g.state }, value }
    },
  }
}

/** What the Stochastic reads of a bar. */
export interface HighLowClose {
  high: number
  low: number
  close: number
}

/** Stochastic at one bar: %K (slowed) and %D, its moving average (null until it has warmed up). */
export interface StochasticValue {
  k: number
  d: number | null
}

interface StochasticState {
  bars: readonly HighLowClose[]
  /** Close minus the lowest low, and the highest high minus the lowest low, of the last `slowing` bars. */
  above: readonly number[]
  range: readonly number[]
  d: ReturnType<ReturnType<typeof sma>['start']>
}

const last = <T>(values: readonly T[], value: T, length: number) =>
  values.length < length ? [...values, value] : [...values.slice(1), value]

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

/**
 * The Stochastic oscillator as MetaTrader computes it: over the last `length` bars the lowest low LL
 * and highest high HH; %K = 100 × Σ(close − LL) / Σ(HH − LL), both sums over the last `slowing` bars
 * (slowing 1 is the fast %K); %D the SMA(`signal`) of %K. A market that did not move in the window
 * (HH = LL throughout) is 50, the middle, as `rsi` is.
 */
export function stochastic(
  length: number,
  signal: number,
  slowing: number,
): Stepper<StochasticState, StochasticValue, HighLowClose> {
  const average = sma(signal)
  return {
    start: () => ({ bars: [], above: [], range: [], d: average.start() }),
    step(state, bar) {
      const bars = last(state.bars, bar, length)
      if (bars.length < length) return { state: { ...state, bars }, value: null }
      const lowest = Math.min(...bars.map((b) => b.low))
      const highest = Math.max(...bars.map((b) => b.high))
      const above = last(state.above, bar.close - lowest, slowing)
      const range = last(state.range, highest - lowest, slowing)
      if (above.length < slowing) return { state: { ...state, bars, above, range }, value: null }
      const span = sum(range)
      const k = span === 0 ? 50 : (100 * sum(above)) / span
      const d = average.step(state.d, k)
      return { state: { bars, above, range, d: d.state }, value: { k, d: d.value } }
    },
  }
}
