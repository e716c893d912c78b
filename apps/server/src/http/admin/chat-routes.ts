import type { FastifyInstance } from 'fastify'
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
import { audit } from '../../staff/audit.ts'
import { answer } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { actorOf, requireStaff, staffOf } from './staff-guard.ts'

/**
 * The support chat seen from the back office (issue 11, item 7): conversations with their unread
 * counts, a conversation's messages, replies (pushed to the user's sockets), read marks, closing.
 * Replies and closing are audited (the message's id and length, not its text: the conversation
 * itself keeps the text).
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
        after: { message_id: outcome.value.id, length: text.length, image: Boolean(uploadId) },
      })
    return answer(request, outcome, 'sent')
  })

  app.post('/admin/api/chat/:userId/read', guard, async (request) =>
    answer(request, await markReadByStaff(deps, userIdOf(request.params))),
  )

  app.post('/admin/api/chat/:userId/close', guard, async (request) => {
    const userId = userIdOf(request.params)
    const outcome = await closeConversation(deps, userId)
    if (outcome.ok) await audit(db, actorOf(request), { action: 'chat.close', target: `user:${userId}` })
    return answer(request, outcome)
  })
}
