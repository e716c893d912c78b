import type { FeedbackCategory, FeedbackItem, FeedbackStatus } from '@tp/contracts'
import type { feedback } from '../db/schema.ts'
import { wireTime } from '../trading/order-view.ts'

export type FeedbackRow = typeof feedback.$inferSelect

/** A stored feedback as its sender reads it: their text, staff's status and answer, never who answered. */
export function feedbackItem(row: FeedbackRow): FeedbackItem {
  return {
    id: row.id,
    category: row.category as FeedbackCategory,
    text: row.text,
    status: row.status as FeedbackStatus,
    answer: row.answer,
    answered_at: row.answeredAt ? wireTime(row.answeredAt.getTime()) : '',
    created_at: wireTime(row.createdAt.getTime()),
  }
}
