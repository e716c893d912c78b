import { useEffect, useRef, useState, type ReactNode } from 'react'

type PullStatus = 'pulling' | 'canRelease' | 'refreshing' | 'complete'

interface Props {
  onRefresh: () => Promise<unknown>
  pullingText: ReactNode
  canReleaseText: ReactNode
  refreshingText: ReactNode
  completeText: ReactNode
  children: ReactNode
}

/** The status line's height, shown while refreshing. */
const HEAD_HEIGHT = 40
/** How far the head must be pulled open before letting go refreshes. */
const THRESHOLD = 60
/** How long the complete text stays before the head closes. */
const COMPLETE_DELAY = 500
/** The head's height transition in styles.css (`.pull-refresh-head`). */
const SETTLE_MS = 300

/** The head follows the finger less and less, up to five head heights. */
function rubberband(distance: number): number {
  if (distance <= 0) return 0
  const dimension = HEAD_HEIGHT * 5
  const constant = 0.5
  return (distance * dimension * constant) / (dimension + constant * distance)
}

const SCROLLING = ['scroll', 'auto', 'overlay']

/** The nearest ancestor that scrolls vertically, or the window. */
function scrollParent(from: Node | null): Element | Window {
  let node = from
  while (node instanceof Element) {
    if (node === document.body) return window
    if (SCROLLING.includes(window.getComputedStyle(node).overflowY) && node.scrollHeight > node.clientHeight)
      return node
    node = node.parentNode
  }
  return window
}

/** A pull only opens the head when every scrolling ancestor of the touched element is at its top. */
function scrolledToTop(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false
  let parent = scrollParent(target)
  while (!(parent instanceof Window)) {
    if (parent.scrollTop > 0) return false
    parent = scrollParent(parent.parentNode)
  }
  return window.scrollY <= 0
}

/**
 * Pull down at the top of the list to refresh it: the behaviour, texts and timings of antd-mobile's
 * PullToRefresh (touch only, vertical pulls only), without its animation and gesture libraries,
 * which would otherwise be a quarter of the home screen's first load. The head's height is set on
 * the element directly, so a pull does not re-render the list.
 */
export function PullToRefresh({
  onRefresh,
  pullingText,
  canReleaseText,
  refreshingText,
  completeText,
  children,
}: Props) {
  const [status, setStatus] = useState<PullStatus>('pulling')
  const rootRef = useRef<HTMLDivElement>(null)
  const headRef = useRef<HTMLDivElement>(null)
  const onRefreshRef = useRef(onRefresh)
  useEffect(() => {
    onRefreshRef.current = onRefresh
  }, [onRefresh])

  useEffect(() => {
    const root = rootRef.current
    const headElement = headRef.current
    if (!root || !headElement) return
    const head = headElement.style
    let current: PullStatus = 'pulling'
    let mounted = true
    const timers = new Set<ReturnType<typeof setTimeout>>()
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer)
          resolve()
        }, ms)
        timers.add(timer)
      })

    function update(next: PullStatus) {
      current = next
      if (mounted) setStatus(next)
    }

    function setHeight(height: number, animate: boolean) {
      head.transition = animate ? '' : 'none'
      head.height = `${Math.round(height)}px`
    }

    async function reset() {
      setHeight(0, true)
      await wait(SETTLE_MS)
      update('pulling')
    }

    async function refresh() {
      setHeight(HEAD_HEIGHT, true)
      update('refreshing')
      try {
        await onRefreshRef.current()
        update('complete')
      } catch (error) {
        void reset()
        throw error
      }
      await wait(COMPLETE_DELAY)
      await reset()
    }

    const busy = () => current === 'refreshing' || current === 'complete'

    // One gesture: where it started, whether its direction is known yet, and whether it pulls.
    let start: { id: number; x: number; y: number } | null = null
    let decided = false
    let pulling = false

    function onStart(event: TouchEvent) {
      const touch = event.touches[0]
      if (!touch || start) return
      start = { id: touch.identifier, x: touch.clientX, y: touch.clientY }
      decided = false
      pulling = false
    }

    function onMove(event: TouchEvent) {
      if (!start) return
      const touch = [...event.touches].find((t) => t.identifier === start?.id)
      if (!touch) return
      const dx = touch.clientX - start.x
      const dy = Math.ceil(touch.clientY - start.y)
      if (!decided) {
        if (dx === 0 && dy === 0) return
        decided = true
        // A horizontal swipe, a push up, a pull while refreshing or below the top: not ours.
        if (Math.abs(dx) > Math.abs(dy) || busy()) {
          if (Math.abs(dx) > Math.abs(dy)) start = null
          return
        }
        pulling = dy > 0 && scrolledToTop(event.target)
      }
      if (!pulling || busy()) return
      if (event.cancelable) event.preventDefault()
      event.stopPropagation()
      const height = rubberband(dy)
      setHeight(height, false)
      update(height > THRESHOLD ? 'canRelease' : 'pulling')
    }

    function onEnd(event: TouchEvent) {
      if (!start || [...event.touches].some((t) => t.identifier === start?.id)) return
      const moved = decided
      start = null
      pulling = false
      if (!moved || busy()) return
      if (current === 'canRelease') void refresh()
      else setHeight(0, true)
    }

    root.addEventListener('touchstart', onStart, { passive: true })
    // Not passive: a pull stops the page from scrolling or bouncing.
    root.addEventListener('touchmove', onMove, { passive: false })
    root.addEventListener('touchend', onEnd)
    root.addEventListener('touchcancel', onEnd)
    return () => {
      mounted = false
      for (const timer of timers) clearTimeout(timer)
      root.removeEventListener('touchstart', onStart)
      root.removeEventListener('touchmove', onMove)
      root.removeEventListener('touchend', onEnd)
      root.removeEventListener('touchcancel', onEnd)
    }
  }, [])

  const text = {
    pulling: pullingText,
    canRelease: canReleaseText,
    refreshing: refreshingText,
    complete: completeText,
  }[status]

  return (
    <div ref={rootRef} className="pull-refresh">
      <div ref={headRef} className="pull-refresh-head">
        <div className="pull-refresh-head-content">{text}</div>
      </div>
      <div className="pull-refresh-content">{children}</div>
    </div>
  )
}
