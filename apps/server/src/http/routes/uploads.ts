import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import { MAX_UPLOAD_BYTES } from '../../uploads/image.ts'
import { requireRealAccount, sessionOf } from '../auth-guard.ts'
import { ok, sendRefusal } from '../envelope.ts'
import { perUserRateLimited, type RouteDeps } from '../route-deps.ts'

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** One image and nothing much else: a bigger or busier multipart body is refused while it streams. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 1024,
  parts: 5,
  headerPairs: 20,
}

/**
 * The upload calls, in a scope of their own: only they accept multipart bodies, so every other
 * route keeps refusing them.
 */
export async function registerUploads(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS })
    uploadRoutes(scope, deps)
  })
}

function uploadRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock, uploads } = deps
  const perUser = perUserRateLimited('upload', deps.rateLimits.upload)

  app.post(
    '/api/common/image_upload',
    { preHandler: requireRealAccount(db, clock), config: perUser },
    async (request, reply) => {
      const data = await readFilePart(request, reply)
      if (!data) return reply
      const saved = await uploads.save(db, sessionOf(request).userId, data, clock())
      if (!saved.ok) return sendRefusal(reply, saved.reason === 'rate_limited' ? 429 : 200, saved.reason)
      return ok(request, saved.value)
    },
  )

  app.get('/api/common/upload/:id', async (request, reply) => {
    const params = request.params as Record<string, unknown>
    const query = request.query as Record<string, unknown>
    const nowMs = clock().getTime()
    const link = { id: text(params.id), expires: text(query.expires), sig: text(query.sig) }
    const opened = await uploads.open(db, link, nowMs)
    if (!opened.ok) return sendRefusal(reply, opened.reason === 'not_found' ? 404 : 403, opened.reason)
    const maxAgeSeconds = Math.max(0, Math.floor((opened.value.expiresMs - nowMs) / 1000))
    return reply
      .type(opened.value.contentType)
      .header('cache-control', `private, max-age=${maxAgeSeconds}`)
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(opened.value.bytes)
  })
}

/**
 * The bytes of the one file field `file`, or undefined once a refusal has been sent: no such field
 * (200, code 0), a file over the multipart limit (413), or a body the multipart parser cannot read (200, code 0).
 */
export async function readFilePart(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Buffer | undefined> {
  try {
    const part = await request.file()
    if (!part || part.fieldname !== 'file') {
      part?.file.resume() // drained, so the rest of the request is read and dropped
      sendRefusal(reply, 200, 'invalid_input', { field: 'file' })
      return undefined
    }
    const data = await part.toBuffer()
    // toBuffer only throws when a chunk arrives after the limit was hit: a file cut exactly at a
    // chunk boundary comes back whole-looking at MAX_UPLOAD_BYTES, marked truncated.
    if (part.file.truncated) {
      sendRefusal(reply, 413, 'upload_too_large')
      return undefined
    }
    return data
  } catch (error) {
    const { code, statusCode } = error as { code?: string; statusCode?: number }
    if (code === 'FST_REQ_FILE_TOO_LARGE') sendRefusal(reply, 413, 'upload_too_large')
    // The plugin's own refusals (not multipart, too many parts) carry their status: the error
    // handler answers them. Busboy's carry none: a body cut short or broken is the client's fault.
    else if (statusCode !== undefined) throw error
    else sendRefusal(reply, 200, 'invalid_input', { field: 'body' })
    return undefined
  }
}
