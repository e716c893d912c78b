import { useEffect, useRef, useState, type RefObject } from 'react'
import type { CandleChart } from '../../lib/candle-chart.ts'
import { grabbedLine, priceAtPointer } from '../lib/drag.ts'
import type { DraggableLine } from '../lib/trade-lines.ts'

export interface HeldLine {
  id: string
  price: number
}

interface Options {
  container: RefObject<HTMLElement | null>
  chart: CandleChart | null
  /** The lines that may be dragged (a position's stops, a pending order's lines). */
  lines: readonly DraggableLine[]
  precision: number
  /** Where a dragged line is now; read by whoever redraws lines, so a redraw does not snap it back. */
  held: RefObject<HeldLine | null>
  /** The finger let go of `line` at `price` (a different price from the line's). */
  onDrop(line: DraggableLine, price: number): void
}

/**
 * Dragging an order's line: lightweight-charts has no line drag, so pointer events on the chart's box
 * pick the nearest line within a fingertip (12 px), move it with the pointer (price from the
 * chart's scale, rounded to the instrument's grid) and hand the new price over on release. While
 * a line is held, the chart's own scrolling and zoom are off and the page does not scroll.
 */
export function useLineDrag({ container, chart, lines, precision, held, onDrop }: Options): string | null {
  const [dragging, setDragging] = useState<string | null>(null)
  const latest = useRef({ lines, precision, onDrop })
  latest.current = { lines, precision, onDrop }

  useEffect(() => {
    const element = container.current
    if (!element || !chart) return
    let drag: { line: DraggableLine; price: number; pointerId: number } | null = null
    const yOf = (event: PointerEvent) => event.clientY - element.getBoundingClientRect().top

    const down = (event: PointerEvent) => {
      if (drag || (event.pointerType === 'mouse' && event.button !== 0)) return
      const y = yOf(event)
      if (y > chart.mainPaneHeight()) return
      const candidates = latest.current.lines.map((line) => ({ ...line, y: chart.yOf(line.price) }))
      const line = grabbedLine(candidates, y)
      if (!line) return
      event.preventDefault()
      event.stopPropagation()
      chart.setScrolling(false)
      try {
        element.setPointerCapture(event.pointerId)
      } catch {
        // A synthetic pointer cannot be captured; the moves still reach the box.
      }
      drag = { line, price: line.price, pointerId: event.pointerId }
      held.current = { id: line.id, price: line.price }
      setDragging(line.id)
    }
    const move = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.pointerId) return
      event.preventDefault()
      event.stopPropagation()
      const price = priceAtPointer(
        yOf(event),
        chart.mainPaneHeight(),
        chart.priceAt,
        latest.current.precision,
      )
      if (price === null) return
      drag.price = price
      held.current = { id: drag.line.id, price }
      chart.moveLine(drag.line.id, price)
    }
    const end = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.pointerId) return
      event.stopPropagation()
      const { line, price } = drag
      drag = null
      chart.setScrolling(true)
      setDragging(null)
      if (event.type === 'pointerup' && price !== line.price) {
        latest.current.onDrop(line, price)
        return
      }
      held.current = null
      chart.moveLine(line.id, line.price)
    }
    // The page must not scroll under a finger that holds a line.
    const touch = (event: TouchEvent) => {
      if (drag && event.cancelable) event.preventDefault()
    }

    element.addEventListener('pointerdown', down, { capture: true })
    element.addEventListener('pointermove', move, { capture: true })
    element.addEventListener('pointerup', end, { capture: true })
    element.addEventListener('pointercancel', end, { capture: true })
    element.addEventListener('touchstart', touch, { capture: true, passive: false })
    element.addEventListener('touchmove', touch, { capture: true, passive: false })
    return () => {
      element.removeEventListener('pointerdown', down, { capture: true })
      element.removeEventListener('pointermove', move, { capture: true })
      element.removeEventListener('pointerup', end, { capture: true })
      element.removeEventListener('pointercancel', end, { capture: true })
      element.removeEventListener('touchstart', touch, { capture: true })
      element.removeEventListener('touchmove', touch, { capture: true })
      if (drag) chart.setScrolling(true)
    }
  }, [container, chart, held])

  return dragging
}
