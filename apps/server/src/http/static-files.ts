import type { FastifyStaticOptions } from '@fastify/static'

/** A year: what browsers and proxies may keep a file whose name changes with its content. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * The service worker and what it loads (vite-plugin-pwa's `sw.js` and `workbox-*.js`), and the app
 * shell's script: the browser must ask for them every time, or a phone keeps an old worker (and an
 * old app) for as long as an HTTP cache would allow.
 */
const ALWAYS_REVALIDATED = /[\\/](sw\.js|workbox-[\w-]+\.js|app-shell\.js)$/

/**
 * How long a built file may be cached. Vite's `assets/` names carry a hash of their content, so a
 * new build gives new names: cached for good. Pages, the service worker and anything else under a
 * fixed name are revalidated every time, so a new version reaches the phone at its next start.
 */
export function cacheControlFor(path: string): string {
  if (ALWAYS_REVALIDATED.test(path)) return 'no-cache'
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
