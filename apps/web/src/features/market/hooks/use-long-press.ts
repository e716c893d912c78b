import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react'

/** How long a finger rests on a row before it counts as a long-press (as phones time theirs). */
export const LONG_PRESS_MS = 500
/** A finger that moves farther than this is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10

/**
 * Long-press on a link or button: `onLongPress` after LONG_PRESS_MS without moving; a move, a
 * scroll (pointercancel) or lifting the finger earlier cancels it, and the click that follows a
 * long-press is swallowed so that the link does not also navigate. The context-menu event (a
 * right click, the keyboard's menu key, Shift+F10) does the same, which is how keyboard and
 * screen-reader users reach it, and it keeps the phone's own link menu away.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<number | undefined>(undefined)
  const start = useRef<{ x: number; y: number } | null>(null)
  const fired = useRef(false)
  const callback = useRef(onLongPress)
  useEffect(() => {
    callback.current = onLongPress
  })
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const cancel = () => {
    window.clearTimeout(timer.current)
    start.current = null
  }
  const fire = () => {
    cancel()
    fired.current = true
    callback.current()
  }
  // No click follows a context menu opened from the keyboard: the next Enter must still open the link.
  const fromKeyboard = () => {
    fired.current = false
  }

  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return
      fired.current = false
      start.current = { x: event.clientX, y: event.clientY }
      window.clearTimeout(timer.current)
      timer.current = window.setTimeout(fire, LONG_PRESS_MS)
    },
    onPointerMove: (event: PointerEvent) => {
      const from = start.current
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > MOVE_TOLERANCE_PX) cancel()
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onClick: (event: MouseEvent) => {
      if (!fired.current) return
      fired.current = false
      event.preventDefault()
    },
    onKeyDown: fromKeyboard,
    onContextMenu: (event: MouseEvent) => {
      event.preventDefault()
      // A touch long-press may bring both the timer and the phone's context menu: one sheet only.
      if (fired.current) return
      cancel()
      callback.current()
    },
  }
}
