import { useEffect, useRef, type RefObject } from 'react'
import type { CandleChart } from '../../lib/candle-chart.ts'
import type { DrawnPoint } from '../lib/drawings.ts'

/** A finger that moves less than this between down and up has tapped, not scrolled. */
const TAP_SLOP_PX = 10

/**
 * While `active`, a tap on the chart's candles gives the candle and price under it (`onPoint`); the
 * chart does not scroll or zoom meanwhile, so a tap is not taken for a pan. Pointer events on the
 * chart's box, as the line drag (use-line-drag.ts), so a mouse and a finger both place points.
 */
export function useDrawTap(
  container: RefObject<HTMLElement | null>,
  chart: CandleChart | null,
  active: boolean,
  onPoint: (point: DrawnPoint) => void,
): void {
  const latest = useRef(onPoint)
  latest.current = onPoint

  useEffect(() => {
    const element = container.current
    if (!element || !chart || !active) return
    chart.setScrolling(false)
    let down: { x: number; y: number; pointerId: number } | null = null
    const local = (event: PointerEvent) => {
      const box = element.getBoundingClientRect()
      return { x: event.clientX - box.left, y: event.clientY - box.top }
    }
    const press = (event: PointerEvent) => {
      const at = local(event)
      if (at.y > chart.mainPaneHeight()) return
      event.stopImmediatePropagation()
      down = { ...at, pointerId: event.pointerId }
    }
    const release = (event: PointerEvent) => {
      if (!down || event.pointerId !== down.pointerId) return
      const at = local(event)
      const tapped = Math.hypot(at.x - down.x, at.y - down.y) < TAP_SLOP_PX
      down = null
      event.stopImmediatePropagation()
      const point = tapped ? chart.pointAt(at.x, at.y) : null
      if (point) latest.current(point)
    }
    element.addEventListener('pointerdown', press, { capture: true })
    element.addEventListener('pointerup', release, { capture: true })
    return () => {
      element.removeEventListener('pointerdown', press, { capture: true })
      element.removeEventListener('pointerup', release, { capture: true })
      chart.setScrolling(true)
    }
  }, [container, chart, active])
}
