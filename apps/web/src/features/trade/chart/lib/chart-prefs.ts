/** What the trader chose for the chart, kept on the phone (this module's own localStorage key). */
export const CHART_TYPES = ['candles', 'bars', 'line', 'area'] as const
export type ChartType = (typeof CHART_TYPES)[number]

export const INDICATORS = [
  'volume',
  'sma20',
  'sma50',
  'ema20',
  'ema50',
  'bollinger',
  'rsi',
  'macd',
  'stochastic',
] as const
export type IndicatorId = (typeof INDICATORS)[number]

export interface ChartPrefs {
  type: ChartType
  indicators: IndicatorId[]
}

export const CHART_PREFS_KEY = 'tp.chart.prefs'

export const DEFAULT_PREFS: ChartPrefs = { type: 'candles', indicators: ['volume'] }

/** Stored text to prefs: anything unknown is dropped, anything missing is the default. */
export function parsePrefs(text: string | null): ChartPrefs {
  if (!text) return DEFAULT_PREFS
  try {
    const raw = JSON.parse(text) as Partial<Record<keyof ChartPrefs, unknown>>
    const type = CHART_TYPES.find((known) => known === raw.type) ?? DEFAULT_PREFS.type
    const indicators = Array.isArray(raw.indicators)
      ? INDICATORS.filter((known) => (raw.indicators as unknown[]).includes(known))
      : DEFAULT_PREFS.indicators
    return { type, indicators }
  } catch {
    return DEFAULT_PREFS
  }
}

export function readPrefs(): ChartPrefs {
  try {
    return parsePrefs(window.localStorage.getItem(CHART_PREFS_KEY))
  } catch {
    return DEFAULT_PREFS
  }
}

export function writePrefs(prefs: ChartPrefs): void {
  try {
    window.localStorage.setItem(CHART_PREFS_KEY, JSON.stringify(prefs))
  } catch {
    // Private mode or a full store: the choice holds for this visit only.
  }
}
