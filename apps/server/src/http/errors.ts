import type { FastifyError, FastifyInstance } from 'fastify'
import { sendRefusal } from './envelope.ts'
import { InvalidRequest } from './parse.ts'

/**
 * One place that turns every failure into the envelope: bad input 400, over-size 413, too many
 * requests 429, unknown API path 404, and a bug 500 with its details only in the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { reason?: string }, request, reply) => {
    if (error instanceof InvalidRequest) {
      return sendRefusal(
        reply,
        400,
        error.reason,
        error.reason === 'invalid_input' ? { field: error.field } : undefined,
      )
    }
    if (error.statusCode === 429) return sendRefusal(reply, 429, 'rate_limited')
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return sendRefusal(reply, 413, 'too_large')
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error.message, code: error.code }, 'bad request')
      return sendRefusal(
        reply,
        error.statusCode === 404 ? 404 : 400,
        error.statusCode === 404 ? 'not_found' : 'invalid_input',
        {
          field: 'body',
        },
      )
    }
    request.log.error({ err: error }, 'unhandled error')
    return sendRefusal(reply, 500, 'server_error')
  })
}
