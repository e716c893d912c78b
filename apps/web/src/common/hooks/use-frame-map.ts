import { useCallback, useEffect, useRef, useState } from 'react'

export interface FrameMap<V> {
  /** The values as of the last flushed frame; a new Map object after every flush that changed something. */
  values: ReadonlyMap<string, V>
  /** Records a value now; React sees it at the next animation frame, with every other value set before. */
  set: (key: string, value: V) => void
  /** Forgets every value, pending or shown. */
  clear: () => void
}

/**
 * A keyed map for values that arrive faster than the screen repaints (live quotes: many per
 * second, for dozens of instruments). Incoming values go into a mutable map without rendering;
 * one `requestAnimationFrame` callback per frame moves them into React state, so the screen
 * renders at most once per frame however many values arrived. Entries that did not change keep
 * their object identity, so memoised rows skip rendering.
 */
export function useFrameMap<V>(): FrameMap<V> {
  const [values, setValues] = useState<ReadonlyMap<string, V>>(() => new Map())
  const pending = useRef(new Map<string, V>())
  const frame = useRef<number | null>(null)

  const flush = useCallback(() => {
    frame.current = null
    if (pending.current.size === 0) return
    const incoming = pending.current
    pending.current = new Map()
    setValues((previous) => {
      const next = new Map(previous)
      for (const [key, value] of incoming) next.set(key, value)
      return next
    })
  }, [])

  const set = useCallback(
    (key: string, value: V) => {
      pending.current.set(key, value)
      frame.current ??= requestAnimationFrame(flush)
    },
    [flush],
  )

  const clear = useCallback(() => {
    pending.current.clear()
    setValues(new Map())
  }, [])

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current)
      frame.current = null
    },
    [],
  )

  return { values, set, clear }
}
