import { api, type Params } from '../api-client.ts'

/*
 * This device's web push (issue 26, docs/decisions/044): the browser's subscription to its push
 * service, given to the server for the signed-in user. The service worker shows what arrives
 * (public/push-handler.js). A device belongs to whoever signed in on it last.
 */

/** Whether this browser can get push, and what its user allowed. */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on'

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

async function subscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** Where push stands on this device now. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported'
  if (Notification.permission === 'denied') return 'blocked'
  if (Notification.permission !== 'granted') return 'off'
  return (await subscription()) ? 'on' : 'off'
}

// The subscription as the browser writes it, sent as JSON (its keys are nested, unlike a form's).
const tell = (subscription: PushSubscription) =>
  api.post('/api/push/subscribe', subscription.toJSON() as unknown as Params, {
    json: true,
    silent: true,
  })

/**
 * Asks the user's leave (the browser's prompt), subscribes with the server's key and tells the
 * server. The state after: `blocked` if the user said no.
 */
export async function turnOnPush(): Promise<PushState> {
  if (!supported()) return 'unsupported'
  const permission = await Notification.requestPermission()
  if (permission === 'denied') return 'blocked'
  if (permission !== 'granted') return 'off'
  const registration = await navigator.serviceWorker.ready
  const { key } = await api.get<{ key: string }>('/api/push/key', { silent: true })
  const current = await registration.pushManager.getSubscription()
  const sameKey = current && keyText(current.options.applicationServerKey) === key
  // A subscription made with another key (the server's pair was replaced) would never get a message.
  if (current && !sameKey) await current.unsubscribe()
  const made =
    current && sameKey
      ? current
      : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  await tell(made)
  return 'on'
}

/** Stops push on this device: the server forgets it, then the browser drops the subscription. */
export async function turnOffPush(): Promise<PushState> {
  const current = supported() ? await subscription() : null
  if (current) {
    await api.post('/api/push/unsubscribe', { endpoint: current.endpoint }, { json: true, silent: true })
    await current.unsubscribe()
  }
  return supported() ? 'off' : 'unsupported'
}

/**
 * After a sign-in: a device already subscribed (by this user or one before) now gets the new
 * user's notices, and nobody else's.
 */
export async function adoptPushDevice(): Promise<void> {
  if (!supported() || Notification.permission !== 'granted') return
  const current = await subscription()
  if (current) await tell(current)
}

/** Before a sign-out: the server stops sending this user's notices here (the subscription stays for the next). */
export async function releasePushDevice(): Promise<void> {
  if (!supported()) return
  const current = await subscription()
  if (current)
    await api.post('/api/push/unsubscribe', { endpoint: current.endpoint }, { json: true, silent: true })
}

function keyText(key: ArrayBuffer | null): string | undefined {
  if (!key) return undefined
  const bytes = String.fromCharCode(...new Uint8Array(key))
  return btoa(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
