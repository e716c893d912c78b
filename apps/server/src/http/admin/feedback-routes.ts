import type { FastifyInstance } from 'fastify'
import {
  adminFeedbackListRequest,
  adminFeedbackUpdateRequest,
  feedbackIdParams,
  type AdminFeedbackItem,
  type RecordPage,
} from '@tp/contracts'
import { announced } from '../../events/staff-events.ts'
import { feedbackList, updateFeedback } from '../../staff/feedback/feedback-admin.ts'
import { answer, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { actorOf, requireStaff } from './staff-guard.ts'

/**
 * Users' feedback in the back office (issue 25): the list with its filters, and a feedback's status
 * and answer, set by support (and admins). Every change is audited in its own transaction
 * (`feedback.update`, staff/feedback/feedback-admin.ts).
 */
export function adminFeedbackRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const guard = { preHandler: requireStaff(db, clock, 'feedback.answer') }

  app.get('/admin/api/feedback', guard, async (request) => {
    const query = parse(adminFeedbackListRequest, request.query)
    return ok<RecordPage<AdminFeedbackItem>>(request, await feedbackList(db, query))
  })

  app.post('/admin/api/feedback/:id', guard, async (request) => {
    const { id } = parse(feedbackIdParams, request.params)
    const change = parse(adminFeedbackUpdateRequest, request.body)
    // Announced so that every open back office's count of new feedback follows at once.
    const outcome = await updateFeedback(db, actorOf(request), id, change, clock()).then(
      announced('feedback'),
    )
    return answer<AdminFeedbackItem>(request, outcome, 'saved')
  })
}
