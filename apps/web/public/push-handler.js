/* global self */
/*
 * Web push in the service worker (issue 26, docs/decisions/044): imported by the worker Vite builds
 * (vite.config.ts, workbox.importScripts). A message the server sent (apps/server/src/notices/
 * notice-delivery.ts: {id, kind, title, body, link}, already in the user's language) is shown as a
 * notification, with the app closed too; a tap opens the app on the screen it is about.
 */

/** A path of this app (`/mine/charge`), never another site: anything else opens the user center. */
function appPath(link) {
  return typeof link === 'string' && /^\/(?!\/)[\w\-/?=&.%]*$/.test(link) ? link : '/user'
}

self.addEventListener('push', (event) => {
  let message = {}
  try {
    message = event.data ? event.data.json() : {}
  } catch {
    // Not ours (or not JSON): still shown, as browsers require of every push.
  }
  const title = typeof message.title === 'string' && message.title !== '' ? message.title : self.location.host
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: message.id === undefined ? undefined : `notice-${message.id}`,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      dir: 'auto',
      data: { link: appPath(message.link) },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const link = appPath(event.notification.data && event.notification.data.link)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
      if (open) {
        try {
          const shown = await open.navigate(link)
          await (shown || open).focus()
          return
        } catch {
          // A page this worker does not control cannot be moved: a new window instead.
        }
      }
      await self.clients.openWindow(link)
    })(),
  )
})
