import type { FastifyInstance } from 'fastify'
import { openApiText } from './document.ts'

export const OPENAPI_PATH = '/api/openapi.json'

/** Serves the OpenAPI document to anyone, built once on the first call (it changes only with the code). */
export function openApiRoute(app: FastifyInstance): void {
  let text: string | undefined
  app.get(OPENAPI_PATH, async (_request, reply) => {
    text ??= openApiText()
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(text)
  })
}
