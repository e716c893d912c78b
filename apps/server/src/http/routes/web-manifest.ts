import type { FastifyInstance } from 'fastify'
import { getSetting } from '../../settings/settings.ts'
import type { RouteDeps } from '../route-deps.ts'

/** Colours of the installed app: the brand's navy for the status bar, the page background behind the splash. */
const THEME_COLOR = '#0b1f3a'
const BACKGROUND_COLOR = '#f3f5f9'

/**
 * The web app manifest, which makes the phone app installable. It is answered here rather than as a
 * static file so that the installed name is the site title staff set (a renamed broker, or `DEMO`).
 * The icons are static files of the web build (apps/web/public/icons).
 */
export function webManifestRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/manifest.webmanifest', async (_request, reply) => {
    const title = (await getSetting(deps.db, 'site_title')).trim() || 'Trade'
    const manifest = {
      name: title,
      short_name: title.length > 12 ? title.split(/\s+/)[0]?.slice(0, 12) || title.slice(0, 12) : title,
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    }
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(manifest))
  })
}
