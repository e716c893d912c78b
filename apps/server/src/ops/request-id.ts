import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/** What a request id the caller sends may be: a plain token, short enough to log as it is. */
const PLAIN_ID = /^[A-Za-z0-9._:-]{1,64}$/

/**
 * The id of a request, in every log line of it and answered in `x-request-id`: the one the caller
 * (a load balancer) sent, when it is a plain token, else a new UUID. Nothing else of the header is
 * believed: it cannot put text of its own in the logs.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && PLAIN_ID.test(given) ? given : randomUUID()
}
