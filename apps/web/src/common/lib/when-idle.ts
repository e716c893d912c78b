/**
 * Runs `task` once the browser has nothing else to do, at the latest after `timeoutMs` when one is
 * given; returns a cancel. Safari has no requestIdleCallback: a timer instead.
 */
export function whenIdle(task: () => void, timeoutMs?: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => task(), timeoutMs ? { timeout: timeoutMs } : undefined)
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(task, timeoutMs ?? 200)
  return () => window.clearTimeout(id)
}
