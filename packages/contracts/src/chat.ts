import { z } from 'zod'
import { integer } from './numbers.ts'
import { LINES } from './plain-text.ts'
import { MAX_PAGE_SIZE } from './trading.ts'
import { CHAT_TEXT_MAX, CHAT_PAGE_SIZE } from './light/chat.ts'
export * from './light/chat.ts'

/** Shapes of the support chat calls (issue 10; docs/product.md "Chat"). */

/**
 * Message text: a few lines of plain text (plain-text.ts; a tab becomes a space in a bubble
 * anyway), line breaks as newlines, trimmed, at most CHAT_TEXT_MAX characters.
 */
export const chatText = z
  .string()
  .transform((text) => text.replace(/\r\n?/g, '\n').trim())
  .refine((text) => text.length <= CHAT_TEXT_MAX && LINES.test(text))

/**
 * `POST /api/chat/send`: text, an image (the `data.url` that `image_upload` answered, or its id), or
 * both; at least one of them (the service refuses a message with neither).
 */
export const chatSendRequest = z.object({
  text: chatText.optional().default(''),
  image: z.string().trim().max(2000).optional().default(''),
})

/** `GET /api/chat/messages`: the page of messages older than `before_id` (none: the newest page). */
export const chatMessagesRequest = z.object({
  before_id: z.preprocess(
    (value) => (value === '' ? undefined : value),
    integer({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
  ),
  limit: integer({ min: 1, max: MAX_PAGE_SIZE }).default(CHAT_PAGE_SIZE),
})

/** A chat message as the user's client and the socket see it. */
export interface ChatMessage {
  id: number
  /** 1 the user, 2 staff. */
  sender: 1 | 2
  /** The staff member's name on staff replies, '' on the user's own messages. */
  staff_name: string
  text: string
  /** A freshly signed URL of the image, '' when the message has none. */
  image: string
  /** "YYYY-MM-DD HH:mm:ss", UTC, as every time on the wire. */
  created_at: string
}

/**
 * `GET /api/chat/messages` answer: one page, oldest to newest within it; `total` counts all of the
 * user's messages, and `has_more` says whether older ones exist before the first of `data`.
 */
export interface ChatMessagePage {
  data: ChatMessage[]
  total: number
  has_more: boolean
}

/** `GET /api/chat/unread`: staff messages the user has not read yet. */
export interface ChatUnread {
  count: number
}

/** Socket message to the user's signed-in sockets for every new message of their conversation. */
export interface ChatSocketMessage {
  type: 'CHAT'
  message: ChatMessage
}
