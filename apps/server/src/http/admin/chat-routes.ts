import type { FastifyInstance, FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import {
  conversationListRequest,
  conversationMessagesRequest,
  conversationPathParams,
  staffReplyRequest,
} from '@tp/contracts'
import {
  closeConversation,
  conversationList,
  conversationMessages,
  markReadByStaff,
  staffReply,
} from '../../chat/staff-chat.ts'
import { saveStaffImage } from '../../chat/staff-image.ts'
import { audit } from '../../audit/audit.ts'
import { staffEvents } from '../../events/staff-events.ts'
import { answer, ok, sendRefusal } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { MULTIPART_LIMITS, readFilePart } from '../routes/uploads.ts'
import { actorOf, requireStaff, staffOf } from './staff-guard.ts'

/**
 * The support chat seen from the back office (issue 11, item 7): conversations with their unread
 * counts, a conversation's messages, replies (pushed to the user's sockets), read marks, closing.
 * Replies and closing are audited (the message's id and length, not its text: the conversation
 * itself keeps the text). Staff images for replies are uploaded first (`POST …/:userId/image`) and
 * named in the reply by their `upload_id`. Replies, read marks and closing are announced on the
 * staff's event stream (as a user's message is), so every open back office shows them at once.
 */
export function adminChatRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const guard = { preHandler: requireStaff(db, clock, 'chat.answer') }
  const userIdOf = (params: unknown) => parse(conversationPathParams, params).userId

  app.get('/admin/api/chat', guard, async (request) => {
    const query = parse(conversationListRequest, request.query)
    return answer(request, await conversationList(db, query))
  })

  app.get('/admin/api/chat/:userId/messages', guard, async (request) => {
    const userId = userIdOf(request.params)
    const { before_id: beforeId, limit } = parse(conversationMessagesRequest, request.query)
    return answer(
      request,
      await conversationMessages(deps, userId, { limit, ...(beforeId ? { beforeId } : {}) }),
    )
  })

  app.post('/admin/api/chat/:userId/reply', guard, async (request) => {
    const userId = userIdOf(request.params)
    const { text, upload_id: uploadId } = parse(staffReplyRequest, request.body)
    const staffName = staffOf(request).name
    const outcome = await staffReply(deps, { userId, staffName, text, ...(uploadId ? { uploadId } : {}) })
    if (outcome.ok)
      await audit(db, actorOf(request), {
        action: 'chat.reply',
        target: `user:${userId}`,
        after: {
          message_id: outcome.value.id,
          length: text.length,
          image: Boolean(uploadId),
          ...(uploadId ? { upload_id: uploadId } : {}),
        },
      })
    if (outcome.ok) staffEvents.emit('chat')
    return answer(request, outcome, 'sent')
  })

  app.post('/admin/api/chat/:userId/read', guard, async (request) => {
    const outcome = await markReadByStaff(deps, userIdOf(request.params))
    if (outcome.ok && outcome.value.marked > 0) staffEvents.emit('chat')
    return answer(request, outcome)
  })

  app.post('/admin/api/chat/:userId/close', guard, async (request) => {
    const userId = userIdOf(request.params)
    const outcome = await closeConversation(deps, userId)
    if (outcome.ok) {
      await audit(db, actorOf(request), { action: 'chat.close', target: `user:${userId}` })
      staffEvents.emit('chat')
    }
    return answer(request, outcome)
  })

  // Staff images, in a scope of their own: only upload calls accept multipart bodies.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS })
    staffImageRoute(scope, deps, guard.preHandler)
  })
}

/**
 * `POST /admin/api/chat/:userId/image` (multipart, one field `file`): an image for a reply to that
 * user, checked as the user's own uploads are (type by content, 5 MB, re-encoded) and owned by the
 * user (staff-image.ts), so only that conversation can show it. Audited as `chat.image` with the
 * upload's id: the upload row names the user, the audit row the staff member who sent it. Counted
 * per staff member against the upload rate limit.
 */
function staffImageRoute(
  app: FastifyInstance,
  deps: RouteDeps,
  preHandler: ReturnType<typeof requireStaff>,
): void {
  const { db, clock, uploads } = deps
  const limit = deps.rateLimits.upload
  const rateLimit = {
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `staff-upload:${request.staff?.staffId ?? request.ip}`,
  }
  app.post('/admin/api/chat/:userId/image', { preHandler, config: { rateLimit } }, async (request, reply) => {
    const userId = parse(conversationPathParams, request.params).userId
    const data = await readFilePart(request, reply)
    if (!data) return reply
    const saved = await saveStaffImage({ db, clock, uploads }, userId, staffOf(request).staffId, data)
    if (!saved.ok) return sendRefusal(reply, saved.reason === 'rate_limited' ? 429 : 200, saved.reason)
    await audit(db, actorOf(request), {
      action: 'chat.image',
      target: `user:${userId}`,
      after: { upload_id: saved.value.upload_id, bytes: data.length },
    })
    return ok(request, saved.value)
  })
}
