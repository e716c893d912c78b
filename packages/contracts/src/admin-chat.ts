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

/** A reply: text, or an image the user sent (staff uploads of their own come later), or both. */
export const staffReplyRequest = z.object({
  text: z
    .string()
    .max(CHAT_TEXT_MAX * 2)
    .default(''),
  upload_id: z.string().max(64).optional(),
})
