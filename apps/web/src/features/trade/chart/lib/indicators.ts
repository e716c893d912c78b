/**
 * Technical indicators as pure steppers: a state, and a step that takes one bar's input (its close,
 * or its high, low and close) and gives the next state and the value at that bar (null while the
 * indicator is still warming up). A full series is a fold over the bars; the forming candle is one
 * step from the state before it, so a tick costs one step and gives exactly what a full recompute
 * would. The oscillators MACD and Stochastic: indicators-oscillators.ts.
 */
export interface Stepper<S, V, I = number> {
  start(): S
  step(state: S, input: I): { state: S; value: V | null }
}

export interface Band {
  middle: number
  upper: number
  lower: number
}

interface WindowState {
  window: readonly number[]
}

const pushWindow = (window: readonly number[], close: number, length: number) =>
  window.length < length ? [...window, close] : [...window.slice(1), close]

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

/** Simple moving average of the last `length` closes. */
export function sma(length: number): Stepper<WindowState, number> {
  return {
    start: () => ({ window: [] }),
    step(state, close) {
      const window = pushWindow(state.window, close, length)
      return { state: { window }, value: window.length === length ? mean(window) : null }
    },
  }
}

interface EmaState {
  count: number
  sum: number
  ema: number
}

/** Exponential moving average, k = 2 / (length + 1), seeded with the SMA of the first `length` closes. */
export function ema(length: number): Stepper<EmaState, number> {
  const k = 2 / (length + 1)
  return {
    start: () => ({ count: 0, sum: 0, ema: Number.NaN }),
    step(state, close) {
      const count = state.count + 1
      if (count < length) return { state: { count, sum: state.sum + close, ema: Number.NaN }, value: null }
      const value = count === length ? (state.sum + close) / length : state.ema + k * (close - state.ema)
      return { state: { count, sum: 0, ema: value }, value }
    },
  }
}

/** Bollinger bands: the SMA of `length` closes plus and minus `width` population standard deviations. */
export function bollinger(length: number, width: number): Stepper<WindowState, Band> {
  return {
    start: () => ({ window: [] }),
    step(state, close) {
      const window = pushWindow(state.window, close, length)
      if (window.length < length) return { state: { window }, value: null }
      const middle = mean(window)
      const deviation = Math.sqrt(mean(window.map((value) => (value - middle) ** 2)))
      return {
        state: { window },
        value: { middle, upper: middle + width * deviation, lower: middle - width * deviation },
      }
    },
  }
}

interface RsiState {
  previous: number | null
  count: number
  gain: number
  loss: number
}

/**
 * Wilder's relative strength index: the first average gain and loss are plain means of `length`
 * changes, later ones smoothed by (avg x (length - 1) + change) / length. 50 when nothing moved.
 */
export function rsi(length: number): Stepper<RsiState, number> {
  return {
    start: () => ({ previous: null, count: 0, gain: 0, loss: 0 }),
    step(state, close) {
      if (state.previous === null) return { state: { ...state, previous: close }, value: null }
      const change = close - state.previous
      const up = Math.max(change, 0)
      const down = Math.max(-change, 0)
      const count = state.count + 1
      let gain: number
      let loss: number
      if (count < length) {
        gain = state.gain + up
        loss = state.loss + down
      } else if (count === length) {
        gain = (state.gain + up) / length
        loss = (state.loss + down) / length
      } else {
        gain = (state.gain * (length - 1) + up) / length
        loss = (state.loss * (length - 1) + down) / length
      }
      const next = { previous: close, count, gain, loss }
      if (count < length) return { state: next, value: null }
      let value = 50
      if (loss === 0) value = gain === 0 ? 50 : 100
      else value = 100 - 100 / (1 + gain / loss)
      return { state: next, value }
    },
  }
}

/** The indicator over every bar's input, from scratch. */
export function compute<S, V, I>(stepper: Stepper<S, V, I>, inputs: readonly I[]): (V | null)[] {
  let state = stepper.start()
  return inputs.map((input) => {
    const next = stepper.step(state, input)
    state = next.state
    return next.value
  })
}

/**
 * An indicator kept up to date bar by bar: it holds the state before the last bar, so the forming
 * candle's new close is one step (`replaceLast`), and a new bar moves that state on by one (`append`).
 */
export class RunningIndicator<S, V, I = number> {
  private before: S
  private after: S
  private bars = 0

  constructor(private readonly stepper: Stepper<S, V, I>) {
    this.before = stepper.start()
    this.after = this.before
  }

  /** Recomputes over all bars' inputs; returns every value. */
  reset(inputs: readonly I[]): (V | null)[] {
    let state = this.stepper.start()
    this.before = state
    const values = inputs.map((input) => {
      this.before = state
      const next = this.stepper.step(state, input)
      state = next.state
      return next.value
    })
    this.after = state
    this.bars = inputs.length
    return values
  }

  /** The last bar changed (a new close, high or low): its new value. */
  replaceLast(input: I): V | null {
    if (this.bars === 0) return this.append(input)
    const next = this.stepper.step(this.before, input)
    this.after = next.state
    return next.value
  }

  /** A new bar: its value. */
  append(input: I): V | null {
    const next = this.stepper.step(this.after, input)
    this.before = this.after
    this.after = next.state
    this.bars += 1
    return next.value
  }
}
