import type { FastifyInstance } from 'fastify'
import { feedbackListRequest, feedbackSendRequest, type FeedbackItem, type RecordPage } from '@tp/contracts'
import { announced } from '../../events/staff-events.ts'
import { ownFeedback, sendFeedback } from '../../feedback/user-feedback.ts'
import { requireSession, sessionOf } from '../auth-guard.ts'
import { answer, langOf, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'

/**
 * A feedback body: 2,000 characters of text (up to 4 bytes each in UTF-8, 6 as a JSON `\u` escape)
 * and a few short fields fit in 16 KB; anything larger is refused (`too_large`, 413) unread.
 */
const FEEDBACK_BODY_LIMIT_BYTES = 16 * 1024

/**
 * Feedback (issue 25; docs/product.md "/feedback"): a signed-in user sends it (demo accounts too,
 * their account is recorded) and reads their own with staff's status and answer. The limit of
 * sends per hour is the service's, counted in the database (user-feedback.ts).
 */
export function feedbackRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const signedIn = { preHandler: requireSession(db, clock) }

  app.post('/api/feedback/send', { ...signedIn, bodyLimit: FEEDBACK_BODY_LIMIT_BYTES }, async (request) => {
    const body = parse(feedbackSendRequest, request.body)
    const outcome = await sendFeedback(
      db,
      sessionOf(request).userId,
      langOf(request),
      {
        category: body.category,
        text: body.text,
        contactEmail: body.contact_email,
        appVersion: body.app_version,
        screen: body.screen,
      },
      clock(),
    ).then(announced('feedback'))
    return answer<FeedbackItem>(request, outcome, 'feedback_sent')
  })

  app.get('/api/feedback/list', signedIn, async (request) => {
    const page = parse(feedbackListRequest, request.query)
    return ok<RecordPage<FeedbackItem>>(request, await ownFeedback(db, sessionOf(request).userId, page))
  })
}
