import { PERIODS, PERIOD_SECONDS, type Period } from '@tp/contracts'

/** A candle as the engine keeps it: `time` is the Unix second at which its period starts. */
export interface Bar {
  time: number
  open: number
  high: number
  low: number
  close: number
  /** Tick volume: the number of prices folded in. */
  volume: number
}

export interface ClosedBar {
  period: Period
  bar: Bar
}

/** Start of the period holding `timeMs`, in Unix seconds (UTC; a day starts at 00:00 UTC). */
export function bucketStart(timeMs: number, period: Period): number {
  const size = PERIOD_SECONDS[period]
  return Math.floor(timeMs / 1000 / size) * size
}

/**
 * The current candle of every period for one instrument. Each price is folded into all of them;
 * a price in a later period closes the current candle and opens the next. Prices older than the
 * current 1min candle are ignored (a feed may repeat itself after a reconnect).
 */
export class CandleBook {
  private readonly current = new Map<Period, Bar>()

  constructor(initial: Partial<Record<Period, Bar>> = {}) {
    for (const period of PERIODS) {
      const bar = initial[period]
      if (bar) this.current.set(period, { ...bar })
    }
  }

  /** The open candle of a period, if any price has arrived in it. */
  bar(period: Period): Bar | undefined {
    return this.current.get(period)
  }

  /** Folds one price in and returns the candles it closed, shortest period first. */
  apply(price: number, timeMs: number, volume = 1): ClosedBar[] {
    const minute = this.current.get('1min')
    if (minute && bucketStart(timeMs, '1min') < minute.time) return []
    const closed: ClosedBar[] = []
    for (const period of PERIODS) {
      const time = bucketStart(timeMs, period)
      const bar = this.current.get(period)
      if (bar && bar.time === time) {
        if (price > bar.high) bar.high = price
        if (price < bar.low) bar.low = price
        bar.close = price
        bar.volume += volume
        continue
      }
      if (bar && bar.time < time) closed.push({ period, bar })
      // A new period opens at this price; the first price of a period is its open.
      if (!bar || bar.time < time)
        this.current.set(period, { time, open: price, high: price, low: price, close: price, volume })
    }
    return closed
  }
}

/** Candles of a longer period made from shorter ones (ascending in, ascending out). */
export function aggregate(bars: readonly Bar[], period: Period): Bar[] {
  const out: Bar[] = []
  let last: Bar | undefined
  for (const bar of bars) {
    const time = bucketStart(bar.time * 1000, period)
    if (last && last.time === time) {
      last.high = Math.max(last.high, bar.high)
      last.low = Math.min(last.low, bar.low)
      last.close = bar.close
      last.volume += bar.volume
    } else {
      last = { ...bar, time }
      out.push(last)
    }
  }
  return out
}

/** Percent change from `open` to `close`, rounded to 2 decimals; 0 when there is no open. */
export function percentChange(open: number, close: number): number {
  if (!open) return 0
  // `+ 0` turns the -0 of a tiny drop (Math.round(-0.4) is -0) into 0, which formats as "0" not "-0".
  return Math.round(((close - open) / open) * 10_000) / 100 + 0
}

/** A price rounded to `precision` decimals. */
export function roundPrice(value: number, precision: number): number {
  const factor = 10 ** precision
  return Math.round(value * factor) / factor
}
