/**
 * `value` as a web address (resolved against `base` when given), or null when it is not one: only
 * http(s) is ever followed, framed, opened or linked, so a setting or a record can never run
 * script through a javascript: (or data:, vbscript:) address.
 */
export function webUrl(value: string, base?: string): URL | null {
  try {
    const url = new URL(value, base)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}
