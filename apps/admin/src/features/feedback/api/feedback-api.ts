import type { AdminFeedbackItem, FeedbackCategory, FeedbackStatus, RecordPage } from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'

export interface FeedbackQuery {
  page: number
  limit: number
  status?: FeedbackStatus | undefined
  category?: FeedbackCategory | undefined
  q?: string | undefined
}

export const feedbackApi = {
  /** Newest first, filtered by status, topic and text. */
  list: (query: FeedbackQuery, signal?: AbortSignal) =>
    api.get<RecordPage<AdminFeedbackItem>>('/feedback', { ...query }, signal),
  /** Sets the status and the answer the user reads; the server audits the change. */
  update: (id: number, change: { status: FeedbackStatus; answer: string }) =>
    api.post<AdminFeedbackItem>(`/feedback/${id}`, change),
}
