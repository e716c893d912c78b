import type { FastifyStaticOptions } from '@fastify/static'

/** A year: what browsers and proxies may keep a file whose name changes with its content. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * How long a built file may be cached. Vite's `assets/` names carry a hash of their content, so a
 * new build gives new names: cached for good. Pages (and anything else under a fixed name) are
 * revalidated every time, so a new version reaches the phone at its next start.
 */
export function cacheControlFor(path: string): string {
  return /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : 'no-cache'
}

/**
 * What every client folder is served with: the build's brotli or gzip copies when the browser
 * takes them (written at build time, `build/vite-precompress.ts`), our own Cache-Control, and
 * no dotfiles (`.vite/manifest.json` maps the sources; nobody outside needs it).
 */
export const STATIC_FILE_OPTIONS = {
  wildcard: false,
  preCompressed: true,
  dotfiles: 'ignore',
  cacheControl: false,
  setHeaders: (reply, path) => {
    reply.header('cache-control', cacheControlFor(path))
  },
} satisfies Partial<FastifyStaticOptions>
