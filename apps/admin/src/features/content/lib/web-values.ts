import { webAddress } from '@tp/contracts/light'

/** The address checks of the content forms; addresses and e-mails with the contracts' own rules. */

/** An absolute http(s) address: a website, a logo; never javascript: or data:. */
export const isWebAddress = (value: string): boolean => webAddress(value) !== undefined

/** A link in an article: http(s) or mailto, without spaces or control characters. */
export const isArticleLink = (value: string) =>
  // eslint-disable-next-line no-control-regex
  !/[\s\u0000-\u001f\u007f]/.test(value) && /^(https?:\/\/[^/\\]|mailto:[^/\\])/i.test(value)

/** An image in an article: http(s), or one of our own uploads. */
export const isArticleImage = (value: string) =>
  // eslint-disable-next-line no-control-regex
  !/[\s\u0000-\u001f\u007f]/.test(value) &&
  (/^https?:\/\/[^/\\]/i.test(value) || (value.startsWith('/api/common/upload/') && !value.includes('..')))

export { isPlainEmail } from '@tp/contracts/light'

/** A cover image: none, an http(s) address, or a path on our own host. */
export const isLogo = (logo: string) =>
  !logo || isWebAddress(logo) || (/^\/(?![/\\])\S*$/.test(logo) && !logo.includes('..'))
