import { useCallback, useEffect, useState, type RefObject } from 'react'

interface LockableOrientation {
  lock?: (orientation: string) => Promise<void>
  unlock?: () => void
}

/**
 * Full screen for one element: the Fullscreen API, then landscape where the phone allows it. Where
 * the API is missing (iPhone Safari) or refuses, a CSS class fills the viewport instead.
 */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [native, setNative] = useState(false)
  const [fallback, setFallback] = useState(false)

  useEffect(() => {
    const changed = () =>
      setNative(document.fullscreenElement !== null && document.fullscreenElement === target.current)
    document.addEventListener('fullscreenchange', changed)
    return () => document.removeEventListener('fullscreenchange', changed)
  }, [target])

  const enter = useCallback(async () => {
    const element = target.current
    if (!element) return
    try {
      if (typeof element.requestFullscreen !== 'function') throw new Error('no fullscreen')
      await element.requestFullscreen({ navigationUI: 'hide' })
      try {
        await (screen.orientation as unknown as LockableOrientation).lock?.('landscape')
      } catch {
        // Most browsers only lock orientation in an installed app: the chart fits either way.
      }
    } catch {
      setFallback(true)
    }
  }, [target])

  const exit = useCallback(async () => {
    setFallback(false)
    try {
      ;(screen.orientation as unknown as LockableOrientation).unlock?.()
    } catch {
      // Nothing was locked.
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen()
    } catch {
      // Already left (the back gesture).
    }
  }, [])

  useEffect(() => {
    if (!fallback) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') void exit()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [fallback, exit])

  return { active: native || fallback, fallback, enter, exit }
}
