import { ChatSender, type ChatMessage, type ChatMessagePage } from '@tp/contracts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { uploadIdFrom, uploadOwnedBy } from '../uploads/uploads.ts'
import { conversationPage, markRead, storeAndPush, unreadCount } from './conversation.ts'
import type { ChatDeps } from './deps.ts'
import { staffEvents } from '../events/staff-events.ts'

/** What the user's client sends: text (already trimmed and checked by the request schema), an image. */
export interface UserChatInput {
  text: string
  /** The URL image_upload answered (or the bare upload id); '' for none. */
  image: string
}

/**
 * A message from the user to support: an image must be one of the user's own uploads
 * (`image_invalid` otherwise), and a message needs text or an image.
 */
export async function sendUserMessage(
  deps: ChatDeps,
  userId: number,
  input: UserChatInput,
): Promise<Outcome<ChatMessage>> {
  let uploadId: string | null = null
  if (input.image !== '') {
    const id = uploadIdFrom(input.image)
    if (!id || !(await uploadOwnedBy(deps.db, id, userId))) return refuse('image_invalid')
    uploadId = id
  }
  if (input.text === '' && uploadId === null) return refuse('invalid_input', { field: 'text' })
  const message = await storeAndPush(deps, {
    userId,
    sender: ChatSender.User,
    staffName: '',
    text: input.text,
    uploadId,
  })
  staffEvents.emit('chat')
  return accept(message)
}

/** The user's own conversation, a page at a time (see conversationPage). */
export function userMessages(
  deps: ChatDeps,
  userId: number,
  page: { beforeId?: number; limit: number },
): Promise<ChatMessagePage> {
  return conversationPage(deps, userId, page)
}

/** Staff replies the user has not read: the badge on /user. */
export function userUnread(deps: Pick<ChatDeps, 'db'>, userId: number): Promise<number> {
  return unreadCount(deps.db, userId, ChatSender.Staff)
}

/** The user has seen the conversation: every staff reply so far is read. */
export function markReadByUser(deps: Pick<ChatDeps, 'db' | 'clock'>, userId: number): Promise<number> {
  return markRead(deps.db, userId, ChatSender.Staff, deps.clock())
}
