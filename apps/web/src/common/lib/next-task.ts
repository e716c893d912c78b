/**
 * Resolves in a new task, so the browser may paint and answer a tap between two steps of work:
 * start-up is cut into steps that each stay under the 50 ms a phone counts as a long task.
 * `scheduler.yield` (Chromium) resumes ahead of other queued tasks; elsewhere a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
