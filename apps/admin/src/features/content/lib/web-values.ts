/** The address checks of the forms, as the server makes them (apps/server/src/services/web-values.ts). */

/** An absolute http(s) address: a website, a logo; never javascript: or data:. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** A link in an article: http(s) or mailto, without spaces or control characters. */
export const isArticleLink = (value: string) =>
  // eslint-disable-next-line no-control-regex
  !/[\s\u0000-\u001f\u007f]/.test(value) && /^(https?:\/\/[^/\\]|mailto:[^/\\])/i.test(value)

/** An image in an article: http(s), or one of our own uploads. */
export const isArticleImage = (value: string) =>
  // eslint-disable-next-line no-control-regex
  !/[\s\u0000-\u001f\u007f]/.test(value) &&
  (/^https?:\/\/[^/\\]/i.test(value) || (value.startsWith('/api/common/upload/') && !value.includes('..')))

/** A plain e-mail address: one @, a dot in the domain, no spaces, quotes or angle brackets. */
export const isPlainEmail = (value: string) => /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/.test(value)

/** A cover image: none, an http(s) address, or a path on our own host (as the server allows). */
export const isLogo = (logo: string) =>
  !logo || isWebAddress(logo) || (/^\/(?![/\\])\S*$/.test(logo) && !logo.includes('..'))
