import type { ChatMessage, ChatSocketMessage } from '@tp/contracts'
import type { chatMessages } from '../db/schema.ts'
import { userTopic } from '../trading/account-push.ts'
import { wireTime } from '../trading/order-view.ts'
import type { ChatDeps } from './deps.ts'

export type ChatMessageRow = typeof chatMessages.$inferSelect

/** A stored message as clients see it; an image gets a URL signed now (stored URLs would expire). */
export function chatMessageView(deps: Pick<ChatDeps, 'uploads' | 'clock'>, row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    sender: row.sender === 2 ? 2 : 1,
    staff_name: row.staffName,
    text: row.text,
    image: row.uploadId ? deps.uploads.signedUploadUrl(row.uploadId, deps.clock().getTime()) : '',
    created_at: wireTime(row.createdAt.getTime()),
  }
}

/**
 * Sends a new message to the user's signed-in sockets (their own messages too: their other devices
 * show them). Keyed by the message id, so a congested socket keeps every message, not the latest.
 */
export function pushChatMessage(deps: Pick<ChatDeps, 'topics'>, userId: number, message: ChatMessage): void {
  const frame: ChatSocketMessage = { type: 'CHAT', message }
  deps.topics.publish(userTopic(userId), `CHAT:${message.id}`, frame)
}
