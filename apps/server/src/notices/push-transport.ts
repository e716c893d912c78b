import webpush from 'web-push'
import type { VapidKeys } from './vapid-keys.ts'

/** A device's subscription: its push service's endpoint and the keys the message is encrypted to. */
export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/** What the push service said: taken, or the subscription is gone for good (the device left). */
export type PushResult = 'delivered' | 'gone'

/** Sends one encrypted message to one device. Throws when the push service fails otherwise (retry later). */
export interface PushTransport {
  /** The VAPID public key devices subscribe with (`GET /api/push/key`). */
  publicKey: string
  send(target: PushTarget, payload: string): Promise<PushResult>
}

/** How long a push service keeps a message for a device that is off (a day: later news is stale). */
const TTL_SECONDS = 24 * 60 * 60
const TIMEOUT_MS = 10_000

/**
 * Web push through the `web-push` library (encryption, RFC 8291; VAPID, RFC 8292), the request made
 * here with fetch: never following a redirect (the endpoint was checked, where it points to was not),
 * with a timeout, and over http too for a local push service in tests (web-push's own request is
 * https only). A 404 or 410 means the subscription is gone.
 */
export function webPushTransport(keys: VapidKeys, subject: string): PushTransport {
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        },
      )
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body as Buffer),
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      await response.arrayBuffer().catch(() => undefined)
      if (response.status === 404 || response.status === 410) return 'gone'
      if (response.status < 200 || response.status > 299)
        throw new Error(`push service answered ${response.status}`)
      return 'delivered'
    },
  }
}

/**
 * Who push services may contact about our messages (VAPID's `sub`): the app's https address, else
 * the sender address of its mail (`mailto:`). Apple refuses a localhost address.
 */
export function vapidSubject(publicUrl: string, mailFrom: string): string {
  const url = new URL(publicUrl)
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom
  return `mailto:${address.trim()}`
}
