import type { KeyboardEvent } from 'react'

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"]):not([aria-disabled="true"])'

/**
 * A dialog's Tab key: focus wraps from its last control to its first (Shift+Tab the other way), so
 * a keyboard or screen reader stays in it while it is open. Put on the dialog's root as onKeyDown.
 */
export function trapTab(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (item) => item.offsetParent !== null,
  )
  const first = items[0]
  const last = items.at(-1)
  if (!first || !last) return
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}

/** About half a second of frames: a popup draws its content a frame or two after it opens. */
const DRAW_FRAMES = 30

/**
 * Moves focus into a dialog once it is drawn: `find` answers the element to focus, or nothing while
 * the popup has not rendered its content yet (tried again each frame, for about half a second).
 * Returns a cancel, for an effect's clean-up.
 */
export function focusWhenDrawn(find: () => HTMLElement | null | undefined): () => void {
  let frame = 0
  let tries = 0
  const attempt = () => {
    const target = find()
    if (target) target.focus({ preventScroll: true })
    else if (tries++ < DRAW_FRAMES) frame = requestAnimationFrame(attempt)
  }
  frame = requestAnimationFrame(attempt)
  return () => cancelAnimationFrame(frame)
}
