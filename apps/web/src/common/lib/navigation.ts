/**
 * Navigation that code outside React (the API client on code 999) can use. The app registers the
 * router's navigate at start; before that, and in tests, a full page load is the fallback.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void

let navigateImpl: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to)
  else window.location.assign(to)
}

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options)
}

export const LOGIN_PATH = '/login'

/** The path and query the user is on, as `from` for the login screen. */
export function currentPath(): string {
  return window.location.pathname + window.location.search
}

/** `/login?from=<path>`; the login screen returns there after sign-in. */
export function loginPath(from?: string): string {
  if (!from || from === '/' || isLoginPath(from)) return LOGIN_PATH
  return `${LOGIN_PATH}?from=${encodeURIComponent(from)}`
}

export function isLoginPath(path: string): boolean {
  return path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}?`) || path.startsWith(`${LOGIN_PATH}/`)
}

// Control characters and whitespace: browsers strip tabs and newlines, so "/\t/evil.com" is "//evil.com".
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f\\]/

/**
 * The `from` query, only when it is a path on this site: it must start with one "/", never "//"
 * or "/\" (both mean another host to a browser), never a full URL. Anything else gives `fallback`,
 * so a crafted link cannot send a user elsewhere after sign-in (open-redirect guard).
 */
export function safeFrom(raw: string | null | undefined, fallback = '/'): string {
  if (!raw || raw[0] !== '/' || raw[1] === '/') return fallback
  if (UNSAFE_CHARACTERS.test(raw)) return fallback
  if (isLoginPath(raw)) return fallback
  return raw
}
