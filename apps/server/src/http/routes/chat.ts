import type { FastifyInstance } from 'fastify'
import {
  chatMessagesRequest,
  chatSendRequest,
  type ChatMessage,
  type ChatMessagePage,
  type ChatUnread,
} from '@tp/contracts'
import { markReadByUser, sendUserMessage, userMessages, userUnread } from '../../chat/user-chat.ts'
import { requireSession, sessionOf } from '../auth-guard.ts'
import { answer, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import { perUserRateLimited, type RouteDeps } from '../route-deps.ts'

/**
 * The support chat (docs/product.md "Chat"): the user sends over HTTP and hears every new message
 * of the conversation on the socket (CHAT). Signed-in users only; demo accounts too (customer
 * service is not one of the entries closed to them).
 */
export function chatRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const signedIn = { preHandler: requireSession(db, clock) }
  const sendLimit = { ...signedIn, config: perUserRateLimited('chat', deps.rateLimits.chat) }

  app.post('/api/chat/send', sendLimit, async (request) => {
    const body = parse(chatSendRequest, request.body)
    const outcome = await sendUserMessage(deps, sessionOf(request).userId, body)
    return answer<ChatMessage>(request, outcome, 'sent')
  })

  app.get('/api/chat/messages', signedIn, async (request) => {
    const { before_id, limit } = parse(chatMessagesRequest, request.query)
    const page = await userMessages(deps, sessionOf(request).userId, { beforeId: before_id, limit })
    return ok<ChatMessagePage>(request, page)
  })

  app.get('/api/chat/unread', signedIn, async (request) =>
    ok<ChatUnread>(request, { count: await userUnread(deps, sessionOf(request).userId) }),
  )

  app.post('/api/chat/read', signedIn, async (request) => {
    await markReadByUser(deps, sessionOf(request).userId)
    return ok(request, null)
  })
}
