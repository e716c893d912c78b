/**
 * Older links use hash routes, e.g. the invite link `{origin}/#/register?invite_code=X`. Returns
 * the path such a hash stands for, or null when the hash is not a route.
 */
export function hashRoutePath(hash: string): string | null {
  if (!hash.startsWith('#/')) return null
  const path = hash.slice(1)
  // "#//evil.com" would become a protocol-relative URL; only same-site paths are taken.
  if (path.startsWith('//') || path.startsWith('/\\')) return null
  return path
}

/** Before the router starts: turn `/#/register?x=1` into `/register?x=1` without a reload. */
export function applyHashRoute(): void {
  const path = hashRoutePath(window.location.hash)
  if (path !== null) window.history.replaceState(null, '', path)
}
