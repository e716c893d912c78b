import { webUrl } from '../../../common/lib/web-address.ts'

/** Who the chat is for: docs/product.md "client id (user uid) and metadata (name, e-mail)". */
export interface ChatClient {
  uid: string
  email: string | null
  lang: string
}

/**
 * The address of the customer-service chat: the service link (relative links resolved against this
 * site) with `client_id`, `name`, `email` and `lang` added to its query. Undefined when the link is
 * empty or not a web address (a `javascript:` link must never reach a frame or a new window).
 */
export function chatAddress(link: string, origin: string, client: ChatClient): string | undefined {
  if (link.trim() === '') return undefined
  const url = webUrl(link.trim(), origin)
  if (!url) return undefined
  url.searchParams.set('client_id', client.uid)
  // A demo account has no e-mail; the chat still needs a name to show staff.
  url.searchParams.set('name', client.email || 'Demo')
  url.searchParams.set('email', client.email ?? '')
  url.searchParams.set('lang', client.lang)
  return url.toString()
}

/** docs/product.md: service_link_type 2 shows a copyable link, 3 opens outside the app, otherwise a frame. */
export type ChatMode = 'frame' | 'copy' | 'external'
export function chatMode(linkType: number | undefined): ChatMode {
  if (linkType === 2) return 'copy'
  if (linkType === 3) return 'external'
  return 'frame'
}

/** Opens the chat outside the app, with no handle back to this page. */
export function openOutside(address: string): void {
  window.open(address, '_blank', 'noopener,noreferrer')
}
