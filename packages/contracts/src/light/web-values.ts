/**
 * Checks of the addresses staff type into settings and content: one definition of each, for the
 * server that stores them and the back office's forms that check them before saving.
 */

/** An absolute http(s) address as the URL parser writes it, or undefined (javascript:, data:, junk). */
export function webAddress(value: string): string | undefined {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** A plain e-mail address: one @, a dot in the domain, no spaces, quotes or angle brackets. */
export const isPlainEmail = (value: string) => /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/.test(value)
