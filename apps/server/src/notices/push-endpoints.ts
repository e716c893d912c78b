/**
 * Which push services a subscription may name (issue 26, decision 044). The server sends a request
 * to a subscription's endpoint, which the client chose: without a list, a client could make the
 * server post to any address it can reach (an internal service, a cloud's metadata address). Only
 * https on a listed push service's host (or a subdomain of it) is accepted.
 */

/** The browsers' push services: Chrome, Edge and Android (FCM), Firefox, Safari, Windows. */
export const BROWSER_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
]

/** A policy: the endpoint accepted (normalised), or undefined. */
export type PushEndpointPolicy = (endpoint: string) => string | undefined

/**
 * The endpoints on the given hosts over https. `local` also allows plain http on exactly those
 * origins (a test's or a developer's own push service, `http://127.0.0.1:4567`), never by default.
 */
export function pushEndpointPolicy(
  hosts: readonly string[],
  local: readonly string[] = [],
): PushEndpointPolicy {
  return (endpoint) => {
    let url: URL
    try {
      url = new URL(endpoint)
    } catch {
      return undefined
    }
    if (url.username || url.password) return undefined
    if (local.includes(url.origin)) return url.href
    if (url.protocol !== 'https:' || url.port !== '') return undefined
    const host = url.hostname.toLowerCase()
    return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`)) ? url.href : undefined
  }
}

/** No push service at all: a server that sends no push (the benchmarks). */
export const NO_PUSH_SERVICES: PushEndpointPolicy = () => undefined
