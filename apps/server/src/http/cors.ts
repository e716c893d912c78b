import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'

/** The public API families that browsers on other origins call (docs/wire.md "Origins"). */
const isPublicApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/v1/')

/** What existing clients send: the token, the language, form or JSON bodies, and submit's retry key. */
const ALLOWED_HEADERS = ['authorization', 'lang', 'content-type', 'idempotency-key']
const ALLOWED_METHODS = ['GET', 'POST', 'DELETE', 'OPTIONS']

/** Browsers may reuse a preflight answer this long (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600

/**
 * CORS for /api and /v1 only: the back office (/admin/api) and the pages stay same-origin. The
 * headers are set on request, before rate limits and parsing, so refusals carry them too and the
 * calling page can read their envelope. No cookies are involved, so credentials are never allowed.
 */
export async function registerCors(app: FastifyInstance, origins: '*' | string[]): Promise<void> {
  const publicApi = {
    origin: origins,
    methods: ALLOWED_METHODS,
    allowedHeaders: ALLOWED_HEADERS,
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    // A preflight without Origin is harmless; answering it beats a bare text 400 outside the envelope.
    strictPreflight: false,
  }
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request, callback) =>
      callback(null, isPublicApiPath(request.url) ? publicApi : { origin: false }),
  })
}
