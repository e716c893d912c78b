import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'

/** antd-mobile 5.43 draws a List.Item with onClick as an <a> without href (no tab stop, no role). */
const CLICKABLE = 'a.adm-list-item'

/** Every clickable antd-mobile list row under `root` becomes a focusable button for assistive tech. */
function markRows(root: HTMLElement): void {
  for (const row of root.querySelectorAll<HTMLElement>(CLICKABLE)) {
    if (row.getAttribute('role') !== 'button') row.setAttribute('role', 'button')
    // An anchor without href reports tabIndex 0 yet takes no focus: the attribute is what counts.
    if (!row.hasAttribute('tabindex')) row.setAttribute('tabindex', '0')
  }
}

/**
 * Wraps antd-mobile Lists whose rows act on a tap (List.Item with onClick). Those rows are anchors
 * without an address: a screen reader does not call them buttons and a keyboard can neither reach
 * nor press them. Here they get role="button" and a tab stop, and Enter or Space presses them,
 * without changing their looks. Rows added later (a list that loads) are marked too.
 */
export function PressableList({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const root = ref.current
    if (!root) return
    markRows(root)
    const observer = new MutationObserver(() => markRows(root))
    observer.observe(root, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Enter' && event.key !== ' ') return
    const target = event.target as HTMLElement
    if (!target.matches(CLICKABLE)) return
    event.preventDefault()
    target.click()
  }

  return (
    // The rows inside are the controls; this wrapper only forwards their keys.
    <div ref={ref} className="pressable-list" onKeyDown={onKeyDown}>
      {children}
    </div>
  )
}
