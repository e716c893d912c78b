import { Workbox } from 'workbox-window'

/**
 * Registers the service worker (built by vite-plugin-pwa, see vite.config.ts) after the first paint,
 * and applies a new version without breaking a running session (docs/decisions/015-service-worker.md):
 * a new worker waits while the app is on screen; once the user leaves the app (the page is hidden)
 * it takes over, and the hidden page reloads so the next look at it is the new version. A session
 * on screen is never reloaded under the user's finger, and an old page keeps the old worker's files
 * (its lazy screens load from the old precache) until then.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  const workbox = new Workbox('/sw.js', { scope: '/' })
  let waiting = false

  const takeOverWhenHidden = () => {
    if (waiting && document.visibilityState === 'hidden') workbox.messageSkipWaiting()
  }
  workbox.addEventListener('waiting', () => {
    waiting = true
    takeOverWhenHidden()
  })
  // The new worker controls this page now: reload while nobody looks, else when the user leaves.
  workbox.addEventListener('controlling', (event) => {
    if (!event.isUpdate) return
    if (document.visibilityState === 'hidden') window.location.reload()
    else document.addEventListener('visibilitychange', () => window.location.reload(), { once: true })
  })
  document.addEventListener('visibilitychange', () => {
    takeOverWhenHidden()
    // A phone app stays open for days: look for a new version each time it comes back.
    if (document.visibilityState === 'visible') void workbox.update().catch(() => undefined)
  })
  workbox.register().catch((error: unknown) => console.debug('service worker not registered', error))
}
