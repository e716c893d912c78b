export interface SparklinePaths {
  /** The price line, for `stroke`. */
  line: string
  /** The line closed along the bottom edge, for a light `fill` under it. */
  area: string
}

const round = (value: number) => Math.round(value * 100) / 100

/**
 * SVG paths of a small price chart in a `width` x `height` box: values evenly spaced from left to
 * right, the highest at the top (`inset` from the edge, so the stroke is not clipped). A flat
 * series is a line across the middle. Fewer than two prices draw nothing (null).
 */
export function sparklinePaths(
  values: readonly number[],
  width: number,
  height: number,
  inset = 1,
): SparklinePaths | null {
  const points = values.filter(Number.isFinite)
  if (points.length < 2) return null
  const min = Math.min(...points)
  const max = Math.max(...points)
  const range = max - min
  const step = width / (points.length - 1)
  const usable = height - 2 * inset
  const y = (value: number) => (range === 0 ? height / 2 : inset + ((max - value) / range) * usable)
  const line = points
    .map((value, index) => `${index === 0 ? 'M' : 'L'}${round(index * step)},${round(y(value))}`)
    .join('')
  return { line, area: `${line}L${width},${height}L0,${height}Z` }
}
