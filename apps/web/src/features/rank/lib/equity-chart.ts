import type { ProfitPoint } from '@tp/contracts/light'

export interface ChartGeometry {
  /** The line's `points` attribute ("x,y x,y …"), left (oldest) to right (today). */
  line: string
  /** The area under the line, closed along the bottom edge (a `d` path). */
  area: string
  min: number
  max: number
  /** Whether the curve ends below where it began (a loss over the window): drawn in the falling colour. */
  falling: boolean
}

const round = (value: number) => Math.round(value * 10) / 10

/**
 * The equity curve inside a `width` × `height` box with `pad` units of air top and bottom. A flat
 * curve is drawn through the middle; one point is drawn as a flat line across.
 */
export function equityGeometry(
  points: readonly ProfitPoint[],
  width: number,
  height: number,
  pad = 4,
): ChartGeometry | null {
  if (points.length === 0) return null
  const values = points.map((p) => p.profit)
  const min = Math.min(...values)
  const max = Math.max(...values)
  const span = max - min
  const step = points.length > 1 ? width / (points.length - 1) : 0
  const yOf = (value: number) =>
    span === 0 ? height / 2 : pad + (1 - (value - min) / span) * (height - 2 * pad)
  const coords = values.map(
    (value, i) => [round(points.length > 1 ? i * step : 0), round(yOf(value))] as const,
  )
  if (coords.length === 1) coords.push([width, coords[0]![1]])
  const line = coords.map(([x, y]) => `${x},${y}`).join(' ')
  const first = coords[0]!
  const last = coords.at(-1)!
  const area = `M${first[0]},${height} ${coords.map(([x, y]) => `L${x},${y}`).join(' ')} L${last[0]},${height} Z`
  return { line, area, min, max, falling: (values.at(-1) ?? 0) < (values[0] ?? 0) }
}
