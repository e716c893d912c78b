import type { FeedbackCategory, FeedbackItem, RecordPage } from '@tp/contracts/light'
import { api } from '../../../common/api-client.ts'

export const FEEDBACK_QUERY = 'feedback'

/** The user's own feedback, newest first; the screen shows its own failed state. */
export function fetchFeedback(page: number, limit: number, signal?: AbortSignal) {
  return api.get<RecordPage<FeedbackItem>>('/api/feedback/list', {
    query: { page, limit },
    silent: true,
    signal,
  })
}

export interface FeedbackForm {
  category: FeedbackCategory
  text: string
  contact_email: string
  app_version: string
  screen: string
}

/** Sends the form as JSON (line breaks kept); a refusal is the server's translated message as a toast. */
export function sendFeedback(form: FeedbackForm) {
  return api.postResult<FeedbackItem>('/api/feedback/send', { ...form }, { loading: true, json: true })
}
