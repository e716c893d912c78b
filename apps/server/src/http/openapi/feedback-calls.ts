import {
  adminFeedbackListRequest,
  adminFeedbackUpdateRequest,
  feedbackIdParams,
  feedbackListRequest,
  feedbackSendRequest,
} from '@tp/contracts'
import type { Call } from './call.ts'
import { staff } from './staff-auth.ts'

/** The phone's feedback calls (issue 25, apps/server/src/http/routes/feedback.ts). */
export const PHONE_FEEDBACK_CALLS: Call[] = [
  {
    method: 'POST',
    path: '/api/feedback/send',
    summary: 'Send feedback (plain text; a few an hour per user, feedback_limit past them)',
    auth: 'session',
    body: feedbackSendRequest,
    answer: 'FeedbackItem',
  },
  {
    method: 'GET',
    path: '/api/feedback/list',
    summary: "Own feedback, newest first, with staff's status and answer",
    auth: 'session',
    query: feedbackListRequest,
    answer: 'RecordPage<FeedbackItem>',
  },
]

/** The back office's feedback calls (apps/server/src/http/admin/feedback-routes.ts). */
export const BACK_OFFICE_FEEDBACK_CALLS: Call[] = [
  {
    method: 'GET',
    path: '/admin/api/feedback',
    summary: "Users' feedback, newest first, by status and category",
    auth: staff('feedback.answer'),
    query: adminFeedbackListRequest,
    answer: 'RecordPage<AdminFeedbackItem>',
  },
  {
    method: 'POST',
    path: '/admin/api/feedback/{id}',
    summary: "Set a feedback's status and the answer its sender reads (audited)",
    auth: staff('feedback.answer'),
    params: feedbackIdParams,
    body: adminFeedbackUpdateRequest,
    answer: 'AdminFeedbackItem',
  },
]
