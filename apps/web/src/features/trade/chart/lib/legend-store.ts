import { createStore } from 'zustand/vanilla'
import type { ChartBar } from '../../lib/candles.ts'

/** The bars the chart's legend can show: the one under the crosshair, and the newest. */
export interface LegendBars {
  hover: ChartBar | null
  last: ChartBar | null
}

/**
 * The legend's bars, set by the chart as candles tick and the crosshair moves and read by the legend
 * alone: the chart's screen does not render on every tick.
 */
export const createLegendStore = () => createStore<LegendBars>(() => ({ hover: null, last: null }))

export type LegendStore = ReturnType<typeof createLegendStore>
