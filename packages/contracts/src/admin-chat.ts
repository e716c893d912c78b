import { z } from 'zod'
import { CHAT_TEXT_MAX } from './chat.ts'
import { integer, serialId } from './numbers.ts'
import { pageRequest } from './trading.ts'

/** Shapes of the back office's support chat calls (issue 11, item 7). */

export const conversationListRequest = pageRequest.extend({
  /** 1 open, 2 closed; none: both. */
  status: integer({ min: 1, max: 2 }).optional(),
})

export const conversationPathParams = z.object({ userId: serialId })

export const conversationMessagesRequest = z.object({
  before_id: serialId.optional(),
  limit: integer({ min: 1, max: 100 }).default(30),
})

/**
 * A reply: text, an image (`upload_id` of an image the conversation's user sent, or of one staff
 * uploaded for this conversation with `POST /admin/api/chat/:userId/image`), or both.
 */
export const staffReplyRequest = z.object({
  text: z
    .string()
    .max(CHAT_TEXT_MAX * 2)
    .default(''),
  upload_id: z.string().max(64).optional(),
})

/** A conversation in the back office's list (`GET /admin/api/chat`, `data.data`). */
export interface ConversationSummary {
  user_id: number
  uid: string
  email: string
  is_demo: boolean
  /** 1 open, 2 closed. */
  status: number
  last_message_at: string
  /** '' while open. */
  closed_at: string
  /** The user's messages staff have not read. */
  unread: number
  /** The newest message: its text (or '' for an image alone), who wrote it and whether it has an image. */
  last_message: { id: number; sender: number; text: string; has_image: boolean; created_at: string } | null
}

/** `GET /admin/api/chat`: one page of conversations, most recent first. */
export interface ConversationList {
  data: ConversationSummary[]
  total: number
}

/**
 * `POST /admin/api/chat/:userId/image` (multipart, field `file`): the stored image, owned by that
 * user, to send as the reply's `upload_id`; `url` is signed for viewing it now.
 */
export interface StaffChatImage {
  upload_id: string
  url: string
}
