/**
 * Paths that existing clients of the API family call under another name for the same call
 * (docs/wire.md). Rewritten before routing, so the alias is the very route it names: the same
 * handler, checks and rate-limit counts (an alias is no way round a limit).
 */
export const URL_ALIASES: Readonly<Record<string, string>> = {
  // The Vue 3 app's sign-in.
  '/api/user/login': '/api/user/loginForU',
}

/** Fastify's `rewriteUrl`: the URL with an aliased path replaced, its query string kept. */
export function rewriteAlias(url: string | undefined): string {
  const whole = url ?? '/'
  const queryAt = whole.indexOf('?')
  const path = queryAt === -1 ? whole : whole.slice(0, queryAt)
  const target = URL_ALIASES[path.endsWith('/') && path.length > 1 ? path.slice(0, -1) : path]
  return target === undefined ? whole : target + (queryAt === -1 ? '' : whole.slice(queryAt))
}
