import type { FastifyInstance, FastifyReply } from 'fastify'
import { ResultCode } from '@tp/contracts'

/** A request slower than this is worth a line in the log at the default level. */
export const SLOW_REQUEST_MS = 1_000

/** Urls are logged up to this length: a fuzzer or attacker can send megabytes of query string. */
const LOGGED_URL_MAX_CHARS = 300

/**
 * One log line per request, at a level that says whether anyone should look: routine answers at
 * debug, refusals (4xx, or envelope code 0 under HTTP 200) and slow answers at info, 5xx at error.
 * Fastify's own two lines per request ("incoming request", "request completed") are turned off in
 * app.ts, because at info they drown everything else.
 */
export function registerRequestLogging(app: FastifyInstance): void {
  const refusals = new WeakMap<FastifyReply, string>()
  app.addHook('preSerialization', async (_request, reply, payload) => {
    const envelope = payload as { code?: unknown; reason?: unknown } | null
    if (envelope && envelope.code === ResultCode.FAIL) refusals.set(reply, String(envelope.reason ?? ''))
    return payload
  })
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode
    const ms = Math.round(reply.elapsedTime)
    const reason = refusals.get(reply)
    const line = {
      method: request.method,
      url: request.url.slice(0, LOGGED_URL_MAX_CHARS),
      status,
      ms,
      ip: request.ip,
      ...(reason !== undefined && { reason }),
    }
    if (status >= 500) request.log.error(line, 'request failed')
    else if (status >= 400 || reason !== undefined) request.log.info(line, 'request refused')
    else if (ms > SLOW_REQUEST_MS) request.log.info(line, 'slow request')
    else request.log.debug(line, 'request')
  })
}
