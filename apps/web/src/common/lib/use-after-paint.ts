import { useEffect, useState } from 'react'

/**
 * False until `ready` has been true through one paint (a frame, then a task): what a screen shows
 * first paints before its extras (logos, small charts, the chart library) start loading, so on a
 * slow line they do not share it with the first screen's own files and data.
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (!ready || painted) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [ready, painted])
  return painted
}
