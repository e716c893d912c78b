import { useCallback, useEffect, useState } from 'react'

/** docs/product.md "Limits": a send-code button waits 60 seconds before it may send again. */
export const SEND_CODE_COOLDOWN_SECONDS = 60

/**
 * A countdown in whole seconds. It counts from an end time rather than ticks, so a phone that
 * throttles timers in the background still ends on time.
 */
export function useCountdown(seconds: number = SEND_CODE_COOLDOWN_SECONDS) {
  const [endsAt, setEndsAt] = useState<number | null>(null)
  const [remaining, setRemaining] = useState(0)

  useEffect(() => {
    if (endsAt === null) return
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000))
      setRemaining(left)
      if (left === 0) setEndsAt(null)
    }
    tick()
    const id = window.setInterval(tick, 250)
    return () => window.clearInterval(id)
  }, [endsAt])

  const start = useCallback(() => setEndsAt(Date.now() + seconds * 1000), [seconds])

  return { remaining, running: remaining > 0, start }
}
