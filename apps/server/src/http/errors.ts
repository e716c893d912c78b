import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance } from 'fastify'
import { DEFAULT_LANGUAGE, type Reason } from '@tp/contracts'
import { refusalEnvelope, sendRefusal } from './envelope.ts'
import { InvalidRequest } from './parse.ts'
import { isDatabaseUnreachable } from '../db/pg-errors.ts'

/**
 * One place that turns every failure into the envelope. Bad input is a refusal like any other: HTTP
 * 200 with code 0 and the translated message naming the field, as the API family's backend answers
 * (its clients take any other status for a broken connection: docs/wire.md, decision 035). The limits
 * keep their statuses, over-size 413 and too many requests 429; an unknown API path 404; a database
 * that cannot be reached for a moment 503 (`service_unavailable`); a bug 500 with its details only in
 * the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { reason?: string }, request, reply) => {
    if (error instanceof InvalidRequest) {
      return sendRefusal(
        reply,
        200,
        error.reason,
        error.reason === 'invalid_input' ? { field: error.field } : undefined,
      )
    }
    if (error.statusCode === 429) return sendRefusal(reply, 429, 'rate_limited')
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return sendRefusal(reply, 413, 'too_large')
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // The refusal itself is logged at info by the request log; the parser's detail is for debugging.
      request.log.debug({ err: error.message, code: error.code }, 'bad request')
      return sendRefusal(
        reply,
        error.statusCode === 404 ? 404 : 200,
        error.statusCode === 404 ? 'not_found' : 'invalid_input',
        {
          field: 'body',
        },
      )
    }
    // The database is away for a moment (a restart, a failover): nothing was done; try again soon.
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: (error as Error).message }, 'database unreachable')
      return sendRefusal(reply, 503, 'service_unavailable')
    }
    request.log.error({ err: error }, 'unhandled error')
    return sendRefusal(reply, 500, 'server_error')
  })
}

/** Node's HTTP parser errors that get an answer (any other client error gets 400). */
const CLIENT_ERRORS: Record<string, { status: number; text: string; reason: Reason }> = {
  // A request line or headers over Node's 16 KB limit: a huge query string, say.
  HPE_HEADER_OVERFLOW: { status: 431, text: 'Request Header Fields Too Large', reason: 'too_large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, text: 'Request Timeout', reason: 'invalid_input' },
}

/**
 * Fastify's `clientErrorHandler`: requests that Node cannot parse never reach a route or the error
 * handler, and Fastify's default answer is not the envelope. This one is; its language is the
 * default, since the headers that would choose another were not read.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const known = error.code !== undefined ? CLIENT_ERRORS[error.code] : undefined
  const { status, text, reason } = known ?? {
    status: 400,
    text: 'Bad Request',
    reason: 'invalid_input' as const,
  }
  if (socket.writable) {
    const body = JSON.stringify(refusalEnvelope(DEFAULT_LANGUAGE, reason))
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n` +
        `Connection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}
